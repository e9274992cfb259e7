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
//   {type: "decide", id, save, kind, seed, budget}
//                               Game.load(save), then botDecision(kind, seed, budget)
//   {type: "odds", id, save}    the game's voyageOdds() (issue 14)
// Answers: {id, ok: true} | {id, decision: {action, iterations, millis}}
//        | {id, odds: VoyageOdds[], millis}
//        | {id, error: {message, code, key, args}}
//
// The last game is kept: consecutive decisions of one game differ by a few
// actions, so it is advanced by applying them instead of replaying the save.

import * as engine from "./pkg/tongiaki_bots.js";

let ready = null;
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
      const decision = game.botDecision(m.kind, m.seed, m.budget);
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
    throw new Error(`The bot worker does not know the message "${m.type}".`);
  } catch (e) {
    self.postMessage({ id: m.id, error: errorOf(e) });
  }
};
