// End-to-end: the running game autosaves and comes back after a reload; a
// game file is saved and opened again (a tampered or foreign file is refused
// with the engine's own reason); the replay viewer steps through a game
// forwards and backwards, each position being Game.load of the first k moves.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch, openPage, screenshot, BASE_URL, ARTIFACTS } from "./lib/browser.mjs";
import { ready, idle, state, perform } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.close();
});

const PLAYERS = [{ name: "Ana" }, { name: "Bo" }];

async function freshGame(seed = 11) {
  const { page, errors } = await openPage(browser.context, BASE_URL);
  await ready(page);
  await page.evaluate(
    ({ players, seed }) => {
      window.tongiakiApp.setSpeed(0);
      window.tongiakiApp.newGame({ players, seed });
    },
    { players: PLAYERS, seed },
  );
  await idle(page);
  return { page, errors };
}

/** Play n moves by clicking, each the first legal action. */
async function clickMoves(page, n) {
  for (let i = 0; i < n; i++) {
    const st = await state(page);
    await perform(page, st.legal[0], st);
    await idle(page);
  }
}

/** The snapshot of the save cut after its first k moves, computed apart from the app. */
const snapshotAfter = (page, save, k) =>
  page.evaluate(
    ({ save, k }) => {
      const s = JSON.parse(save);
      const g = window.tongiakiApp.Game.load(JSON.stringify({ ...s, actions: s.actions.slice(0, k) }));
      try {
        return g.snapshot();
      } finally {
        g.free();
      }
    },
    { save, k },
  );

test("the running game is saved as it goes and comes back after a reload", async () => {
  const { page, errors } = await freshGame(11);
  await clickMoves(page, 6);
  const before = await state(page);
  assert.equal(before.log.length, 6);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("tongiaki.autosave")));
  assert.equal(JSON.parse(stored.save).actions.length, 6, "the sixth move is in localStorage");
  await page.reload({ waitUntil: "load" });
  await ready(page);
  await idle(page);
  const after = await state(page);
  assert.deepEqual(after.log, before.log, "the same moves");
  assert.deepEqual(after.snap, before.snap, "the same position");
  assert.match(await page.textContent("#log"), /The game you were playing is back/);
  // and it goes on from there
  await clickMoves(page, 2);
  assert.equal((await state(page)).log.length, 8);
  // ?new starts afresh
  await page.goto(`${BASE_URL}?new`, { waitUntil: "load" });
  await ready(page);
  assert.equal((await state(page)).log.length, 0);
  await page.close();
  assert.deepEqual(errors, []);
});

