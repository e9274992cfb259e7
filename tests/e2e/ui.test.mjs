// End-to-end checks of the page's parts: the engine's reason on an illegal
// click, the keyboard-operable action list, pan/zoom/fit, the new-game
// dialog, bot seats, HiDPI drawing, and what the canvas shows where.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, clickTarget, pointFor, sameAction } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.close();
});

async function freshPage(options = { players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }], seed: 3 }) {
  // ?new: do not resume the previous test's autosaved game (and its bots).
  const { page, errors } = await openPage(browser.context, new URL("?new", BASE_URL).href);
  await ready(page);
  await page.evaluate((o) => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame(o);
  }, options);
  await idle(page);
  return { page, errors };
}

/** The engine's own message for an action, from a throwaway copy of the game. */
const engineMessage = (page, action) =>
  page.evaluate((a) => {
    const g = window.tongiakiApp.Game.load(window.tongiakiApp.save());
    try {
      g.apply(a);
      return null;
    } catch (e) {
      return e.message;
    } finally {
      g.free();
    }
  }, action);

/** RGB of the canvas at viewport point p (device pixels taken into account). */
const pixelAt = (page, p) =>
  page.evaluate(({ x, y }) => {
    const c = document.getElementById("board");
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const d = c.getContext("2d").getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, p);

test("a click that is not legal shows the engine's own reason and changes nothing", async () => {
  const { page, errors } = await freshPage();
  // Setup: two ships on Tonga's beach 0 leave it with one free place, so a
  // third is not allowed (R2).
  await clickTarget(page, { tile: "tonga", beach: 0 });
  await idle(page);
  await clickTarget(page, { tile: "tonga", beach: 0 });
  await idle(page);
  const st = await state(page);
  assert.equal(st.log.length, 2);
  assert.ok(!st.legal.some((a) => a.beach === 0), "beach 0 is no longer legal");
  const expected = await engineMessage(page, { type: "setup_place", beach: 0 });
  assert.ok(expected && expected.length > 10, `the engine refuses: ${expected}`);
  await clickTarget(page, { tile: "tonga", beach: 0 });
  await page.waitForSelector("#toast:not([hidden])");
  // the engine's own reason, in the words a player reads during play: no rule number (issue 30)
  assert.equal((await page.textContent("#toast")).trim(), expected.replace(/\s*\(R\d+\)/, ""));
  assert.equal((await state(page)).log.length, 2, "nothing was applied");
  await page.close();
  assert.deepEqual(errors, []);
});

test("the legal actions are a keyboard-operable list in words", async () => {
  const { page, errors } = await freshPage();
  const legal = (await state(page)).legal;
  const items = await page.$$eval("#actions button", (bs) => bs.map((b) => b.textContent));
  assert.equal(items.length, legal.length);
  assert.match(items[2], /Place a ship on Tonga, beach 3 \(north-west\)/);
  await page.focus("#actions li:nth-child(3) button");
  await page.keyboard.press("Enter");
  await idle(page);
  const st = await state(page);
  assert.ok(sameAction(st.log[0], legal[2]), JSON.stringify(st.log));
  // Focus stays in the list so the next move is one key away.
  assert.equal(await page.evaluate(() => document.activeElement.closest("#actions") !== null), true);
  await page.keyboard.press("Enter");
  await idle(page);
  assert.equal((await state(page)).log.length, 2);
  await page.close();
  assert.deepEqual(errors, []);
});

test("the canvas shows Tonga where pointFor points, ocean around; zoom, pan and fit keep clicks exact", async () => {
  const { page, errors } = await freshPage();
  const centre = await pointFor(page, { tile: "tonga" });
  const [r, g, b] = await pixelAt(page, centre);
  assert.ok(g > r && g > b, `the island's green at its centre, got ${[r, g, b]}`);
  const beach = await pointFor(page, { tile: "tonga", beach: 2 });
  const sand = await pixelAt(page, { x: beach.x + 1, y: beach.y + 9 });
  assert.ok(sand[0] > 180 && sand[1] > 150, `a beach is sand-coloured or highlighted, got ${sand}`);
  const sea = await pixelAt(page, { x: centre.x, y: centre.y - 330 });
  assert.ok(sea[2] > sea[0] + 40, `open ocean is blue, got ${sea}`);

  // Zoom in with the wheel at Tonga: distances grow, Tonga stays put.
  const d0 = Math.hypot(beach.x - centre.x, beach.y - centre.y);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(50);
  const c1 = await pointFor(page, { tile: "tonga" });
  const b1 = await pointFor(page, { tile: "tonga", beach: 2 });
  const d1 = Math.hypot(b1.x - c1.x, b1.y - c1.y);
  assert.ok(d1 > d0 * 1.3, `zoomed in: ${d0} -> ${d1}`);
  assert.ok(Math.hypot(c1.x - centre.x, c1.y - centre.y) < 2, "zoom keeps the point under the wheel");
  // Drag to pan.
  await page.mouse.move(c1.x, c1.y);
  await page.mouse.down();
  await page.mouse.move(c1.x + 60, c1.y + 40, { steps: 5 });
  await page.mouse.up();
  const c2 = await pointFor(page, { tile: "tonga" });
  assert.ok(Math.abs(c2.x - c1.x - 60) < 2 && Math.abs(c2.y - c1.y - 40) < 2, `panned by the drag: ${JSON.stringify([c1, c2])}`);
  assert.equal((await state(page)).log.length, 0, "a drag is not a click");
  // A click at the new point still does exactly the action.
  await clickTarget(page, { tile: "tonga", beach: 4 });
  await idle(page);
  assert.deepEqual((await state(page)).log[0], { type: "setup_place", beach: 4 });
  // Fit brings the view back.
  await page.click("#fit");
  await page.waitForTimeout(50);
  const c3 = await pointFor(page, { tile: "tonga" });
  assert.ok(Math.hypot(c3.x - centre.x, c3.y - centre.y) < 2, "fit restores the view");
  // The + / − buttons zoom about the middle.
  await page.click("#zoom-in");
  const b4 = await pointFor(page, { tile: "tonga", beach: 2 });
  const c4 = await pointFor(page, { tile: "tonga" });
  assert.ok(Math.hypot(b4.x - c4.x, b4.y - c4.y) > d0 * 1.2);
  await page.close();
  assert.deepEqual(errors, []);
});

test("new-game dialog: seats, names, colours, bots and a seed reach the engine", async () => {
  const { page, errors } = await freshPage();
  await page.click("#new-game");
  await page.waitForSelector("#newgame-dialog[open]");
  await page.click("#add-seat");
  const rows = page.locator("#seats li");
  assert.equal(await rows.count(), 4);
  await rows.nth(0).locator(".seat-name").fill("Hina");
  await rows.nth(0).locator(".seat-color").selectOption("purple");
  await rows.nth(0).locator(".seat-kind").selectOption("human");
  await rows.nth(1).locator(".seat-name").fill("Maui");
  await rows.nth(1).locator(".seat-kind").selectOption("human");
  await rows.nth(2).locator(".seat-kind").selectOption("random");
  await rows.nth(3).locator(".seat-name").fill("Tane");
  await rows.nth(3).locator(".seat-color").selectOption("red");
  await rows.nth(3).locator(".seat-kind").selectOption("random");
  // Move Tane up one seat and back: the order of seats is the playing order.
  await rows.nth(3).locator(".seat-up").click();
  assert.equal(await rows.nth(2).locator(".seat-name").inputValue(), "Tane");
  await rows.nth(3).locator(".seat-up").click();
  assert.equal(await rows.nth(3).locator(".seat-name").inputValue(), "Tane");
  assert.equal(await rows.nth(3).locator(".seat-kind").inputValue(), "random", "a moved seat keeps its settings");
  // Two seats in one colour are refused in the dialog.
  await rows.nth(1).locator(".seat-color").selectOption("purple");
  await page.click("#newgame-start");
  assert.equal(await page.isVisible("#newgame-error"), true);
  await rows.nth(1).locator(".seat-color").selectOption("yellow");
  await page.fill("#seed", "4242");
  await page.evaluate(() => window.tongiakiApp.seedBots(1));
  await page.click("#newgame-start");
  await page.waitForFunction(() => !document.getElementById("newgame-dialog").open);
  await idle(page);
  const st = await state(page);
  assert.deepEqual(
    st.snap.players.map((p) => [p.name, p.color]),
    [["Hina", "purple"], ["Maui", "yellow"], [st.snap.players[2].name, "green"], ["Tane", "red"]],
  );
  const saved = JSON.parse(await page.evaluate(() => window.tongiakiApp.save()));
  assert.ok(JSON.stringify(saved).includes("4242"), `the seed is in the save: ${JSON.stringify(saved).slice(0, 200)}`);
  const rowsText = await page.$$eval("#players tbody tr", (trs) => trs.map((tr) => tr.textContent));
  assert.match(rowsText[2], /bot/);
  assert.doesNotMatch(rowsText[0], /bot/);
  await page.close();
  assert.deepEqual(errors, []);
});

test("bot seats play by themselves, with a 'thinking' sign, until a person must act", async () => {
  const { page, errors } = await freshPage();
  await page.evaluate(() => {
    window.tongiakiApp.seedBots(5);
    window.tongiakiApp.setSpeed(0.3);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bot1", bot: "random" }, { name: "Bot2", bot: "random" }], seed: 8 });
  });
  await idle(page);
  await clickTarget(page, { tile: "tonga", beach: 1 });
  // Bots now place their ships: the sign shows while they think.
  await page.waitForSelector("#thinking:not([hidden])", { timeout: 5000 });
  assert.match(await page.textContent("#thinking"), /Bot1 is thinking/);
  await idle(page);
  const st = await state(page);
  assert.equal(st.snap.current, 0, "back to the person");
  assert.equal(st.log.length, 3, "both bots made their setup placement");
  assert.equal(await page.isVisible("#thinking"), false);
  // Clicking the board during a bot's turn does nothing but say so.
  await page.evaluate(() => window.tongiakiApp.setSpeed(2));
  await clickTarget(page, { tile: "tonga", beach: 2 });
  await page.waitForSelector("#thinking:not([hidden])");
  const n = (await state(page)).log.length;
  await clickTarget(page, { tile: "tonga", beach: 3 }).catch(() => {});
  assert.ok((await state(page)).log.length <= n + 1);
  await idle(page);
  await page.close();
  assert.deepEqual(errors, []);
});

test("HiDPI: the canvas backing store follows devicePixelRatio and clicks stay exact", async () => {
  const hi = await launch({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 2 });
  try {
    const { page, errors } = await openPage(hi.context, BASE_URL);
    await ready(page);
    await page.evaluate(() => {
      window.tongiakiApp.setSpeed(0);
      window.tongiakiApp.newGame({ players: [{}, {}], seed: 1 });
    });
    await idle(page);
    const dims = await page.evaluate(() => {
      const c = document.getElementById("board");
      const r = c.getBoundingClientRect(); // the box may be a fraction of a pixel (the tool bar's rows)
      return { w: c.width, h: c.height, cw: r.width, ch: r.height, dpr: devicePixelRatio };
    });
    assert.equal(dims.dpr, 2);
    assert.equal(dims.w, Math.round(dims.cw * 2));
    assert.equal(dims.h, Math.round(dims.ch * 2));
    await clickTarget(page, { tile: "tonga", beach: 5 });
    await idle(page);
    assert.deepEqual((await state(page)).log[0], { type: "setup_place", beach: 5 });
    const [r, g, b] = await pixelAt(page, await pointFor(page, { tile: "tonga" }));
    assert.ok(g > r && g > b);
    await screenshot(page, "hidpi-setup");
    // The canvas follows the window when it is resized.
    await page.setViewportSize({ width: 1100, height: 760 });
    await page.waitForFunction(() => {
      const c = document.getElementById("board");
      return c.width === c.clientWidth * 2 && c.clientWidth > 600;
    });
    await clickTarget(page, { tile: "tonga", beach: 2 });
    await idle(page);
    assert.deepEqual((await state(page)).log[1], { type: "setup_place", beach: 2 });
    assert.deepEqual(errors, []);
  } finally {
    await hi.close();
  }
});
