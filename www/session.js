// Session and replay: which game is on the table and where it comes from
// (its source, source.js) — a new one, the autosaved one brought back, one
// opened from a file — and the replay viewer, a source of its own, which
// shows position k as Game.load of the save cut after its first k actions
// (no rule logic in JS; a tampered or foreign file is refused with the
// engine's own message).

import * as T from "./targets.js";
import { DEFAULT_SEATS, cancelPending } from "./state.js";
import { fit } from "./scene.js";
import { clearNotes } from "./notes.js";
import { refresh } from "./view.js";
import { afterChange, settle } from "./turns.js";
import { savedGame, optionsOf, engineOptions } from "./storage.js";
import { localSource, setSource } from "./source.js";

// An online table (online/session.js) and a lesson (tutorial.js) are other
// sources of a game: they put it on the table with startGame (or, a lesson,
// take the one newGame put there); any other game put on the table ends
// them.

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
 * table ({ mode, seat }: source.js againOnline), so "Play online" comes
 * ticked, in the same mode, our seat first.
 */
export async function openNewGame(s, again = null) {
  const seats = s.snap
    ? s.snap.players.map((p, i) => {
        const kind = s.seats[i] ? s.seats[i].kind : "human";
        return { name: p.name, color: p.color, kind: kind === "remote" ? "human" : kind };
      })
    : DEFAULT_SEATS;
  const preset = again ? { mode: again.mode } : null;
  if (again && again.seat > 0 && again.seat < seats.length) seats.unshift(...seats.splice(again.seat, 1)); // online, the first seat is ours
  // `online`: the table's online tables (their lobby and "My tables" show in the dialog's online tab)
  const options = await s.dom.ui.newGameDialog({ seats, seed: null, online: s.onlineTables || false, preset });
  if (options && options.online) await s.onlineTables.create(options);
  else if (options) newGame(s, options);
}

/**
 * Make `game` (a wasm Game, new or loaded, or an online table's) the one on
 * the table, from `source` (source.js; a local game's by default): the
 * source before it ends (we leave an online table, a lesson is over, the
 * replay viewer closes). `quiet`: its ranking is not news.
 */
export function startGame(s, game, opts, seats, quiet = false, source = localSource(s)) {
  setSource(s, source);
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
  clearNotes(s); // the last game's notes are not this one's
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

/**
 * The replay viewer's source, over `under` (the game's own source, which
 * comes back when it closes): nobody plays; it shows position `replay.k` of
 * the game saved as `save`, which is what "Save file" downloads.
 */
function replaySource(s, under, save) {
  const parsed = JSON.parse(save);
  const replay = { save, parsed, actions: parsed.actions, k: parsed.actions.length };
  const source = localSource(s, {
    name: "replay",
    plays: false,
    whyNotPlaying: "The replay viewer is open: close it (Back to the game) before playing.",
    autosaves: false, // the live game is kept as it was before the viewer opened
    mayTakeBack: false,
    noTakeBack: "u.noTakeBackReplay",
    under,
    replay,
    notice: () => s.words.SAVE_WORDS.replayNoClick,
    // the lesson under the viewer keeps its panel
    decorate: () => source.under.decorate(),
    // the move's words are the viewer's own: written again in the new language
    redraw: () => replayTo(s, replay.k),
    key(name) {
      const to = { ArrowLeft: replay.k - 1, ArrowRight: replay.k + 1, Home: 0, End: replay.actions.length };
      if (!Object.hasOwn(to, name)) return false;
      replayTo(s, to[name]);
      return true;
    },
    saveText: () => replay.save,
    againOnline: () => source.under.againOnline(),
    end() {
      s.dom.ui.renderReplay(null);
      source.under.end();
    },
  });
  return source;
}

/** Open the replay viewer on the game at hand, at move `k` (default: the last one). */
export function openReplay(s, k) {
  if (!s.game) return;
  if (!s.source.replay) {
    let save;
    try {
      save = s.source.replayText();
    } catch (e) {
      s.dom.ui.toast(s.i18n.errorText(e), "info"); // an online game before its end: the server keeps its save
      return;
    }
    s.source = replaySource(s, s.source, save);
    s.dom.animator.skip();
    s.frame = null;
    cancelPending(s);
    s.dom.ui.thinking(null);
    s.dom.ui.closeDialogs();
  }
  replayTo(s, k === undefined ? s.source.replay.actions.length : k);
}

/** The Replay button: open the viewer, or close it. */
export function toggleReplay(s) {
  if (s.source.replay) closeReplay(s);
  else openReplay(s);
}

/** Move the replay viewer `d` moves on (back when negative). */
export function replayStep(s, d) {
  return replayTo(s, s.source.replay ? s.source.replay.k + d : 0);
}

/** Show the game after its first `k` actions: Game.load of the save cut after k. Its snapshot, or null. */
export function replayTo(s, k) {
  const r = s.source.replay;
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

/** Leave the replay: the live game comes back where it was, from its own source. */
export function closeReplay(s) {
  const r = s.source.replay;
  if (!r) return;
  const game = s.source.under.backFromReplay() || s.Game.load(r.save); // an online table's own game comes back
  s.source = s.source.under;
  s.dom.ui.renderReplay(null);
  s.game.free();
  s.game = game;
  s.ui = T.initialUi();
  s.generation++;
  refresh(s);
  fit(s);
  afterChange(s);
}

/** { k, n } while the replay viewer is open, else null. */
export function replayState(s) {
  const r = s.source.replay;
  return r ? { k: r.k, n: r.actions.length } : null;
}
