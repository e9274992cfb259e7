// The review of a finished game and the hint (issue 32), in headless
// Chromium: a finished game → "Review the game" in the ranking dialog →
// progress in the bots' worker, the board still drawing → the chart (a line
// per player), the players' lines, the costly moves; a costly move opens the
// replay there and the board draws the better move; stepping through the
// game reviews each move; Stop leaves the review so far. The hint: off by
// default; on, during a local game against a bot, it draws the strongest
// bot's move with its sentence, and the review counts it. Screenshots
// (desktop and 390x844) go to test-artifacts/.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1440, height: 900 } });
});
after(async () => {
  await browser.close();
});

/** The review's budget in these tests: the smallest (the figures' quality is the engine tests' business). */
const FEW = 32;

/** A whole game of greedy bots (the bots' package, in the page), as options and actions. */
function wholeGame(page, players, seed) {
  return page.evaluate(
    async ({ players, seed }) => {
      const Game = await window.tongiakiApp.loadBots();
      const options = { players: players.map((name) => ({ name })), seed };
      const g = new Game(options);
      const actions = [];
      for (let i = 0; i < 5000 && g.legalActions().length; i++) {
        const legal = g.legalActions();
        // greedy players, but the last seat plays its first choice: mistakes to find
        const a = g.snapshot().current === players.length - 1 && legal.length > 1 ? legal[0] : g.botAction("greedy", i, undefined);
        actions.push(a);
        g.apply(a);
      }
      const over = g.snapshot().phase === "over";
      g.free();
      return { options, actions, over };
    },
    { players, seed },
  );
}

/** A page with the finished game `game` on the table (every seat a person), the ranking dialog open. */
async function finished(game, viewport) {
  const { page, errors } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  if (viewport) await page.setViewportSize(viewport);
  await ready(page);
  await page.evaluate((game) => {
    const app = window.tongiakiApp;
    app.setSpeed(0);
    app.newGame({ ...game.options, seats: game.options.players.map(() => "human") });
    for (const a of game.actions) app.apply(a);
  }, game);
  await idle(page);
  await page.waitForSelector("#ranking-dialog[open]");
  return { page, errors };
}