test("save a game file, open it again, and refuse a tampered or foreign one with the engine's reason", async () => {
  const { page, errors } = await freshGame(12);
  await clickMoves(page, 5);
  const live = await page.evaluate(() => window.tongiakiApp.save());
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-file")]);
  assert.match(download.suggestedFilename(), /^tongiaki-\d{8}-\d{4}\.json$/);
  const text = readFileSync(await download.path(), "utf8");
  assert.equal(text, live, "the file is the engine's save()");

  // A new game, then open the file: the five moves are back, in the replay viewer at the end.
  await page.evaluate(() => window.tongiakiApp.newGame({ players: [{ name: "X" }, { name: "Y" }, { name: "Z" }], seed: 1 }));
  await idle(page);
  mkdirSync(ARTIFACTS, { recursive: true });
  const good = join(ARTIFACTS, "save-good.json");
  writeFileSync(good, text);
  await page.setInputFiles("#open-file-input", good);
  await page.waitForSelector("#replay-bar:not([hidden])");
  assert.deepEqual(await page.evaluate(() => window.tongiakiApp.replayState()), { k: 5, n: 5 });
  assert.equal(await page.evaluate(() => window.tongiakiApp.save()), live);
  await page.click("#replay-exit");
  await idle(page);
  assert.equal(await page.evaluate(() => window.tongiakiApp.save()), live, "back to the game as saved");
  assert.ok(await page.isHidden("#replay-bar"));

  // Tampered: a beach that does not exist. The page shows the engine's message and keeps the game.
  const bad = JSON.parse(text);
  bad.actions[2] = { ...bad.actions[2], beach: 97 };
  const reason = await page.evaluate((t) => {
    try {
      window.tongiakiApp.Game.load(t);
      return null;
    } catch (e) {
      return e.message;
    }
  }, JSON.stringify(bad));
  assert.ok(reason && reason.length > 10, `the engine refuses the tampered file: ${reason}`);
  await page.setInputFiles("#open-file-input", { name: "tampered.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bad)) });
  await page.waitForSelector("#toast:not([hidden])");
  assert.equal((await page.textContent("#toast")).trim(), `This file is not a Tongiaki game that can be replayed: ${reason}`);
  await screenshot(page, "save-tampered");
  assert.equal(await page.evaluate(() => window.tongiakiApp.save()), live, "the game is unchanged");
  assert.equal(await page.evaluate(() => window.tongiakiApp.replayState()), null);

  // Foreign: some other JSON, and not JSON at all.
  for (const foreign of ['{"hello": "world"}', "PK\u0003\u0004 not a game"]) {
    await page.evaluate(() => window.tongiakiApp.whenIdle());
    const msg = await page.evaluate((t) => window.tongiakiApp.openFile(t), foreign);
    assert.match(msg, /^This file is not a Tongiaki game that can be replayed: \S/);
    assert.equal((await page.textContent("#toast")).trim(), msg);
    assert.equal(await page.evaluate(() => window.tongiakiApp.save()), live);
  }
  await page.close();
  assert.deepEqual(errors, []);
});

test("the replay viewer steps through a finished game, forwards and backwards", async () => {
  const { page, errors } = await freshGame(13);
  // Play a whole game through the engine (the random choice is the test's; the rules are the engine's).
  const save = await page.evaluate(async () => {
    const app = window.tongiakiApp;
    let x = 7;
    for (let i = 0; i < 5000; i++) {
      const legal = app.legalActions();
      if (!legal.length) break;
      x = (x * 1103515245 + 12345) % 2147483648;
      app.apply(legal[x % legal.length]);
    }
    await app.whenIdle();
    return app.save();
  });
  const n = JSON.parse(save).actions.length;
  assert.equal((await state(page)).snap.phase, "over");
  await page.waitForSelector("#ranking-dialog[open]");
  await page.click("#ranking-close");

  await page.click("#replay");
  await page.waitForSelector("#replay-bar:not([hidden])");
  assert.deepEqual(await page.evaluate(() => window.tongiakiApp.replayState()), { k: n, n });
  assert.equal((await page.textContent("#replay-pos")).trim(), `Move ${n} of ${n}`);
  await screenshot(page, "replay-end");

  // back one move: the position before the last move, no longer over
  await page.click("#replay-back");
  let st = await state(page);
  assert.equal(st.log.length, n - 1);
  assert.deepEqual(st.snap, await snapshotAfter(page, save, n - 1));
  assert.notEqual(st.snap.phase, "over");
  assert.ok(st.legal.length > 0);
  assert.equal(await page.locator("#actions button").count(), 0, "nobody plays in a replay: no action buttons");
  // clicking the board does not play
  const before = st.log.length;
  await page.mouse.click(400, 400);
  assert.equal((await state(page)).log.length, before);

  // to the start, then forward step by step with the button and the arrow key
  await page.click("#replay-first");
  st = await state(page);
  assert.equal(st.snap.phase, "setup");
  assert.equal(st.snap.tiles.length, 1);
  assert.ok(await page.isDisabled("#replay-back"));
  await page.click("#replay-forward");
  assert.equal((await state(page)).log.length, 1);
  assert.match(await page.textContent("#replay-move"), /^Move 1: Place a ship on Tonga, beach \d/);
  await page.focus("#replay-exit");
  await page.mouse.move(600, 400);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  st = await state(page);
  assert.equal(st.log.length, 3);
  assert.deepEqual(st.snap, await snapshotAfter(page, save, 3));
  await page.keyboard.press("ArrowLeft");
  assert.equal((await state(page)).log.length, 2);

  // the slider jumps to the middle
  const mid = Math.floor(n / 2);
  await page.$eval("#replay-slider", (s, v) => {
    s.value = String(v);
    s.dispatchEvent(new Event("input", { bubbles: true }));
  }, mid);
  st = await state(page);
  assert.deepEqual(st.snap, await snapshotAfter(page, save, mid));
  await screenshot(page, "replay-middle");

  // to the end and out: the finished game as it was
  await page.click("#replay-last");
  assert.equal((await state(page)).snap.phase, "over");
  await page.click("#replay-exit");
  assert.equal(await page.evaluate(() => window.tongiakiApp.save()), save);
  assert.equal(await page.evaluate(() => window.tongiakiApp.replayState()), null);
  // the Replay button opens and closes the viewer
  await page.click("#replay");
  assert.equal(await page.getAttribute("#replay", "aria-pressed"), "true");
  await page.click("#replay-first");
  await page.click("#replay");
  assert.ok(await page.isHidden("#replay-bar"));
  assert.equal(await page.evaluate(() => window.tongiakiApp.save()), save, "closing the viewer anywhere brings the whole game back");
  await page.close();
  assert.deepEqual(errors, []);
});
