// A phone held upright, 390x844 with touch (issue 14): the board takes most
// of the screen, the prompt and the tray are in view without scrolling, the
// tool bar folds into a menu, and two-finger pinch and pan work with real
// touch events (Chromium's Input.dispatchTouchEvent, not pointer events
// made up by the test). Also: the players' marks through a deuteranopia and
// a protanopia filter (screenshots to look at).
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, pointFor, perform } from "./lib/driver.mjs";

let phone;
before(async () => {
  phone = await launch({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
});
after(async () => {
  await phone.close();
});

const box = (page, sel) =>
  page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width, visible: r.width > 0 && r.height > 0 };
  }, sel);

async function touch(client, type, points) {
  await client.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 4, radiusY: 4, force: 1 })) });
}

test("upright phone: the board fills most of the screen, prompt and tray in view, the tool bar is a menu", async () => {
  const { page, errors } = await openPage(phone.context, `${BASE_URL}?new`);
  await ready(page);
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo", bot: "greedy" }], seed: 8 });
  });
  await idle(page);
  await page.click("#coach-later").catch(() => {});
  // play on to a landing, so that the tray is showing
  for (let i = 0; i < 30; i++) {
    await idle(page);
    const st = await state(page);
    if (st.snap.phase === "land") break;
    const a = st.legal.find((x) => x.type === "emigrate") || st.legal[0];
    await perform(page, a, st);
  }
  await idle(page);
  assert.equal((await state(page)).snap.phase, "land", "a landing is waiting");
  const H = 844;
  const board = await box(page, "#board");
  assert.ok(board.height >= 0.5 * H, `the board is ${board.height}px of ${H}`);
  for (const sel of ["#prompt", "#controls", ".tray"]) {
    const b = await box(page, sel);
    assert.ok(b.visible && b.top >= 0 && b.bottom <= H, `${sel} is in view (${b.top}–${b.bottom})`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight), "the page itself does not scroll");
  assert.equal(await page.isVisible("#menu-toggle"), true);
  assert.equal(await page.isVisible("#new-game"), false, "the tools are folded away");
  await screenshot(page, "phone-landing");
  await page.tap("#menu-toggle");
  assert.equal(await page.isVisible("#new-game"), true, "the menu opens");
  assert.equal(await page.getAttribute("#menu-toggle", "aria-expanded"), "true");
  await screenshot(page, "phone-menu-open");
  await page.tap("#fit");
  assert.equal(await page.isVisible("#new-game"), false, "choosing a tool closes it");
  await page.tap("#menu-toggle");
  await page.keyboard.press("Escape");
  assert.equal(await page.isVisible("#new-game"), false, "Escape closes it");
  await page.close();
  assert.deepEqual(errors, []);
});

test("touch: a tap plays, two fingers pinch to zoom and pan the board", async () => {
  const { page, errors } = await openPage(phone.context, `${BASE_URL}?new`);
  await ready(page);
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 8 });
  });
  await idle(page);
  const client = await page.context().newCDPSession(page);
  // a tap on a beach places a ship
  const p = await pointFor(page, { tile: "tonga", beach: 2 });
  await touch(client, "touchStart", [[p.x, p.y]]);
  await touch(client, "touchEnd", []);
  await idle(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.tongiakiApp.save())).actions, [{ type: "setup_place", beach: 2 }]);
  // two fingers moving apart zoom in around their middle
  const spread = async () => {
    const a = await pointFor(page, { q: 0, r: 0 });
    const b = await pointFor(page, { q: 0, r: -1 });
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const before = await spread();
  const c = await pointFor(page, { q: 0, r: 0 });
  await touch(client, "touchStart", [[c.x - 30, c.y], [c.x + 30, c.y]]);
  for (let k = 1; k <= 4; k++) await touch(client, "touchMove", [[c.x - 30 - 6 * k, c.y], [c.x + 30 + 6 * k, c.y]]); // 60 px apart → 108: × 1.8
  await touch(client, "touchEnd", []);
  const zoomed = await spread();
  assert.ok(zoomed > before * 1.4, `pinch zoomed in: ${before.toFixed(1)} → ${zoomed.toFixed(1)}`);
  // two fingers moving together pan the board
  const t0 = await pointFor(page, { q: 0, r: 0 });
  await touch(client, "touchStart", [[t0.x - 40, t0.y], [t0.x + 40, t0.y]]);
  for (let k = 1; k <= 5; k++) await touch(client, "touchMove", [[t0.x - 40 + 10 * k, t0.y + 12 * k], [t0.x + 40 + 10 * k, t0.y + 12 * k]]);
  await touch(client, "touchEnd", []);
  const t1 = await pointFor(page, { q: 0, r: 0 });
  assert.ok(Math.abs(t1.x - t0.x - 50) < 6 && Math.abs(t1.y - t0.y - 60) < 6, `panned by (50, 60): (${(t1.x - t0.x).toFixed(1)}, ${(t1.y - t0.y).toFixed(1)})`);
  assert.ok(Math.abs((await spread()) - zoomed) < 1, "a pan does not zoom");
  // and neither gesture played a move
  assert.equal(JSON.parse(await page.evaluate(() => window.tongiakiApp.save())).actions.length, 1);
  await screenshot(page, "phone-after-pinch");
  await page.close();
  assert.deepEqual(errors, []);
});

// Machado, Oliveira and Fernandes (2009), severity 1, applied in linear RGB.
const FILTERS = {
  deuteranopia: "0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  -0.011820 0.042940 0.968881 0 0  0 0 0 1 0",
  protanopia: "0.152286 1.052583 -0.204868 0 0  0.114503 0.786281 0.099216 0 0  -0.003882 -0.048116 1.051998 0 0  0 0 0 1 0",
};

test("every player's boats and chips carry a mark of their own (screenshots through colour-blindness filters)", async () => {
  const desktop = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await openPage(desktop.context, `${BASE_URL}?new`);
    await ready(page);
    await page.evaluate(async () => {
      const app = window.tongiakiApp;
      const BotsGame = await app.loadBots(); // the bots' package (the page's Game has no bots)
      app.setSpeed(0);
      app.newGame({ players: ["Ana", "Bo", "Cy", "Di", "Ed", "Fi"].map((name) => ({ name })), seed: 21 });
      for (let i = 0; i < 40; i++) {
        const g = BotsGame.load(app.save());
        const a = g.botAction("greedy", i);
        g.free();
        app.apply(a);
      }
    });
    await idle(page);
    await page.click("#coach-later").catch(() => {});
    const marks = await page.$$eval("#players tbody .swatch", (els) => els.map((e) => e.dataset.mark));
    assert.equal(new Set(marks).size, 6, `six different marks: ${marks}`);
    assert.ok(marks.every((m) => m && m !== "null"));
    await screenshot(page, "marks-normal");
    for (const [name, matrix] of Object.entries(FILTERS)) {
      await page.evaluate(
        ({ name, matrix }) => {
          document.getElementById("cvd-filter")?.remove();
          document.body.insertAdjacentHTML(
            "beforeend",
            `<svg id="cvd-filter" width="0" height="0" style="position:absolute"><filter id="cvd-${name}" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="${matrix}"/></filter></svg>`,
          );
          document.documentElement.style.filter = `url(#cvd-${name})`;
        },
        { name, matrix },
      );
      await page.waitForTimeout(100);
      await screenshot(page, `marks-${name}`);
    }
    await page.close();
    assert.deepEqual(errors, []);
  } finally {
    await desktop.close();
  }
});