/** The colour of the board's canvas at CSS point p (r, g, b). */
function pixel(page, p) {
  return page.evaluate((p) => {
    const c = document.querySelector("#board");
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const d = c.getContext("2d").getImageData(Math.round((p.x - r.left) * k), Math.round((p.y - r.top) * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, p);
}

test("a finished game → the review: chart, players, costly moves drawn, stepping through", async () => {
  const { page: finder, errors: e0 } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(finder);
  const game = await wholeGame(finder, ["Ana", "Bo", "Cy"], 21);
  await finder.close();
  assert.ok(game.over, "the game ended");
  assert.deepEqual(e0, []);

  const { page, errors } = await finished(game);
  assert.equal(await page.isDisabled("#review"), false, "the tool bar's Review is on once the game is over");
  await page.evaluate((n) => window.tongiakiApp.review.configure({ iterations: n }), FEW);
  await page.click("#ranking-review");
  assert.equal(await page.evaluate(() => document.querySelector("#ranking-dialog").open), false);
  // progress, in the worker, while the board keeps drawing
  await page.waitForSelector("#review-panel:not([hidden]) #review-progress");
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let n = 0;
        const t0 = performance.now();
        const tick = () => {
          n += 1;
          if (performance.now() - t0 < 1000) requestAnimationFrame(tick);
          else resolve(n);
        };
        requestAnimationFrame(tick);
      }),
  );
  assert.ok(frames > 20, `the page keeps drawing while the review runs (${frames} frames in 1 s)`);
  await page.waitForFunction(() => window.tongiakiApp.review.state().status === "done", null, { timeout: 240000 });
  const st = await page.evaluate(() => window.tongiakiApp.review.state());
  assert.equal(st.worker, true, "reviewed in the bots' worker");
  const review = st.review;
  assert.equal(review.moves, game.actions.length);
  assert.equal(review.players.length, 3);

  // the chart: a line per player, the costly moves numbered on it
  const lines = await page.$$eval("#review-chart path.line", (ps) => ps.map((p) => p.getAttribute("d").split("L").length));
  assert.equal(lines.length, 3);
  assert.ok(lines.every((n) => n > 10), `a point per move reviewed: ${lines}`);
  const players = await page.$$eval(".review-players li", (ls) => ls.map((l) => l.textContent));
  assert.equal(players.length, 3);
  assert.match(players[0], /^ ?Ana: lost \d\.\d\d wins to choices, (\d\.\d\d to the cards|gained \d\.\d\d from the cards)\./);
  const costly = await page.$$eval(".review-costly button", (bs) => bs.map((b) => ({ n: Number(b.dataset.n), text: b.textContent })));
  assert.ok(costly.length >= 1, "a costly move (the last seat plays its first choice)");
  for (const c of costly) assert.match(c.text, /Move \d+ · (Ana|Bo|Cy).*−\d\.\d\d wins: \d+% to win instead of \d+%/);
  await page.evaluate(() => window.tongiakiApp.drawNow());
  await screenshot(page, "review-desktop");

  // a costly move: the replay opens there, the board draws the better move
  await page.click(`.review-costly button[data-n="${costly[0].n}"]`);
  await page.waitForFunction((n) => window.tongiakiApp.replayState()?.k === n, costly[0].n);
  await page.evaluate(() => window.tongiakiApp.drawNow());
  const drawn = await page.evaluate(() => window.tongiakiApp.review.drawn());
  const d = review.decisions.find((x) => x.n === costly[0].n);
  assert.deepEqual(drawn.best, d.best, "the better move is drawn");
  assert.deepEqual(drawn.played, d.action, "and the move played");
  const at = await page.evaluate(() => window.tongiakiApp.review.drawnPoints());
  const [r, g, b] = await pixel(page, at.best);
  assert.ok(g > r + 30 && g > b, `green where the better move is drawn: ${[r, g, b]} at ${JSON.stringify(at.best)}`);
  const here = await page.textContent("#review-here");
  assert.match(here, new RegExp(`Move ${costly[0].n + 1} · `));
  assert.match(here, /Better: /);
  assert.ok(await page.$("#review-cursor"), "the chart shows where the replay is");
  await screenshot(page, "review-costly-desktop");

  // stepping through: the replay bar moves, the panel follows
  await page.click("#replay-first");
  await page.waitForFunction(() => window.tongiakiApp.replayState()?.k === 0);
  assert.match(await page.textContent("#review-here"), /^Move 1 · Ana: /);
  for (let k = 1; k <= 3; k++) {
    await page.click("#replay-forward");
    await page.waitForFunction((k) => window.tongiakiApp.replayState()?.k === k, k);
    const text = await page.textContent("#review-here");
    assert.match(text, new RegExp(`^Move ${k + 1} · `), text);
    assert.match(text, /The best move here|Better: |No choice here/);
  }
  // the luckiest reveal: the replay goes there
  const lucky = await page.$(".review-luckiest");
  if (lucky) {
    const n = Number(await lucky.getAttribute("data-n"));
    await lucky.click();
    await page.waitForFunction((n) => window.tongiakiApp.replayState()?.k === n, n);
    assert.match(await page.textContent("#review-here"), /voyage from .+ to arrive|be wrecked|turn back|stay at sea/);
  }
  // another language: the panel speaks it
  await page.evaluate(() => window.tongiakiApp.setLanguage("de"));
  await page.waitForFunction(() => /Analyse/.test(document.querySelector("#review-title")?.textContent || ""));
  assert.match(await page.textContent(".review-players"), /Siege durch Entscheidungen verloren/);
  await page.evaluate(() => window.tongiakiApp.setLanguage("en"));
  // the phone: the same, readable
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate((n) => window.tongiakiApp.review.goTo(n), costly[0].n);
  await page.evaluate(() => window.tongiakiApp.drawNow());
  await screenshot(page, "review-costly-phone");
  // closing the review: the panel goes, the replay stays
  await page.click("#review-close");
  assert.equal(await page.isHidden("#review-panel"), true);
  assert.equal(await page.evaluate(() => window.tongiakiApp.review.drawn()), null);
  await page.close();
  assert.deepEqual(errors, []);
});

