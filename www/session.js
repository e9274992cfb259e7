// Session and replay: which game is on the table — a new one, the autosaved
// one brought back, one opened from a file — and the replay viewer, which
// shows position k as Game.load of the save cut after its first k actions
// (no rule logic in JS; a tampered or foreign file is refused with the
// engine's own message).

import * as T from "./targets.js";
import { DEFAULT_SEATS, cancelPending } from "./state.js";
import { fit } from "./scene.js";
import { refresh } from "./view.js";
import { afterChange, settle } from "./turns.js";
import { savedGame, optionsOf, engineOptions } from "./storage.js";

// An online table (online/session.js) is another source of the same game:
// it puts its game on the table with startGame and is `s.online` while it
// is there; any other game put on the table ends it.

/**
 * Start a new game. `options` are those of `new Game` (players, seed, deck);
 * a player may carry `bot: "random"` and `options.seats` may list "human" or
 * a bot kind per seat (UI-only extras, not passed to the engine). Throws the
 * engine's bad_options error.
 */
export function newGame(s, options) {
  const opts = options || { players: DEFAULT_SEATS.map(({ name, color }) => ({ name, color })), seats: DEFAULT_SEATS.map((x) => x.kind) };
  const game = new s.Game(engineOptions(opts));
  const seats = opts.players.map((p, i) => ({ kind: (opts.seats && opts.seats[i]) || p.bot || "human" }));
  startGame(s, game, opts, seats);
  const { t, colorWord } = s.words;
  s.dom.ui.log([{ text: t("g.newGame", s.snap.players.map((p, i) => `${p.name} (${colorWord(s.snap, i)})`).join(", "), opts.seed), cls: "turn" }]);
  return s.snap;
}

/** The engine's refusal of a new game's options in the table's language, or null (the new game dialog). */
export function checkNewGame(s, options) {
  try {
    new s.Game(engineOptions(options)).free();
    return null;
  } catch (e) {
    return s.i18n.errorText(e);
  }
}

/**
 * The new game dialog, with the seats of the game at hand (another player at
 * an online table is a person here). `again`: "Play again" at an online
 * table, so "Play online" comes ticked, in the same mode.
 */
export async function openNewGame(s, again = false) {
  const seats = s.snap
    ? s.snap.players.map((p, i) => {
        const kind = s.seats[i] ? s.seats[i].kind : "human";
        return { name: p.name, color: p.color, kind: kind === "remote" ? "human" : kind };
      })
    : DEFAULT_SEATS;
  const at = again && s.online ? s.online.state() : null;
  const preset = at ? { mode: at.mode } : null;
  if (at && at.seat > 0 && at.seat < seats.length) seats.unshift(...seats.splice(at.seat, 1)); // online, the first seat is ours
  const options = await s.dom.ui.newGameDialog({ seats, seed: null, online: !!s.onlineTables, preset });
  if (options && options.online) await s.onlineTables.create(options);
  else if (options) newGame(s, options);
}

/** Make `game` (a wasm Game, new or loaded, or an online table's) the one on the table. `quiet`: its ranking is not news. */
export function startGame(s, game, opts, seats, quiet = false) {
  if (s.online && s.online.game !== game) s.online.stop(); // another game: we leave the online table
  if (s.lesson) s.lesson.stop(); // another game: the lesson is over
  if (s.replay) leaveReplayState(s);
  if (s.game && s.game !== game) s.game.free();
  s.game = game;
  s.options = opts;
  s.seats = seats;
  cancelPending(s);
  s.ui = T.initialUi();
  s.rankingShown = !!quiet;
  s.faceCache.clear();
  s.dom.animator.skip();
  s.frame = null;
  const { ui } = s.dom;
  ui.closeDialogs();
  ui.clearLog();
  ui.thinking(null);
  refresh(s);
  fit(s);
  afterChange(s);
}

/** Bring back the autosaved game; returns its snapshot, or null if there is none (or it no longer loads). */
export function resume(s) {
  const saved = savedGame(s);
  if (!saved) return null;
  startGame(s, saved.game, saved.options, saved.kinds.map((kind) => ({ kind })));
  s.dom.ui.log([{ text: s.words.SAVE_WORDS.resumed, cls: "turn" }]);
  return s.snap;
}

/**
 * Open a game file (the text of a save). On success every seat is a person
 * (the file does not say who was a bot) and the replay viewer opens at the
 * last move. Returns null, or the engine's message when it refuses the file.
 */
export function openFile(s, text) {
  const { SAVE_WORDS } = s.words;
  let game;
  try {
    game = s.Game.load(text);
  } catch (e) {
    const message = SAVE_WORDS.openFailed(s.i18n.errorText(e));
    s.dom.ui.toast(message);
    return message;
  }
  const kinds = game.snapshot().players.map(() => "human");
  startGame(s, game, optionsOf(game, kinds), kinds.map((kind) => ({ kind })), true);
  const n = JSON.parse(game.save()).actions.length;
  s.dom.ui.log([{ text: SAVE_WORDS.opened(n), cls: "turn" }]);
  openReplay(s, n);
  return null;
}

/** Open the replay viewer on the game at hand, at move `k` (default: the last one). */
export function openReplay(s, k) {
  if (!s.game) return;
  if (!s.replay) {
    let save;
    try {
      save = s.game.save();
    } catch (e) {
      s.dom.ui.toast(s.i18n.errorText(e), "info"); // an online game before its end: the server keeps its save
      return;
    }
    const parsed = JSON.parse(save);
    s.replay = { save, parsed, actions: parsed.actions, k: parsed.actions.length };
    s.dom.animator.skip();
    s.frame = null;
    cancelPending(s);
    s.dom.ui.thinking(null);
    s.dom.ui.closeDialogs();
  }
  replayTo(s, k === undefined ? s.replay.actions.length : k);
}

/** Show the game after its first `k` actions: Game.load of the save cut after k. Its snapshot, or null. */
export function replayTo(s, k) {
  const r = s.replay;
  if (!r) return null;
  k = Math.max(0, Math.min(r.actions.length, Math.round(Number(k) || 0)));
  const cut = (n) => s.Game.load(JSON.stringify({ ...r.parsed, actions: r.actions.slice(0, n) }));
  const game = cut(k);
  const { SAVE_WORDS, describeAction } = s.words;
  let words = SAVE_WORDS.replayStart;
  if (k > 0) {
    // the move in words, as it read before it was made
    const prev = cut(k - 1);
    words = SAVE_WORDS.replayMove(k, describeAction(prev.snapshot(), r.actions[k - 1]));
    prev.free();
  }
  s.game.free();
  s.game = game;
  r.k = k;
  s.ui = T.initialUi();
  refresh(s);
  s.dom.ui.renderReplay({ k, n: r.actions.length, words });
  settle(s);
  return s.snap;
}

/** Leave the replay: the live game comes back where it was. */
export function closeReplay(s) {
  const r = s.replay;
  if (!r) return;
  const game = s.Game.load(r.save);
  leaveReplayState(s);
  s.game.free();
  s.game = game;
  s.ui = T.initialUi();
  s.generation++;
  refresh(s);
  fit(s);
  afterChange(s);
}

function leaveReplayState(s) {
  s.replay = null;
  s.dom.ui.renderReplay(null);
}

/** { k, n } while the replay viewer is open, else null. */
export function replayState(s) {
  return s.replay ? { k: s.replay.k, n: s.replay.actions.length } : null;
}
