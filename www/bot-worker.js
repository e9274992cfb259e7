// The bots' Web Worker (issue 5): the engine's bots' package
// (pkg/tongiaki_bots.js: the engine plus the bots and the voyage odds, which
// the page's own package leaves out) loaded off the page's thread, so a
// search bot thinking for a second never freezes the table. www/bots.js is
// the only client.
//
// Messages in (each with an `id` the answer repeats):
//   {type: "init", id, wasm?}   load the engine (wasm: the bots' package's
//                               bytes, for the single-file build, which has
//                               no .wasm file)
//   {type: "decide", id, save, kind, seed, budget, player?}
//                               Game.load(save), then botDecision(kind, seed, budget);
//                               with `player` (a key such as "1:expert", one per
//                               seat), by the BotPlayer kept under that key, so
//                               the expert starts from its last decision's tree
//   {type: "odds", id, save}    the game's voyageOdds() (issue 14)
//   {type: "hint", id, save, seed, budget}
//                               the game's hint(seed, budget) (issue 32)
//   {type: "review", id, save, options}
//                               a Review of the game (issue 32), one search
//                               at a time; between searches other messages
//                               are answered (a bot's move, the odds, a stop)
//   {type: "stop-review", id, review}
//                               stop review `review` at its next search
// Answers: {id, ok: true} | {id, decision: {action, iterations, millis}}
//        | {id, odds: VoyageOdds[], millis} | {id, hint: Hint}
//        | {id, partial: true, progress: ReviewProgress} (any number, then)
//          {id, review: GameReview, stopped, millis}
//        | {id, error: {message, code, key, args}}
//
// The last game is kept: consecutive decisions of one game differ by a few
// actions, so it is advanced by applying them instead of replaying the save.

import * as engine from "./pkg/tongiaki_bots.js";

let ready = null;
/** The kept bots (BotPlayer) by the page's key, oldest first; at most KEPT. */
const players = new Map();
const KEPT = 6;
let last = null; // { log: Action[] as JSON strings, options: string, game }

function start(wasm) {
  if (!ready) ready = engine.default(wasm ? { module_or_path: wasm } : undefined);
  return ready;
}

/** The game of `save`: the kept one advanced, when `save` extends it; else a fresh load. */
function gameOf(save) {
  const parsed = JSON.parse(save);
  const log = Array.isArray(parsed.actions) ? parsed.actions.map((a) => JSON.stringify(a)) : null;
  const options = JSON.stringify(parsed.options);
  if (last && log && last.options === options && last.log.length <= log.length && last.log.every((a, i) => a === log[i])) {
    try {
      for (let i = last.log.length; i < log.length; i++) last.game.apply(parsed.actions[i]);
      last.log = log;
      return last.game;
    } catch {
      // fall through to a full load (which explains a bad save)
    }
  }
  if (last) last.game.free();
  last = null;
  const game = engine.Game.load(save);
  if (log) last = { log, options, game };
  return game;
}

// Reviews under way, by id: { stop } (a stop-review sets it).
const reviews = new Map();

// A turn of the worker's event loop between two searches of a review, so
// the messages waiting (a stop, a bot's move) are answered. A message
// channel's turn is not held back the way a chain of timeouts is.
const turns = new MessageChannel();
const waiting = [];
turns.port1.onmessage = () => waiting.shift()?.();
const nextTurn = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    turns.port2.postMessage(0);
  });

async function review(m) {
  const game = engine.Game.load(m.save);
  let r;
  try {
    r = new engine.Review(game, m.options);
  } finally {
    game.free();
  }
  const job = { stop: false };
  reviews.set(m.id, job);
  const t0 = performance.now();
  let told = 0;
  try {
    let more = true;
    while (more && !job.stop) {
      more = r.step();
      // progress at most every 100 ms (and at the end)
      if (!more || performance.now() - told > 100) {
        told = performance.now();
        self.postMessage({ id: m.id, partial: true, progress: r.progress() });
      }
      if (more) await nextTurn();
    }
    self.postMessage({ id: m.id, review: r.result(), stopped: more, millis: performance.now() - t0 });
  } finally {
    reviews.delete(m.id);
    r.free();
  }
}

/** The BotPlayer kept under `key` for `kind`: made on first use (or when the kind changes). */
function playerFor(key, kind) {
  let p = players.get(key);
  if (p && p.kind !== kind) {
    p.free();
    p = null;
  }
  players.delete(key);
  if (!p) p = new engine.BotPlayer(kind);
  players.set(key, p); // the most recent last
  while (players.size > KEPT) {
    const [oldest, q] = players.entries().next().value;
    players.delete(oldest);
    q.free();
  }
  return p;
}

function errorOf(e) {
  return {
    message: String((e && e.message) || e),
    code: e && e.code,
    key: e && e.key,
    args: e && e.args,
  };
}

self.onmessage = async (event) => {
  const m = event.data || {};
  try {
    if (m.type === "init") {
      await start(m.wasm);
      self.postMessage({ id: m.id, ok: true });
      return;
    }
    if (m.type === "decide") {
      await start();
      const game = gameOf(m.save);
      const decision = m.player
        ? playerFor(m.player, m.kind).decide(game, m.seed, m.budget)
        : game.botDecision(m.kind, m.seed, m.budget);
      self.postMessage({ id: m.id, decision });
      return;
    }
    if (m.type === "odds") {
      await start();
      const game = gameOf(m.save);
      const t0 = performance.now();
      const odds = game.voyageOdds();
      self.postMessage({ id: m.id, odds, millis: performance.now() - t0 });
      return;
    }
    if (m.type === "hint") {
      await start();
      const game = gameOf(m.save);
      self.postMessage({ id: m.id, hint: game.hint(m.seed, m.budget) });
      return;
    }
    if (m.type === "review") {
      await start();
      await review(m);
      return;
    }
    if (m.type === "stop-review") {
      const job = reviews.get(m.review);
      if (job) job.stop = true;
      self.postMessage({ id: m.id, ok: true });
      return;
    }
    throw new Error(`The bot worker does not know the message "${m.type}".`);
  } catch (e) {
    self.postMessage({ id: m.id, error: errorOf(e) });
  }
};