test("the review can be stopped: what was reviewed so far stays", async () => {
  const { page: finder } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(finder);
  const game = await wholeGame(finder, ["Ana", "Bo"], 5);
  await finder.close();
  const { page, errors } = await finished(game);
  // a budget that keeps the review going long after its first search, each search short (a busy machine included)
  await page.evaluate(() => window.tongiakiApp.review.configure({ iterations: 200 }));
  await page.click("#ranking-review");
  await page.waitForFunction(() => (window.tongiakiApp.review.state()?.progress.done || 0) >= 1, null, { timeout: 120000 });
  await page.click("#review-stop");
  await page.waitForFunction(() => window.tongiakiApp.review.state().status === "stopped", null, { timeout: 120000 });
  const st = await page.evaluate(() => window.tongiakiApp.review.state());
  assert.ok(st.review.reviewed < st.review.moves, "stopped before the end");
  assert.ok(st.review.decisions.length >= 1);
  assert.match(await page.textContent("#review-panel"), /Stopped after \d+ of \d+ moves/);
  assert.ok(await page.$("#review-chart"), "the chart of what was reviewed");
  await screenshot(page, "review-stopped-desktop");
  // a bot's move still has the worker: a new game against a bot goes on
  await page.evaluate(() => {
    const app = window.tongiakiApp;
    app.newGame({ players: [{ name: "Bot" }, { name: "Me" }], seats: ["greedy", "human"], seed: 3 });
  });
  await idle(page);
  assert.equal(await page.evaluate(() => window.tongiakiApp.snapshot().current), 1);
  await page.close();
  assert.deepEqual(errors, []);
});

test("the hint: off by default; on, the strongest bot's move drawn with why, and counted in the review", async () => {
  const { page, errors } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(page);
  await page.evaluate(() => {
    const app = window.tongiakiApp;
    app.setSpeed(0);
    app.seedBots(7);
    app.newGame({ players: [{ name: "Me" }, { name: "Bot" }], seats: ["human", "greedy"], seed: 12 });
  });
  await idle(page);
  assert.equal(await page.isChecked("#hints-on"), false, "hints are off by default");
  assert.equal(await page.isHidden("#hint"), true);
  await page.check("#hints-on");
  assert.equal(await page.isHidden("#hint"), false, "a person to move with a choice: the Hint button");
  await page.click("#hint");
  await page.waitForFunction(() => window.tongiakiApp.review.hintShown() !== null, null, { timeout: 30000 });
  const shown = await page.evaluate(() => window.tongiakiApp.review.hintShown());
  const legal = await page.evaluate(() => window.tongiakiApp.legalActions());
  assert.ok(legal.some((a) => JSON.stringify(a) === JSON.stringify(shown.action)), "a legal move");
  assert.ok(["expert", "search"].includes(shown.kind), shown.kind);
  // at the setup the move says it all ("Hint: Place a ship on Tonga, beach 5."); later, with why
  assert.match(await page.textContent("#hint-box span"), shown.why.type === "setup_place" ? /^Hint: [^—]+\.$/ : /^Hint: .+ — .+\.$/);
  await page.evaluate(() => window.tongiakiApp.drawNow());
  const at = await page.evaluate(() => window.tongiakiApp.review.drawnPoints());
  const [r, g, b] = await pixel(page, at.hint);
  assert.ok(b > r + 30, `blue where the hint is drawn: ${[r, g, b]}`);
  await screenshot(page, "hint-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.tongiakiApp.drawNow());
  await screenshot(page, "hint-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
  // play the hinted move; the hint goes with the position
  await page.evaluate((a) => window.tongiakiApp.apply(a), shown.action);
  await idle(page);
  assert.equal(await page.evaluate(() => window.tongiakiApp.review.hintShown()), null);
  // play on to the end (the person by the greedy bot's choice), then review
  await page.evaluate(async () => {
    const app = window.tongiakiApp;
    const Game = await app.loadBots();
    for (let i = 0; i < 3000 && app.snapshot().phase !== "over"; i++) {
      const g = Game.load(app.save());
      const a = g.botAction("greedy", i, undefined);
      g.free();
      app.apply(a);
      await app.whenIdle();
    }
  });
  await page.waitForSelector("#ranking-dialog[open]");
  await page.evaluate((n) => window.tongiakiApp.review.configure({ iterations: n }), FEW);
  await page.click("#ranking-review");
  await page.waitForFunction(() => window.tongiakiApp.review.state()?.status === "done", null, { timeout: 240000 });
  const me = await page.textContent('.review-players li[data-seat="0"]');
  assert.match(me, /1 hint used\./);
  assert.doesNotMatch(await page.textContent('.review-players li[data-seat="1"]'), /hint/);
  await page.close();
  assert.deepEqual(errors, []);
});
