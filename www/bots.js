// Bot seats (issue 5). One async entry point, chooseAction(game, seat, kind,
// opts), resolves to one of game.legalActions(): the engine's own bots
// (the levels beginner to expert, random, greedy, search — src/bots) choose it in a Web Worker
// (bot-worker.js) that loads the engine's bots' package
// (pkg/tongiaki_bots.js), so the page never freezes while a search bot
// thinks. The page's own engine (pkg/tongiaki.js) has no bots and no voyage
// odds: it loads faster. There is no rule logic here.
//
// Where no worker can start (a page whose policy forbids it, an old
// browser), the bots' package is loaded on the page's thread instead
// (loadBots) and asked about a copy of the game, after letting the
// "thinking…" line paint. The single-file build (scripts/build-single.sh)
// carries the worker's code inline, in a <script type="text/plain"
// id="tongiaki-bot-worker">, and the bots' wasm in #tongiaki-bots-wasm; the
// worker is then made from a blob.

import { inlineText, inlineWasmBytes } from "./inline.js";

/**
 * The bot kinds a seat can be: the four levels a player picks (src/bots/levels.rs,
 * each stronger than the one before, BENCHMARKS.md), then the bots they are made
 * of, weakest first. `label` is the English fallback of t(`bot.${id}`).
 */
export const BOT_KINDS = Object.freeze([
  { id: "beginner", label: "Bot: beginner" },
  { id: "intermediate", label: "Bot: intermediate" },
  { id: "strong", label: "Bot: strong" },
  { id: "expert", label: "Bot: expert" },
  { id: "random", label: "Bot (random)" },
  { id: "greedy", label: "Bot (greedy)" },
  { id: "search", label: "Bot (search)" },
]);

/**
 * The search bot's budget per decision: a fixed number of iterations (so its
 * strength does not depend on the machine), stopped early by the clock after
 * SEARCH_MILLIS (so a slow machine never waits more than that; the clock is
 * read every 8 iterations, and 900 ms keeps a whole decision, message to the
 * worker and back included, under a second). The iterations are set so that
 * an ordinary machine finishes them well before the clock: then the clock
 * only ever cuts a slow machine's search short. BENCHMARKS.md (the bots'
 * strength and speed) measures this setting against the greedy bot,
 * natively with the same budget, and its time per decision in Chrome.
 */
export const SEARCH_ITERATIONS = 2000;
export const SEARCH_MILLIS = 900;

/** Seeded PRNG (mulberry32) so a test can make bot play repeatable. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = Math.random;

/** Make the bots repeatable (tests): their seeds come from `seed`; `null` restores Math.random. */
export function seedBots(seed) {
  random = seed === null || seed === undefined ? Math.random : rng(seed);
}

/** What the bots have done on this page (tests, the benchmark page). */
const stats = { worker: null, decisions: 0, iterations: 0, millis: 0, last: null, recent: [] };
const RECENT = 500;
/** Totals, the last decision, and the last 500 decisions with a choice: {kind, iterations, millis, worker}. */
export function botStats() {
  return { ...stats, last: stats.last && { ...stats.last }, recent: stats.recent.map((d) => ({ ...d })) };
}

/**
 * The budget for one decision of `kind`: the same at every bot speed, so
 * the speed changes the pace only, never a bot's strength (issue 14); the
 * strength is the seat's kind.
 */
export function budgetFor(kind) {
  // A level that searches takes only the clock (its iterations are its own).
  if (kind !== "search" && kind !== "strong" && kind !== "expert") return undefined;
  return { iterations: SEARCH_ITERATIONS, millis: SEARCH_MILLIS };
}

// ---- the worker ----------------------------------------------------------

let worker = null; // Promise<{post(msg): Promise<answer>} | null> (null: no worker here)
let nextId = 1;

