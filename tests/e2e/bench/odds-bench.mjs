// Browser figures of the voyage odds for BENCHMARKS.md (issue 14; a
// benchmark, not a test: it asserts nothing about time). Needs the page
// served, e.g.
//   target/release/tongiaki serve --port 8080 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:8080/ node tests/e2e/bench/odds-bench.mjs
// In headless Chromium, on the page's thread with the page's engine: every
// emigration decision of GAMES games between greedy bots (2..6 players),
// Game.voyageOdds() timed per call, split into calls whose voyages were all
// exact and calls with a sampled one; and the same positions' odds asked of
// the bots' worker (www/bots.js voyageOdds), asked to answered.
import { launch, openPage, BASE_URL } from "../lib/browser.mjs";

const GAMES = Number(process.env.GAMES || 30);

const b = await launch();
try {
  const { page } = await openPage(b.context, new URL("?new", BASE_URL).href);
  await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready);
  const r = await page.evaluate(async (games) => {
    const Game = await window.tongiakiApp.loadBots(); // the bots' package: voyageOdds, botAction
    const Bots = await import(new URL("bots.js", location.href));
    const exact = [];
    const sampled = [];
    const worker = [];
    let voyages = 0;
    let exactVoyages = 0;
    for (let i = 0; i < games; i++) {
      const n = 2 + (i % 5);
      const g = new Game({ players: Array.from({ length: n }, () => ({})), seed: 4000 + i });
      for (let k = 0; k < 3000; k++) {
        const snap = g.snapshot();
        if (snap.phase === "over") break;
        if (snap.phase === "emigrate") {
          const t0 = performance.now();
          const odds = g.voyageOdds();
          const ms = performance.now() - t0;
          voyages += odds.length;
          exactVoyages += odds.filter((o) => o.exact).length;
          (odds.every((o) => o.exact) ? exact : sampled).push(ms);
          if (worker.length < 200) {
            const w0 = performance.now();
            await Bots.voyageOdds(g);
            worker.push(performance.now() - w0);
          }
        }
        g.apply(g.botAction("greedy", k));
      }
      g.free();
      await new Promise((res) => setTimeout(res, 0));
    }
    return { exact, sampled, worker, voyages, exactVoyages };
  }, GAMES);
  const stats = (xs) => {
    if (!xs.length) return "-";
    const s = xs.slice().sort((a, b) => a - b);
    const mean = s.reduce((a, b) => a + b, 0) / s.length;
    const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    return `${s.length} calls: mean ${mean.toFixed(2)} ms, median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms`;
  };
  console.log(`${GAMES} greedy games, ${r.voyages} voyages: ${r.exactVoyages} exact (${((100 * r.exactVoyages) / r.voyages).toFixed(1)}%)`);
  console.log(`page thread, all exact: ${stats(r.exact)}`);
  console.log(`page thread, with a sampled one: ${stats(r.sampled)}`);
  console.log(`bots' worker, asked to answered (first ${r.worker.length}): ${stats(r.worker.slice(1))} (the first, starting the worker: ${r.worker[0]?.toFixed(0)} ms)`);
} finally {
  await b.close();
}
