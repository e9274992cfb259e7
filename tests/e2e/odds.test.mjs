// Voyage odds and outcomes explained (issue 14), in headless Chromium:
// hovering a jetty's slice shows the engine's odds beside it (and focusing
// the emigration in the list of legal actions does too), the list shows
// them, and a wrecked voyage leaves a note on the board and its reason in
// the log. Screenshots (desktop and 390x844) go to test-artifacts/.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, pointFor } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1280, height: 800 } });
});
after(async () => {
  await browser.close();
});

const PLAYERS = [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }];

/** The notes on the board now: each inside the board, none over another. Returns how many. */
async function notesLaidOut(page, what) {
  const { board, notes } = await page.evaluate(() => ({
    board: document.querySelector("#board-wrap").getBoundingClientRect().toJSON(),
    notes: [...document.querySelectorAll(".note")].map((n) => n.getBoundingClientRect().toJSON()),
  }));
  for (const r of notes) {
    assert.ok(r.left >= board.left - 0.5 && r.right <= board.right + 0.5 && r.top >= board.top - 0.5 && r.bottom <= board.bottom + 0.5, `${what}: a note inside the board ${JSON.stringify(r)} in ${JSON.stringify(board)}`);
  }
  for (let i = 0; i < notes.length; i++) {
    for (let j = i + 1; j < notes.length; j++) {
      const [a, b] = [notes[i], notes[j]];
      const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      assert.ok(apart, `${what}: notes ${i} and ${j} overlap: ${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
  }
  return notes.length;
}

/**
 * With the bots' package (tongiakiApp.loadBots(): the page's Game plus
 * voyageOdds; a separate Game), find a seed and the actions
 * up to an emigration decision: `hover` — at least two jetties to choose
 * from, one of them following a trail already on the table; `wreck` — one
 * jetty whose voyage (on this game's real pile) is wrecked. Deterministic.
 */
function findPositions(page) {
  return page.evaluate(async (PLAYERS) => {
    const Game = await window.tongiakiApp.loadBots();
    let r = 11;
    const rand = () => ((r = (r * 1103515245 + 12345) >>> 0) / 4294967296);
    const found = {};
    for (let seed = 1; seed <= 80 && !(found.hover && found.wreck); seed++) {
      const options = { players: PLAYERS, seed };
      const g = new Game(options);
      const actions = [];
      for (let n = 0; n < 400; n++) {
        const legal = g.legalActions();
        if (!legal.length) break;
        const em = legal.filter((a) => a.type === "emigrate");
        if (em.length >= 2) {
          if (!found.hover) {
            const odds = g.voyageOdds();
            if (odds.some((o) => o.known.length > 0) && odds.some((o) => o.arrive > 0 && o.fail > 0)) found.hover = { options, actions: actions.slice() };
          }
          if (!found.wreck) {
            for (const a of em) {
              const copy = Game.load(g.save());
              const events = copy.apply(a);
              copy.free();
              if (events.some((e) => e.type === "voyage_failed") && events.filter((e) => e.type === "card_revealed").length === 0) {
                found.wreck = { options, actions: actions.slice(), action: a };
                break;
              }
            }
          }
        }
        const pick = legal.find((a) => a.type === "resettle") && rand() < 0.9 ? legal.filter((a) => a.type !== "resettle")[Math.floor(rand() * (legal.length - 1))] || legal[0] : legal[Math.floor(rand() * legal.length)];
        actions.push(pick);
        g.apply(pick);
      }
      g.free();
    }
    return found;
  }, PLAYERS);
}

/** A fresh page with the game of `pos` set up by apply(), every seat a person. */
async function setUp(context, pos) {
  const { page, errors } = await openPage(context, new URL("?new", BASE_URL).href);
  await ready(page);
  await page.evaluate((pos) => {
    const app = window.tongiakiApp;
    app.setSpeed(0);
    app.setAutoForced(false);
    app.newGame({ ...pos.options, seats: pos.options.players.map(() => "human") });
    for (const a of pos.actions) app.apply(a);
  }, pos);
  await idle(page);
  await page.waitForFunction(() => window.tongiakiApp.voyageOdds() !== null, null, { timeout: 20000 });
  // Notes of the moves played to get here are not what the test looks at.
  await page.evaluate(() => document.querySelectorAll(".note").forEach((n) => n.remove()));
  return { page, errors };
}

test("hovering a jetty shows the engine's odds of its voyage; the action list shows them too", async () => {
  const { page: finder, errors: e0 } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(finder);
  const pos = await findPositions(finder);
  await finder.close();
  assert.deepEqual(e0, []);
  assert.ok(pos.hover, "a position with two jetties to choose from");
  assert.ok(pos.wreck, "a position with a wreck");

  for (const viewport of [
    { width: 1280, height: 800, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    const { page, errors } = await setUp(browser.context, pos.hover);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.tongiakiApp.drawNow());
    const odds = await page.evaluate(() => window.tongiakiApp.voyageOdds());
    const legal = await page.evaluate(() => window.tongiakiApp.legalActions());
    const emigrate = legal.filter((a) => a.type === "emigrate");
    assert.equal(odds.length, emigrate.length);
    // The one with a known trail ahead, else the first.
    const o = odds.find((x) => x.known.length > 0) || odds[0];
    const p = await pointFor(page, { tile: o.action.tile, jetty: o.action.jetty });
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await page.waitForSelector('#odds-tip:not([hidden])[data-ready="true"]');
    const tip = await page.textContent("#odds-tip");
    assert.equal(await page.getAttribute("#odds-tip", "data-jetty"), `${o.action.tile}/${o.action.jetty}`);
    const pc = (x) => (x > 0 && x < 0.005 ? "<1%" : x < 1 && x >= 0.995 ? ">99%" : `${Math.round(x * 100)}%`);
    assert.ok(tip.includes(`Reaches an island: ${pc(o.arrive)}`), tip);
    assert.ok(tip.includes(`Wrecked: ${pc(o.fail)}`), tip);
    assert.match(tip, o.exact ? /Exact/ : /Estimated/);
    if (o.known.length) assert.match(tip, /trail/);
    // The tip lies inside the board.
    const box = await page.$eval("#odds-tip", (el) => {
      const a = el.getBoundingClientRect();
      const b = document.getElementById("board-wrap").getBoundingClientRect();
      return { inside: a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1 };
    });
    assert.ok(box.inside, "the tip stays on the board");
    await screenshot(page, `odds-hover-${viewport.name}`);
    // The action list: one line of odds per emigration.
    const lines = await page.$$eval("#actions .odds", (els) => els.map((e) => e.textContent));
    assert.equal(lines.length, emigrate.length);
    assert.ok(lines.every((l) => /arrives \S+%/.test(l) && /wrecked \S+%/.test(l)), lines.join(" | "));
    // Away from the jetties the tip goes; focusing an emigration in the list brings it back, for that jetty.
    await page.mouse.move(2, 2);
    await page.waitForSelector("#odds-tip", { state: "hidden" });
    const other = odds.find((x) => x !== o) || o;
    const i = legal.findIndex((a) => a.type === "emigrate" && a.tile === other.action.tile && a.jetty === other.action.jetty);
    await page.focus(`#actions button[data-index="${i}"]`);
    await page.waitForSelector('#odds-tip:not([hidden])[data-ready="true"]');
    assert.equal(await page.getAttribute("#odds-tip", "data-jetty"), `${other.action.tile}/${other.action.jetty}`);
    // The decision stays the player's: nothing was played.
    assert.equal(await page.evaluate(() => window.tongiakiApp.snapshot().phase), "emigrate");
    const stats = await page.evaluate(() => window.tongiakiApp.oddsStats());
    console.log(`odds (${viewport.name}): ${odds.length} jetties, ${stats.engineMillis.toFixed(1)} ms in the engine, ${stats.millis.toFixed(1)} ms asked to answered, worker ${stats.worker}`);
    await page.close();
    assert.deepEqual(errors, []);
  }
});

test("a wreck is explained in the log and in a note on the board, in the table's language", async () => {
  const { page: finder } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(finder);
  const pos = await findPositions(finder);
  await finder.close();
  for (const [viewport, lang] of [
    [{ width: 1280, height: 800, name: "desktop" }, "en"],
    [{ width: 390, height: 844, name: "phone" }, "en"],
    [{ width: 1280, height: 800, name: "desktop-de" }, "de"],
  ]) {
    const { page, errors } = await setUp(browser.context, pos.wreck);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate((l) => window.tongiakiApp.setLanguage(l), lang);
    const a = pos.wreck.action;
    const p = await pointFor(page, { tile: a.tile, jetty: a.jetty });
    await page.mouse.move(p.x, p.y, { steps: 2 });
    await page.waitForSelector('#odds-tip:not([hidden])[data-ready="true"]');
    await page.mouse.click(p.x, p.y);
    await page.waitForSelector(".note-voyage_failed");
    const note = await page.textContent(".note-voyage_failed");
    // plain words during play (issue 30): no rule number, no water card's letter
    if (lang === "en") assert.match(note, /^Wrecked: the trail marked (\d) needs \1 colours; the group had only .+\. \d+ ships? go(es)? home\.$/);
    else assert.match(note, /^Schiffbruch: die Schaumspur mit der (\d) verlangt \1 Farben; die Gruppe hatte nur .+\. \d+ Schiffe? (kehrt|kehren) heim\.$/);
    const log = await page.$$eval("#log li", (els) => els.map((e) => e.textContent));
    assert.ok(log.includes(note), "the log says the same");
    assert.ok(await page.$eval("#odds-tip", (el) => el.hidden), "no odds once the voyage is over");
    await page.waitForTimeout(300);
    await notesLaidOut(page, `${viewport.name}: the wreck's note`);
    await screenshot(page, `odds-wreck-note-${viewport.name}`);
    // three notes at once about one card (the most notes.js shows): stacked, none over another, all on the board
    await page.evaluate(async () => {
      const N = await import(new URL("notes.js", location.href));
      const wrap = document.querySelector("#board-wrap");
      const camera = { x: 0, y: 0, scale: 60, w: wrap.clientWidth, h: wrap.clientHeight };
      const at = { q: 0, r: 0 };
      const text = "A note long enough to wrap onto a second line on a phone, as a wreck's reason does (R21).";
      const notes = document.querySelector(".notes"); // the table's layer of notes, the wreck's note in it
      N.showNotes({ dom: { root: document, camera, notes } }, [1, 2, 3].map((i) => ({ type: "voyage_failed", at, text: `${i}. ${text}` })));
    });
    const n = await notesLaidOut(page, `${viewport.name}: three notes about one card`);
    // together they cover at most 30% of the board; a phone shows one at a time (the newest: issue 30), a desktop all three
    const cover = await page.evaluate(() => {
      const b = document.querySelector("#board-wrap").getBoundingClientRect();
      const area = [...document.querySelectorAll(".notes .note")].reduce((a, n) => a + n.offsetWidth * n.offsetHeight, 0);
      return area / (b.width * b.height);
    });
    assert.ok(cover <= 0.3 + 0.01, `${viewport.name}: the notes cover ${(cover * 100).toFixed(1)}% of the board`);
    if (viewport.name.startsWith("phone")) assert.equal(n, 1, `${viewport.name}: one note at a time`);
    else assert.equal(n, 3, `${viewport.name}: ${n} notes shown`);
    await screenshot(page, `notes-stacked-${viewport.name}`);
    // touching the board clears them (the log keeps what they said)
    await page.evaluate(() => document.querySelector("#board-wrap").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })));
    await page.waitForFunction(() => !document.querySelector(".note"), null, { timeout: 2000 });
    await page.close();
    assert.deepEqual(errors, []);
  }
});
