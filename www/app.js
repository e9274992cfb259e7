// The controller of one table, wired as chessground wires its board:
// defaults, configure, the DOM parts, bind events, start. Rules live only in
// the engine: every highlight comes from legalActions() and every refusal
// shows the engine's own message. The jobs are in their own modules:
//   state.js    the table's state, its options, the game read into it
//   session.js  new game, resume, open a file, the replay viewer
//   turns.js    applying actions; bots, forced moves, whenIdle
//   view.js     panels and board after a change     scene.js  the canvas
//   controls.js clicks, keys and the panels' buttons events.js  binding them
//   storage.js  autosave and the save file          hooks.js  the API
//   undo.js     take back (history.js)               tutorial.js  "Learn to play"
//   source.js   where the game comes from and what the table may do with it:
//               a local game, the replay viewer (session.js), a lesson
//               (tutorial.js), an online table (online/session.js)

import { createCamera } from "./camera.js";
import { createRenderer } from "./render.js";
import { createAnimator } from "./anim.js";
import { createUi } from "./ui.js";
import { defaults, configure } from "./state.js";
import { drawFrame } from "./scene.js";
import { animated, stepShown } from "./turns.js";
import { panelIntents, clickAt, hoverAt, key } from "./controls.js";
import { bindEvents } from "./events.js";
import { start } from "./hooks.js";
import { createTutorial } from "./tutorial.js";
import { localSource } from "./source.js";
import { createReview } from "./review.js";
import { keptSeats } from "./online/api.js";
import { createSound } from "./sound.js";
import { createA11y } from "./a11y/index.js";

/**
 * Mount a game table on `root` (an element or shadow root holding the markup
 * of markup.js: #board, the side panels and the dialogs) driven by the wasm
 * `Game` class. Returns the API that the page exposes as window.tongiakiApp.
 * No global state: several tables live on one page (tongiaki-element.js).
 * `options`: see configure() in state.js.
 */
export function createApp(root, Game, options = {}) {
  const s = defaults(Game);
  configure(s, options);
  s.source = localSource(s);
  const canvas = root.querySelector("#board");
  s.dom = {
    root,
    canvas,
    renderer: createRenderer(canvas),
    camera: createCamera(),
    animator: createAnimator({ onFrame: (parts) => drawFrame(s, parts), onStep: (step) => stepShown(s, step), onDone: () => animated(s) }),
    ui: createUi(root, panelIntents(s), s.i18n),
    drawQueued: false,
  };
  s.tutorial = createTutorial(s);
  s.review = createReview(s); // issue 32: the review of a finished game, the hint
  s.sound = createSound(s, s.soundOptions); // sounds in step with the game's words (sound.js, issue 30)
  s.dom.ui.showSound(s.sound.on);
  createA11y(s, { clickAt, hoverAt, key }); // issue 33: keys on the board, the text board, announcements (s.a11y)
  // Online tables where a server can be reached: the page's own (served over http), or options.online.server.
  const online = options.online || {};
  if (options.online !== false && (online.server || /^https?:$/.test(globalThis.location?.protocol))) s.onlineTables = onlineTables(s, online);
  return start(s, bindEvents(s));
}

/**
 * The online tables of table `s` (online/session.js createOnlineTables),
 * whose modules are loaded when a table is first created or opened: the
 * first board does not wait for them (issue 15; sw.js still keeps them for
 * offline play). Until then no table is open, so state() is null and
 * leave() and stop() have nothing to do.
 */
function onlineTables(s, options) {
  let loading = null; // Promise<the tables>
  let tables = null;
  const load = () =>
    (loading = loading || import("./online/session.js").then((m) => (tables = m.createOnlineTables(s, options))));
  return {
    create: async (opts) => (await load()).create(opts),
    open: async (id) => (await load()).open(id),
    leave: () => (tables ? tables.leave() : loading && loading.then((t) => t.leave())),
    stop: () => (tables ? tables.stop() : loading && loading.then((t) => t.stop())),
    state: () => (tables ? tables.state() : null),
    // issue 31: the lobby and the seats this browser holds ("My tables"), for the new-game dialog and the start
    lobby: async () => (await load()).api.lobby(),
    // (the online modules load only where this browser holds a seat)
    mine: async (show) => (keptSeats().length ? (await load()).mine(show) : []),
    chat: () => (tables ? tables.chatState() : null),
  };
}