function startWorker() {
  if (typeof Worker === "undefined") return Promise.resolve(null);
  let w;
  let wasm;
  try {
    const inline = inlineText("tongiaki-bot-worker");
    if (inline !== null) {
      const url = URL.createObjectURL(new Blob([inline], { type: "text/javascript" }));
      w = new Worker(url); // a classic script (see scripts/build-single.mjs)
      wasm = inlineWasmBytes("tongiaki-bots-wasm") || undefined;
    } else {
      w = new Worker(new URL("./bot-worker.js", import.meta.url), { type: "module" });
    }
  } catch (e) {
    console.warn(`Bots think on the page's thread: no Web Worker here (${e.message}).`);
    return Promise.resolve(null);
  }
  const waiting = new Map(); // id -> { resolve, reject, progress? }
  const failAll = (message) => {
    for (const [, p] of waiting) p.reject(Object.assign(new Error(message), { workerFailed: true }));
    waiting.clear();
  };
  w.onmessage = (e) => {
    const m = e.data || {};
    const p = waiting.get(m.id);
    if (!p) return;
    if (m.partial) {
      // a long job's progress (a review, issue 32): the answer is still to come
      if (p.progress) p.progress(m.progress);
      return;
    }
    waiting.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code, key: m.error.key, args: m.error.args }));
    else p.resolve(m);
  };
  w.onerror = (e) => {
    e.preventDefault?.();
    failAll(`The bot worker failed: ${e.message || "it could not start"}.`);
  };
  const post = (msg, transfer, progress, onId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, progress });
      if (onId) onId(id);
      w.postMessage({ ...msg, id }, transfer || []);
    });
  const api = { post };
  // A worker that cannot load the engine in 20 s is given up for the page's thread.
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), 20000);
  });
  return Promise.race([post({ type: "init", wasm }, wasm ? [wasm.buffer] : []), timeout])
    .then((r) => {
      clearTimeout(timer);
      if (r === "timeout") throw new Error("it did not answer");
      return api;
    })
    .catch((e) => {
      clearTimeout(timer);
      console.warn(`Bots think on the page's thread: the bot worker could not load the engine (${e.message}).`);
      w.terminate();
      return null;
    });
}

function getWorker() {
  if (!worker) worker = startWorker();
  return worker;
}

function record(kind, decision, inWorker) {
  stats.worker = inWorker;
  stats.decisions += 1;
  stats.iterations += decision.iterations || 0;
  stats.millis += decision.millis || 0;
  stats.last = { kind, iterations: decision.iterations, reused: decision.reused || 0, millis: decision.millis, worker: inWorker };
  stats.recent.push(stats.last);
  if (stats.recent.length > RECENT) stats.recent.shift();
}

const paint = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Choose an action for `seat` in `game` (a wasm Game whose player to move is
 * `seat`) by bot `kind` (a level such as "expert", "random", "greedy", "search"), with the same budget
 * at every speed (budgetFor; `opts` is kept for callers that pass the speed).
 * Resolves to one of game.legalActions();
 * rejects with the engine's error (e.g. an unknown kind).
 */
export async function chooseAction(game, seat, kind = "random", opts = {}) {
  const legal = game.legalActions();
  if (!legal.length) throw new Error("The bot has nothing to do: the game is over.");
  if (legal.length === 1) return legal[0];
  const seed = Math.floor(random() * 4294967296);
  const budget = budgetFor(kind);
  const w = await getWorker();
  if (w) {
    try {
      // One kept bot a seat (the worker's BotPlayer): the expert goes on
      // from its last decision's search.
      const m = await w.post({ type: "decide", save: game.save(), kind, seed, budget, player: `${seat}:${kind}` });
      record(kind, m.decision, true);
      return m.decision.action;
    } catch (e) {
      if (!e.workerFailed) throw e;
      worker = Promise.resolve(null); // the worker died: carry on without it
    }
  }
  await paint();
  const decision = await withBotsCopy(game, (copy) => copy.botDecision(kind, seed, budget));
  record(kind, decision, false);
  return decision.action;
}

/**
 * The voyage odds of `game` (Game.voyageOdds(), issue 14), worked out in the
 * bots' worker when there is one (a sampled figure takes a few tens of
 * milliseconds, which the page should not wait for), else on the page's
 * thread. Resolves to { odds, millis (the engine's time), worker }.
 */
export async function voyageOdds(game) {
  const w = await getWorker();
  if (w) {
    try {
      const m = await w.post({ type: "odds", save: game.save() });
      return { odds: m.odds, millis: m.millis, worker: true };
    } catch (e) {
      if (!e.workerFailed) throw e;
      worker = Promise.resolve(null); // the worker died: carry on without it
    }
  }
  return withBotsCopy(game, (copy) => {
    const t0 = performance.now();
    const odds = copy.voyageOdds();
    return { odds, millis: performance.now() - t0, worker: false };
  });
}

