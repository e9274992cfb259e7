// The table's source (issue 28): where the game on the table comes from and
// what the table may do with it, chosen once when a game is put on the
// table (session.js startGame) and kept as `s.source`. The other modules ask
// it what they need to know and never which mode the table is in:
//
//   local game    this module's localSource: people and bots on this device
//   replay        session.js: the replay viewer, a view of the game where nobody plays
//   lesson        tutorial.js: "Learn to play", a local game led by its script
//   online table  online/session.js: the server's game, other seats move there
//
// Each is the local source with some answers changed (localSource(s,
// overrides)). How an action is applied is the game's own business, not the
// source's: an online table's game (online/game.js OnlineGame, which stands
// in for the wasm Game) sends it as an act and answers null, and the
// server's next state plays it (turns.js).

import * as Bots from "./bots.js";
import { isBotTurn } from "./state.js";
import { refreshPanels } from "./view.js";

/**
 * The local game's source, or (`overrides`) another source built on it.
 * Every source has these fields and methods:
 */
export function localSource(s, overrides = {}) {
  return {
    /** What it is, "local" | "replay" | "lesson" | "online" (for a reader and the tests; nothing branches on it). */
    name: "local",
    /** Does anybody play here? false: a view of the game (the replay viewer): no clicks, no moves, no ranking. */
    plays: true,
    /** Why apply() is refused where nobody plays (the API's error, in English). */
    whyNotPlaying: null,
    /** Is the game written to localStorage after every move (where the table has a storageKey)? */
    autosaves: true,
    /** May a person take a move back (undo.js)? If not, `noTakeBack` is the key of lang/*.js that says why. */
    mayTakeBack: true,
    noTakeBack: null,
    /** The source under this one, which comes back when it is closed (the replay viewer's), or null. */
    under: null,
    /** The replay viewer's position ({ save, parsed, actions, k }), or null: no replay (session.js). */
    replay: null,
    /**
     * Who moves next, once nothing is moving and the game is not over (turns.js afterChange):
     * { by: "person", playsForced } — a click here (`playsForced`: a forced move may be played for them),
     * { by: "bot", seat, kind } — a bot on this device (bots.js),
     * { by: "elsewhere", thinking } — the server moves (`thinking`: a bot's name to show, or null),
     * { by: "script", action, who, pause } — a scripted move after a pause (`who`: the seat to show thinking, or null).
     */
    upcoming() {
      if (!isBotTurn(s)) return { by: "person", playsForced: true };
      const seat = s.snap.current;
      return { by: "bot", seat, kind: s.seats[seat].kind };
    },
    /** The legal actions a click may make and the board highlights (state.js clickable). */
    clickable: (legal) => legal,
    /** Why a click on the board is held back on a person's turn (words), or null. */
    holdsClick: () => null,
    /** Why a person's move is not taken (words; the engine's refusals are the engine's), or null (turns.js perform). */
    refuse: () => null,
    /** A move was played (turns.js applied). */
    applied() {},
    /** Words the status panel shows instead of its controls, and a click on the board as a toast; null for none. */
    notice: () => null,
    /** After the panels were drawn: the source's own panel (view.js). */
    decorate() {},
    /** Draw the panels again (another language). */
    redraw: () => refreshPanels(s),
    /** A key on the board: true when the source did something with it. */
    key: () => false,
    /** The voyage odds of this position: its key (odds belong to one game and one move), and a promise of them (odds-view.js). */
    oddsKey: () => `${s.generation}:${s.snap && s.snap.turn}:${s.game.save().length}`,
    askOdds: () => Bots.voyageOdds(s.game),
    /** The text "Save file" downloads (the engine's save; online before the end it throws the server's refusal). */
    saveText: () => s.game.save(),
    /** The save the replay viewer steps through (online before the end: the moves every player saw, online/past.js). */
    replayText: () => s.game.save(),
    /** The game that comes back when the replay viewer closes; null: the one it showed, loaded from its save. */
    backFromReplay: () => null,
    /** "Play again" opens the new-game dialog set for another online table: its { mode, seat }; null: the same options again. */
    againOnline: () => null,
    /** Another game comes to the table, or the table is disposed: this source ends. */
    end() {},
    ...overrides,
  };
}

/** Make `source` the table's: the one it replaces ends first (session.js startGame). */
export function setSource(s, source) {
  if (s.source && s.source !== source) s.source.end();
  s.source = source;
}

/**
 * `from` ended by itself (a lesson left, an online table left): where it is
 * the table's source, or under the replay viewer, `to` (a local source by
 * default) takes its place; the game on the table stays.
 */
export function dropSource(s, from, to = localSource(s)) {
  if (s.source === from) {
    s.source = to;
    return;
  }
  for (let x = s.source; x && x.under; x = x.under) {
    if (x.under === from) {
      x.under = to;
      return;
    }
  }
}
