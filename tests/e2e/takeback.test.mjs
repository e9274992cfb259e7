// Take back (issue 14): in a local game the Take-back button, Ctrl+Z and
// tongiakiApp.undo() take back the last person's decision and the bots'
// moves after it, restoring the snapshot exactly, and refuse once a card
// has been revealed since. Also: a click during an animation finishes it
// and then does what it was aimed at; bot speed changes the pace only.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, clickTarget, perform } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1280, height: 800 } });
});
after(async () => {
  await browser.close();
});

async function freshGame(options, speed = 0) {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  await page.evaluate(
    ({ o, speed }) => {
      window.tongiakiApp.setSpeed(speed);
      window.tongiakiApp.seedBots(7);
      window.tongiakiApp.newGame(o);
    },
    { o: options, speed },
  );
  await idle(page);
  return { page, errors };
}

/** Everything the table shows of the game: snapshot, legal actions, save. */
const exact = (page) =>
  page.evaluate(() => JSON.stringify([window.tongiakiApp.snapshot(), window.tongiakiApp.legalActions(), window.tongiakiApp.save()]));

test("take back restores the snapshot exactly, the bot's moves after it too, and goes on back", async () => {
  // Ana against a greedy bot: during setup nothing is revealed
  const { page, errors } = await freshGame({ players: [{ name: "Ana" }, { name: "Bo", bot: "greedy" }], seed: 11 });
  assert.equal(await page.isDisabled("#take-back"), true, "nothing to take back yet");
  const before1 = await exact(page);
  await clickTarget(page, { tile: "tonga", beach: 2 });
  await idle(page);
  const before2 = await exact(page);
  assert.equal(JSON.parse(await page.evaluate(() => window.tongiakiApp.save())).actions.length, 2, "Ana's ship and the bot's");
  await clickTarget(page, { tile: "tonga", beach: 4 });
  await idle(page);
  assert.equal(await page.isEnabled("#take-back"), true);
  await screenshot(page, "takeback-before");
  // the button
  await page.click("#take-back");
  await idle(page);
  assert.equal(await exact(page), before2, "back to before Ana's second ship, the bot's answer gone too");
  assert.match(await page.textContent("#log"), /Taken back: Place a ship on Tonga, beach 5/);
  await screenshot(page, "takeback-after");
  // Ctrl+Z: once more, to the start
  await page.keyboard.press("Control+z");
  await idle(page);
  assert.equal(await exact(page), before1, "back to the start");
  // nothing left: refused, unchanged
  assert.equal(await page.evaluate(() => window.tongiakiApp.undo()), false);
  assert.equal(await exact(page), before1);
  assert.match(await page.textContent("#toast"), /no move of yours/);
  // and the game goes on from there
  await clickTarget(page, { tile: "tonga", beach: 0 });
  await idle(page);
  assert.equal(JSON.parse(await page.evaluate(() => window.tongiakiApp.save())).actions.length, 2);
  await page.close();
  assert.deepEqual(errors, []);
});

test("take back never crosses a revealed card", async () => {
  // hot-seat: both seats are people; play until a move reveals a card
  const { page, errors } = await freshGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 5 });
  let revealedAt = null;
  for (let i = 0; i < 40 && revealedAt === null; i++) {
    await idle(page);
    const st = await state(page);
    const tiles = st.snap.tiles.length;
    // prefer a move that fills a beach, so that a card comes soon
    const a = st.legal.find((x) => x.type === "emigrate") || st.legal[0];
    await perform(page, a, st);
    await idle(page);
    if ((await state(page)).snap.tiles.length > tiles) revealedAt = i;
  }
  assert.notEqual(revealedAt, null, "a card was revealed");
  await idle(page);
  const afterReveal = await exact(page);
  // a decision after the reveal (landing a ship of the group) may be taken back
  let extra = 0;
  for (let j = 0; j < 1; j++) {
    const st = await state(page);
    const a = st.legal.find((x) => x.type === "land");
    if (!a) break;
    await perform(page, a, st);
    await idle(page);
    if ((await state(page)).snap.tiles.length > st.snap.tiles.length) break;
    extra++;
  }
  // take back until refused: it stops at the reveal
  let n = 0;
  while (await page.evaluate(() => window.tongiakiApp.undo())) {
    await idle(page);
    n++;
    assert.ok(n < 40);
  }
  assert.equal(extra, 1, "one landing after the reveal (seed 5)");
  if (extra > 0) {
    assert.ok(n >= 1, "the landing after the reveal was taken back");
    assert.equal(await exact(page), afterReveal, "back to just after the reveal, not before it");
  }
  const st = await state(page);
  assert.ok(st.snap.tiles.length > 1, "the revealed card is still on the table");
  assert.match(await page.textContent("#toast"), /revealed/);
  const before = await exact(page);
  await page.keyboard.press("Control+z");
  await page.click("#take-back", { force: true }).catch(() => {});
  await idle(page);
  assert.equal(await exact(page), before, "refused: nothing changed");
  assert.equal(await page.isDisabled("#take-back"), true);
  await page.close();
  assert.deepEqual(errors, []);
});

test("a click during an animation finishes it, then does what it was aimed at", async () => {
  const { page, errors } = await freshGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 3 }, 2);
  await clickTarget(page, { tile: "tonga", beach: 1 });
  assert.equal(await page.evaluate(() => window.tongiakiApp.uiState().busy), true, "the ship is still on its way");
  await clickTarget(page, { tile: "tonga", beach: 3 }); // Bo's ship, clicked at once
  await idle(page);
  const log = JSON.parse(await page.evaluate(() => window.tongiakiApp.save())).actions;
  assert.deepEqual(log, [{ type: "setup_place", beach: 1 }, { type: "setup_place", beach: 3 }], "the second click was not swallowed");
  await page.close();
  assert.deepEqual(errors, []);
});

test("bot speed sets the pace, not the strength: Instant thinks as long as Normal", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  const budgets = await page.evaluate(async () => {
    const bots = await import("./bots.js");
    return [bots.budgetFor("search", 0), bots.budgetFor("search", 1), bots.budgetFor("search", 2), bots.budgetFor("greedy", 0)];
  });
  assert.deepEqual(budgets[0], budgets[1]);
  assert.deepEqual(budgets[1], budgets[2]);
  assert.equal(budgets[3], undefined);
  await page.close();
  assert.deepEqual(errors, []);
});
