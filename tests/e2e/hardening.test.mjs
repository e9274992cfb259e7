// End-to-end (issue 11): the wasm packages' exported functions check the
// JS type of every argument. A wrong type (a number, an object, a boolean,
// a BigInt, a symbol, a function...) is a TongiakiError with the right code,
// never "memory access out of bounds", and the module stays usable: after
// every bad call, a whole game is played with it. Both packages: the page's
// (window.tongiakiApp.Game) and the bots' (loadBots(): botAction,
// botDecision too). Bot budgets past the cap are refused at once, naming the
// cap. ?lang=__proto__ is not a language.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, BASE_URL } from "./lib/browser.mjs";
import { ready } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

for (const which of ["page", "bots"]) {
  test(`every exported function of the ${which === "page" ? "page's" : "bots'"} package refuses wrong argument types with a TongiakiError and the module lives on`, async () => {
    const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
    await ready(page);
    const report = await page.evaluate(async (which) => {
      const bots = which === "bots";
      const Game = bots ? await window.tongiakiApp.loadBots() : window.tongiakiApp.Game;
      if (!bots && ["botAction", "botDecision", "voyageOdds"].some((f) => f in Game.prototype)) throw new Error("the page's package has bots");
      const weird = () => [123, 0, -1, 1.5, NaN, Infinity, true, false, null, undefined, {}, [], [1, 2], "", "x".repeat(100000), 10n, Symbol("s"), () => 1, new Date(0), new Uint8Array(4)];
      const fresh = () => new Game({ players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }], seed: 5 });
      let n = 0;
      // A whole game, random legal moves: the module still works.
      const playThrough = (seed) => {
        const g = new Game({ players: [{}, {}, {}], seed });
        let steps = 0;
        let x = seed * 2654435761;
        const rand = (k) => {
          x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
          return ((x >>> 0) % k);
        };
        for (;;) {
          const legal = g.legalActions();
          if (legal.length === 0) break;
          g.apply(legal[rand(legal.length)]);
          if (++steps > 20000) throw new Error("a game did not end");
        }
        const over = g.snapshot().phase === "over";
        g.free();
        return over;
      };
      const out = { calls: 0, refused: 0, crashes: [], games: 0, codes: {} };
      const expect = (what, codes, f) => {
        out.calls++;
        try {
          f();
          out.crashes.push(`${what}: accepted`);
        } catch (e) {
          const ok = e instanceof Error && codes.includes(e.code) && typeof e.message === "string" && e.message.length > 5 && e.message.length < 400;
          if (ok) out.refused++;
          else out.crashes.push(`${what}: ${e && e.name}: ${e && e.code}: ${String(e && e.message).slice(0, 120)}`);
          out.codes[e && e.code] = (out.codes[e && e.code] || 0) + 1;
        }
        if (!playThrough(++n)) out.crashes.push(`${what}: the next game did not finish`);
        else out.games++;
      };
      const g = fresh();
      const before = JSON.stringify(g.snapshot());
      for (const v of weird()) {
        const name = typeof v === "symbol" ? "symbol" : typeof v === "bigint" ? `${v}n` : typeof v === "function" ? "function" : String(JSON.stringify(v)).slice(0, 20);
        if (typeof v !== "string") expect(`Game.load(${name})`, ["bad_save"], () => Game.load(v));
        expect(`new Game(${name})`, ["bad_options"], () => new Game(v));
        expect(`apply(${name})`, ["malformed_action"], () => g.apply(v));
        if (!bots) continue;
        if (typeof v !== "string") expect(`botAction(${name}, 1)`, ["bad_options"], () => g.botAction(v, 1));
        if (typeof v !== "number" || !Number.isInteger(v) || v < 0) expect(`botAction("random", ${name})`, ["bad_options"], () => g.botAction("random", v));
        // (undefined, null and any non-array object without budget fields mean "the default budget")
        if (v !== null && v !== undefined && !(typeof v === "object" && !Array.isArray(v))) {
          expect(`botDecision("search", 1, ${name})`, ["bad_options"], () => g.botDecision("search", 1, v));
        }
      }
      expect("Game.load('')", ["bad_save"], () => Game.load(""));
      out.unchanged = JSON.stringify(g.snapshot()) === before;
      out.legalAfter = g.legalActions().length;
      if (!bots) return out;
      // Budgets past the cap: refused at once (each used to run for over 15 s).
      const t0 = performance.now();
      for (const [kind, budget] of [
        ["search:4294967295", undefined],
        ["search:infms", undefined],
        ["search", { millis: 1e12 }],
        ["search", { iterations: 1e7 }],
        ["search", { iterations: Infinity }],
        ["search", { millis: "10" }],
      ]) {
        expect(`botAction(${kind}, ${JSON.stringify(budget)})`, ["bad_options"], () => g.botAction(kind, 1, budget));
      }
      const capMessage = (() => {
        try {
          g.botAction("search", 1, { iterations: 1e7 });
        } catch (e) {
          return e.message;
        }
      })();
      out.capMillis = performance.now() - t0;
      out.capMessage = capMessage;
      out.unchanged = JSON.stringify(g.snapshot()) === before;
      // The table itself still plays.
      out.legalAfter = g.legalActions().length;
      return out;
    }, which);
    console.log(`hardening (${which}): ${report.calls} bad calls, ${report.refused} refused with the right code, ${report.games} games played after them, codes ${JSON.stringify(report.codes)}`);
    assert.deepEqual(report.crashes, []);
    assert.equal(report.refused, report.calls);
    assert.equal(report.games, report.calls);
    assert.ok(report.calls > (which === "bots" ? 80 : 50), `${report.calls} calls`);
    assert.ok(report.unchanged, "the game is unchanged by refused calls");
    assert.ok(report.legalAfter > 0);
    if (which === "bots") assert.match(report.capMessage, /10000/);
    assert.deepEqual(errors, []);
  });
}

test("?lang=__proto__ (or constructor, toString) is not a language", async () => {
  for (const id of ["__proto__", "constructor", "toString"]) {
    const { page, errors } = await openPage(browser.context, `${BASE_URL}?lang=${id}&new`);
    await ready(page);
    const got = await page.evaluate(() => ({ lang: window.tongiakiApp.language(), html: document.documentElement.lang, stored: localStorage.getItem("tongiaki.language") }));
    assert.equal(got.lang, "en", id);
    assert.equal(got.html, "en", id);
    assert.notEqual(got.stored, id, id);
    assert.deepEqual(errors, [], id);
  }
});