// ---- the review and the hint (issue 32) -------------------------------------

/**
 * The bot kind the hint asks: the strongest level (src/review HINT_KIND;
 * the engine falls back to the strongest search where there is no such
 * kind), with the budget of the bots' seats for it.
 */
export const HINT_KIND = "expert";
const hintBudget = () => budgetFor(HINT_KIND) || budgetFor("search");

/**
 * The hint for the player to move in `game`: the move the strongest bot
 * would make, and the facts of why (Game.hint). Resolves to
 * { action, kind, iterations, millis, why, worker }.
 */
export async function hint(game) {
  const seed = Math.floor(random() * 4294967296);
  const budget = hintBudget();
  const w = await getWorker();
  if (w) {
    try {
      const m = await w.post({ type: "hint", save: game.save(), seed, budget });
      return { ...m.hint, worker: true };
    } catch (e) {
      if (!e.workerFailed) throw e;
      worker = Promise.resolve(null); // the worker died: carry on without it
    }
  }
  await paint();
  return { ...(await withBotsCopy(game, (copy) => copy.hint(seed, budget))), worker: false };
}

/**
 * Review the game saved as `save` (a `Review` of the bots' package, issue
 * 32), in the bots' worker, one search at a time: `onProgress({done,
 * total, reviewed, moves})` as it goes. Returns { done, stop }: `done`
 * resolves to { review, stopped, millis, worker } (the review so far when
 * stopped), `stop()` stops it at the next search. Where no worker starts,
 * on the page's thread, letting the page paint between searches.
 */
export function reviewGame(save, { iterations, seed, onProgress } = {}) {
  let stopped = false;
  let stopWorker = null;
  const options = { iterations, seed };
  const done = (async () => {
    const w = await getWorker();
    if (w) {
      try {
        let jobId = null;
        const job = w.post({ type: "review", save, options }, [], onProgress, (id) => (jobId = id));
        stopWorker = () => w.post({ type: "stop-review", review: jobId }).catch(() => {});
        if (stopped) stopWorker();
        const m = await job;
        return { review: m.review, stopped: m.stopped, millis: m.millis, worker: true };
      } catch (e) {
        if (!e.workerFailed) throw e;
        worker = Promise.resolve(null);
      }
    }
    const mod = await loadBotsModule();
    const game = mod.Game.load(save);
    let r;
    try {
      r = new mod.Review(game, options);
    } finally {
      game.free();
    }
    const t0 = performance.now();
    try {
      let more = true;
      while (more && !stopped) {
        more = r.step();
        if (onProgress) onProgress(r.progress());
        await paint();
      }
      return { review: r.result(), stopped: more, millis: performance.now() - t0, worker: false };
    } finally {
      r.free();
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      if (stopWorker) stopWorker();
    },
  };
}

// ---- the bots' package on the page's thread --------------------------------

let botsModule = null; // Promise<the module pkg/tongiaki_bots.js, initialised>
let botsGame = null; // Promise<the Game class of pkg/tongiaki_bots.js>

/** The bots' package's module (Game, Review), loaded and initialised on the page's thread on first use. */
function loadBotsModule() {
  if (!botsModule) {
    botsModule = (async () => {
      const mod = await import("./pkg/tongiaki_bots.js");
      const inline = inlineWasmBytes("tongiaki-bots-wasm");
      await mod.default(inline ? { module_or_path: inline } : undefined);
      return mod;
    })();
    botsModule.catch(() => {
      botsModule = null; // let a later call try again
    });
  }
  return botsModule;
}

/**
 * The Game class of the bots' package (pkg/tongiaki_bots.js: the page's API
 * plus botAction, botDecision and voyageOdds), loaded on the page's thread
 * on first use: where no worker can start, and for tests and tools
 * (window.tongiakiApp.loadBots()).
 */
export function loadBots() {
  if (!botsGame) {
    botsGame = loadBotsModule().then((mod) => mod.Game);
    botsGame.catch(() => {
      botsGame = null; // let a later call try again
    });
  }
  return botsGame;
}

/** `f(copy)` for a copy of `game` (a page's Game) in the bots' package; the copy is freed after. */
async function withBotsCopy(game, f) {
  const Game = await loadBots();
  const copy = Game.load(game.save());
  try {
    return f(copy);
  } finally {
    copy.free();
  }
}
