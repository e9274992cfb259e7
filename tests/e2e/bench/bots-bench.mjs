// Browser figures for the bots (BENCHMARKS.md; a benchmark, not a test).
// Needs the page served, e.g.
//   cargo run --release -- serve --port 8080 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:8080/ node tests/e2e/bench/bots-bench.mjs
// Plays GAMES whole games on the real page in headless Chromium, at bot
// speed 1 (the search bot's full budget: SEARCH_ITERATIONS iterations, at
// most SEARCH_MILLIS ms), with the bots of BOTS (default search,greedy), and
// reports, from the page's own record of every bot decision in the Web
// Worker: search decisions, their time (mean, 95th percentile, max; measured
// in the worker around the engine call), iterations per decision and per
// second, how many decisions the clock cut short, and how many started from
// visits kept from the decision before (the expert's tree reuse).
import { launch, openPage, BASE_URL } from "../lib/browser.mjs";

const GAMES = Number(process.env.GAMES || 2);
const BOTS = (process.env.BOTS || "search,greedy").split(",");
// The kinds that search: their decisions are the ones measured.
const SEARCHING = new Set(["search", "strong", "expert"]);
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

const b = await launch({ viewport: { width: 1200, height: 800 } });
const all = [];
const winners = [];
try {
  for (let g = 0; g < GAMES; g++) {
    const { page } = await openPage(b.context, `${BASE_URL}?new`);
    await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready);
    const limits = await page.evaluate(async () => {
      const B = await import(new URL("bots.js", location.href));
      return { iterations: B.SEARCH_ITERATIONS, millis: B.SEARCH_MILLIS };
    });
    await page.evaluate(
      ({ bots, seed }) => {
        window.tongiakiApp.seedBots(seed);
        window.tongiakiApp.setSpeed(1);
        window.tongiakiApp.newGame({ players: bots.map((bot, i) => ({ name: `${bot}${i}`, bot })), seed });
      },
      { bots: BOTS, seed: 100 + g },
    );
    await page.waitForFunction(() => window.tongiakiApp.snapshot().phase === "over", null, { timeout: 30 * 60 * 1000, polling: 1000 });
    const stats = await page.evaluate(() => window.tongiakiApp.botStats());
    const snap = await page.evaluate(() => window.tongiakiApp.snapshot());
    winners.push(snap.ranking ? JSON.stringify(snap.ranking[0]) : "?");
    all.push(...stats.recent.filter((d) => SEARCHING.has(d.kind)).map((d) => ({ ...d, limits })));
    await page.close();
  }
} finally {
  await b.close();
}
const ms = all.map((d) => d.millis);
const its = all.map((d) => d.iterations);
const limits = all[0] ? all[0].limits : {};
// Cut by the clock: stopped at SEARCH_MILLIS (a level's own iteration count
// may differ from SEARCH_ITERATIONS, so the time alone tells).
const cutDecisions = all.filter((d) => d.millis >= limits.millis - 5);
const cut = cutDecisions.length;
const cutIts = cutDecisions.map((d) => d.iterations);
const sum = (xs) => xs.reduce((a, x) => a + x, 0);
console.log(
  JSON.stringify(
    {
      games: GAMES,
      bots: BOTS,
      budget: limits,
      search_decisions: all.length,
      in_worker: all.every((d) => d.worker),
      ms_mean: sum(ms) / ms.length,
      ms_p95: pct(ms, 0.95),
      ms_max: Math.max(...ms),
      iterations_mean: sum(its) / its.length,
      iterations_per_second: sum(its) / (sum(ms) / 1000),
      cut_by_clock: cut,
      // Decisions whose search started from the tree kept (BotPlayer), and
      // the visits kept, median of those.
      started_from_kept: all.filter((d) => d.reused > 0).length,
      kept_visits_median: all.some((d) => d.reused > 0) ? pct(all.filter((d) => d.reused > 0).map((d) => d.reused), 0.5) : 0,
      // What the clock let a cut search reach: the iterations the worker
      // runs in SEARCH_MILLIS (10th, 50th, 90th percentile).
      iterations_when_cut: cut ? [pct(cutIts, 0.1), pct(cutIts, 0.5), pct(cutIts, 0.9)] : null,
      winners,
    },
    null,
    1,
  ),
);
