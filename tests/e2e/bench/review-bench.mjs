// Browser figures of the review (issue 32) for BENCHMARKS.md (a benchmark,
// not a test: it asserts nothing about time). Needs the page served, e.g.
//   target/release/tongiaki serve --port 0 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:PORT/ node tests/e2e/bench/review-bench.mjs
// In headless Chromium, in the bots' worker as the page runs it (www/bots.js
// reviewGame, the default budget unless ITERATIONS is set): games between
// greedy bots and a search bot (seat 0, the page's budget) for 2, 3 and 4
// players, each reviewed twice: the save cut after its 60th decision with a
// choice (the start of a game: the longest playouts, the slowest part), and
// the whole game. Prints seconds, decisions, and milliseconds per decision.
import { launch, openPage, BASE_URL } from "../lib/browser.mjs";

const ITERATIONS = process.env.ITERATIONS ? Number(process.env.ITERATIONS) : undefined;
const PLAYERS = (process.env.PLAYERS || "2,3,4").split(",").map(Number);
const WHOLE = process.env.WHOLE !== "0";

const b = await launch();
try {
  const { page } = await openPage(b.context, new URL("?new", BASE_URL).href);
  await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready);
  for (const players of PLAYERS) {
    const r = await page.evaluate(
      async ({ players, iterations, whole }) => {
        const Game = await window.tongiakiApp.loadBots();
        const Bots = await import(new URL("bots.js", location.href));
        const g = new Game({ players: Array.from({ length: players }, () => ({})), seed: 900 + players });
        let choices = 0;
        let cut = null;
        for (let k = 0; k < 5000 && g.legalActions().length; k++) {
          const legal = g.legalActions();
          if (legal.length > 1) {
            if (choices === 60) cut = g.save();
            choices += 1;
          }
          const seat = g.snapshot().current;
          const a = seat === 0 && legal.length > 1 ? g.botAction("search", k, { iterations: 2000, millis: 900 }) : g.botAction("greedy", k, undefined);
          g.apply(a);
        }
        const full = g.save();
        g.free();
        const out = [];
        for (const [what, save] of [["first 60 decisions", cut], ...(whole ? [["whole game", full]] : [])]) {
          if (!save) continue;
          const t0 = performance.now();
          const job = Bots.reviewGame(save, { iterations });
          const a = await job.done;
          out.push({ what, seconds: (performance.now() - t0) / 1000, decisions: a.review.decisions.length, voyages: a.review.luck.length, worker: a.worker, iterations: a.review.iterations });
        }
        return out;
      },
      { players, iterations: ITERATIONS, whole: WHOLE },
    );
    for (const x of r)
      console.log(
        `${players} players, ${x.what}: ${x.decisions} decisions, ${x.voyages} voyages, ${x.seconds.toFixed(1)} s (${((1000 * x.seconds) / x.decisions).toFixed(0)} ms per decision), ${x.iterations} playouts per decision, worker ${x.worker}`,
      );
  }
} finally {
  await b.close();
}
