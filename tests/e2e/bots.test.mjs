// End-to-end: bot seats (issue 5). The engine's bots (random, greedy,
// search) choose in a Web Worker, so the page keeps drawing while a search
// bot thinks; without Worker support the same bots play on the page's
// thread; a human seat after bot seats gets its turn back.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.close();
});

/** Starts an all-bot game; resolves once `decisions` bot decisions were made (or the game is over). */
async function runBots(page, { seats, seed, speed, decisions, timeout = 60000 }) {
  await page.evaluate(
    ({ seats, seed, speed }) => {
      window.tongiakiApp.seedBots(seed);
      window.tongiakiApp.setSpeed(speed);
      window.tongiakiApp.newGame({ players: seats.map((bot, i) => ({ name: `B${i}`, bot })), seed });
    },
    { seats, seed, speed },
  );
  await page.waitForFunction(
    (n) => window.tongiakiApp.botStats().decisions >= n || window.tongiakiApp.snapshot().phase === "over",
    decisions,
    { timeout, polling: 100 },
  );
}

test("search and greedy bots think in a Web Worker while the page keeps drawing", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  // Count frames and the longest gap between them while the bots play.
  await page.evaluate(() => {
    const f = (window.__frames = { n: 0, maxGap: 0, last: performance.now(), on: true });
    const tick = (t) => {
      f.maxGap = Math.max(f.maxGap, t - f.last);
      f.last = t;
      f.n++;
      if (f.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      f.last = t;
      requestAnimationFrame(tick);
    });
  });
  await runBots(page, { seats: ["search", "greedy"], seed: 12, speed: 1, decisions: 8 });
  const frames = await page.evaluate(() => ((window.__frames.on = false), window.__frames));
  const stats = await page.evaluate(() => window.tongiakiApp.botStats());
  console.log(`# bots: ${JSON.stringify(stats)}; frames ${frames.n}, longest gap ${frames.maxGap.toFixed(0)} ms`);
  assert.equal(stats.worker, true, "the bots ran in the worker");
  assert.ok(stats.decisions >= 8, "bot decisions were made");
  assert.ok(stats.iterations > 0, "the search bot searched");
  // A search decision takes up to a second; on the page's thread that would
  // stop the frames for as long. In the worker, frames go on.
  assert.ok(frames.maxGap < 400, `no frame gap of ${frames.maxGap.toFixed(0)} ms while bots think`);
  const st = await state(page);
  assert.ok(st.log.length >= 8, "the bots' actions were applied");
  await screenshot(page, "bots-worker");
  await page.close();
  assert.deepEqual(errors, []);
});

test("the expert goes on from its last search in the worker (a BotPlayer a seat)", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  await runBots(page, { seats: ["expert", "greedy"], seed: 21, speed: 0, decisions: 16, timeout: 120000 });
  const stats = await page.evaluate(() => window.tongiakiApp.botStats());
  const expert = stats.recent.filter((d) => d.kind === "expert" && d.iterations > 0);
  assert.ok(expert.length >= 4, JSON.stringify(stats.recent));
  // The first search starts fresh; later ones from the tree the last kept.
  assert.equal(expert[0].reused, 0, JSON.stringify(expert[0]));
  assert.ok(expert.filter((d) => d.reused > 0).length >= 2, JSON.stringify(expert));
  assert.ok(expert.every((d) => d.worker), "in the worker");
  await page.close();
  assert.deepEqual(errors, []);
});

test("a human seat gets the turn back after bot seats", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  await page.evaluate(() => {
    window.tongiakiApp.seedBots(3);
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Gil", bot: "greedy" }, { name: "Sol", bot: "search" }], seed: 5 });
  });
  await idle(page);
  let st = await state(page);
  // Ana plays the first legal action each time; the bots answer.
  for (let i = 0; i < 12 && st.snap.phase !== "over"; i++) {
    assert.equal(st.snap.current, 0, "the bots hand the turn back to Ana");
    await page.evaluate((a) => window.tongiakiApp.apply(a), st.legal[0]);
    await idle(page);
    st = await state(page);
  }
  const stats = await page.evaluate(() => window.tongiakiApp.botStats());
  assert.ok(stats.decisions > 0 && stats.worker === true, JSON.stringify(stats));
  assert.ok(st.log.some((_, i) => i > 0), "moves were made");
  await page.close();
  assert.deepEqual(errors, []);
});

test("without Web Workers the bots play on the page's thread", async () => {
  const other = await launch({ viewport: { width: 1000, height: 700 } });
  try {
    await other.context.addInitScript(() => {
      delete window.Worker;
    });
    const { page, errors } = await openPage(other.context, `${BASE_URL}?new`);
    await ready(page);
    assert.equal(await page.evaluate(() => typeof Worker), "undefined");
    await runBots(page, { seats: ["greedy", "search", "random"], seed: 4, speed: 0, decisions: 6 });
    const stats = await page.evaluate(() => window.tongiakiApp.botStats());
    assert.equal(stats.worker, false, JSON.stringify(stats));
    assert.ok(stats.decisions >= 6 && stats.iterations > 0, JSON.stringify(stats));
    await page.close();
    assert.deepEqual(errors, []);
  } finally {
    await other.close();
  }
});
