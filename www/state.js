// The state of one table (as chessground's state.ts): a plain object that
// the controller's modules read and change — the wasm Game and what was last
// read from it, where it comes from (`source`, source.js), the seats, the
// UI's own little state, speed, timers. defaults() makes it, configure() applies createApp's options,
// sync() reads the game into it. The DOM parts (canvas, camera, renderer,
// animator, panels) are `s.dom`, set by app.js.

import { initialUi, decision, effectiveMode } from "./targets.js";
import { createI18n } from "./i18n.js";
import { createWords } from "./words.js";

export const DEFAULT_SEATS = Object.freeze([
  { name: "You", color: "blue", kind: "human" },
  { name: "Moana", color: "yellow", kind: "greedy" },
  { name: "Tavita", color: "green", kind: "search" },
]);

export function defaults(Game) {
  return {
    Game, // the wasm Game class
    game: null, // the Game on the table
    source: null, // where it comes from and what the table may do with it (source.js; a local game's from app.js on)
    snap: null, // its snapshot and legal actions, as last read (sync)
    legal: [],
    seats: [], // [{ kind: "human" | bot kind }]
    options: null, // the options of the running game (for "play again")
    ui: initialUi(), // picker mode, selection, tray colour, rotation (targets.js)
    hover: null, // world point under the pointer
    hit: null, // hitTest of the hover point
    speed: 1,
    autoForced: true,
    generation: 0, // bumps on a new game or a replay: cancels pending bot moves
    timer: 0, // pending bot / forced move
    idleWaiters: [],
    rankingShown: false,
    faceCache: new Map(), // card -> its face while it waits to be laid
    frame: null, // an animation frame's scene parts, or null
    lastArrival: null, // the timeline of the last arrival: where the group came in
    decided: null, // the decision last read (sync): a focus on a card ends with it
    held: false, // a move is being shown: the panels keep their words until the board has shown it (turns.js, view.js)
    // the camera (scene.js): does it follow the game, the board's targets now (coarse: their cards), a glide, who waits for its end
    view: { follow: true, coarse: false, targets: [], tween: null, waiters: [] },
    history: null, // { game, moves }: who made each move and what it revealed (history.js, for undo.js)
    tutorial: null, // the table's tutorial (tutorial.js createTutorial; app.js)
    onlineTables: null, // creating, joining and watching online tables (online/session.js; app.js), where a server can be reached
    disposed: false,
    // configure()
    storageKey: null,
    languageKey: null,
    keys: "document",
    onMove: null,
    onOver: null,
    i18n: null,
    words: null,
    dom: null,
  };
}

/**
 * createApp's options (all optional): `storageKey` — localStorage key under
 * which the running game is saved after every move and from which `resume()`
 * brings it back (no autosave without it); `languageKey` — where the
 * language switch is remembered; `onMove(action, snapshot, events)` and
 * `onOver(snapshot)` — called after every applied action / once when a game
 * ends; `keys` — "document" (default: keys anywhere on the page) or "focus"
 * (only while the table holds the focus or was clicked last; several tables
 * on one page); `language` — the table's own language (i18n.js; default
 * English), so tables on one page do not follow each other's switch;
 * `online` — `{ server, page }` for online tables (online/session.js), or
 * false for none (app.js); `sound` — the table's sounds on at first
 * (default true; an embedded table passes false unless asked, sound.js) and
 * `soundKey` — where the mute switch is remembered.
 */
export function configure(s, options = {}) {
  s.storageKey = options.storageKey || null;
  s.languageKey = options.languageKey || null;
  s.keys = options.keys === "focus" ? "focus" : "document";
  s.onMove = options.onMove || null;
  s.onOver = options.onOver || null;
  s.i18n = createI18n(options.language || "en");
  s.words = createWords(s.i18n.t);
  s.soundOptions = { on: options.sound === undefined ? true : !!options.sound, key: options.soundKey || null };
}

/** Read the game into the state: snapshot, legal actions; drop UI state that no longer fits the decision at hand. */
export function sync(s) {
  s.snap = s.game.snapshot();
  s.legal = s.game.legalActions();
  const d = decision(s.snap, s.legal);
  const ui = { ...s.ui };
  if (d !== "turn" && d !== "place_new") ui.selection = null;
  if (d === "turn") ui.mode = effectiveMode(s.legal, ui.mode);
  if (d !== "land") ui.traySeat = null;
  if (d !== "land") ui.landAll = null;
  if (d !== s.decided) ui.focus = null; // a card come close to belongs to one decision
  s.decided = d;
  if (d !== "place_card") {
    ui.rotation = null;
    ui.lastHex = null;
  }
  s.ui = ui;
}

/** The legal actions a click may make and the board highlights: all of them, or those the source narrows them to (a lesson: the one it waits for). */
export function clickable(s) {
  return s.source.clickable(s.legal);
}

/** Is no person to act now? (a bot's turn, or a source where nobody plays: the replay viewer) */
export function isBotTurn(s) {
  if (!s.source.plays) return true;
  const p = s.snap;
  return !!(p && p.current !== null && p.current !== undefined && s.seats[p.current] && s.seats[p.current].kind !== "human");
}

/** Cancel a pending bot or forced move (and any answer still on its way). */
export function cancelPending(s) {
  s.generation++;
  clearTimeout(s.timer);
  s.timer = 0;
}
