// Controls: what the person's intents do — a click, the pointer moving over
// the board, turning the card at hand, keys, and the buttons of the panels
// (ui.js). A click means what targets.js says it means for the decision at
// hand; nothing happens on a bot's turn or where the table's source says
// nobody plays (the replay viewer) or holds clicks back (a lesson's step to
// read first).

import * as G from "./geometry.js";
import { zoomAt } from "./camera.js";
import * as T from "./targets.js";
import { isBotTurn, clickable } from "./state.js";
import { fitBoard, follow, cameraMoved, offersLandAll, requestDraw, currentHex, layableHex } from "./scene.js";
import { refreshPanels, changeUi } from "./view.js";
import { perform, humanAct, afterChange } from "./turns.js";
import { saveFile } from "./storage.js";
import * as Session from "./session.js";
import { updateTip, focusAction } from "./odds-view.js";
import { takeBack } from "./undo.js";

/** A click on the board at `world`. */
export function clickAt(s, world) {
  if (!s.snap) return;
  const { ui, animator } = s.dom;
  // A click during an animation finishes it, then does what it was aimed at.
  if (animator.busy) animator.skip();
  if (!s.source.plays) {
    ui.toast(s.source.notice(), "info");
    return;
  }
  if (isBotTurn(s)) {
    const seat = s.snap.current;
    // a person at another browser (an online table's seat), or a bot (or, watching online, anyone)
    const remote = s.seats[seat] && s.seats[seat].kind === "remote";
    ui.toast(s.words.t(remote ? "o.waitFor" : "g.wait", s.snap.players[seat] ? s.snap.players[seat].name : ""), "info");
    return;
  }
  const held = s.source.holdsClick();
  if (held) {
    ui.toast(held, "info");
    return;
  }
  const hit = G.hitTest(s.snap.tiles, world.x, world.y);
  if (s.view.coarse) {
    // the camera shows the cards that hold the targets: a click on one comes close to it (scene.js)
    const card = hit.tile ? hit.tile.card : null;
    if (card && s.view.targets.some((t) => t.target.tile === card)) {
      changeUi(s, { focus: card });
      return;
    }
  } else if (s.ui.focus && (!hit.tile || hit.tile.card !== s.ui.focus)) {
    // close to one card, a click beside it goes back to them all (or to another card with targets)
    const card = hit.tile ? hit.tile.card : null;
    const others = T.targetList(s.snap, clickable(s), { ...s.ui, focus: null });
    changeUi(s, { focus: card && others.some((t) => t.target.tile === card) ? card : null });
    return;
  }
  const res = T.interpret(s.snap, clickable(s), s.ui, hit);
  switch (res.kind) {
    case "land-all":
      // the island itself: the group lands as shown, ship by ship (turns.js afterChange plays the rest)
      if (!offersLandAll(s)) return ui.tell({ key: "h.arrivalIsland", args: [] });
      // (no more landing, or another decision, ends it: state.js sync)
      s.ui = { ...s.ui, landAll: res.tile };
      perform(s, T.landPolicy(s.snap, s.legal));
      break;
    case "apply":
    case "illegal": // not legal: the engine says why (and leaves the game unchanged)
      perform(s, res.action);
      break;
    case "select":
      s.ui = res.ui;
      if (res.hint) ui.tell(res.hint);
      refreshPanels(s);
      requestDraw(s);
      break;
    case "hint":
      ui.tell(res.hint);
      break;
    default:
      break;
  }
}

/** The pointer is over `world` (null: it left the board). */
export function hoverAt(s, world) {
  s.hover = world;
  s.hit = world && s.snap ? G.hitTest(s.snap.tiles, world.x, world.y) : null;
  const hex = layableHex(s);
  if (hex && (!s.ui.lastHex || s.ui.lastHex.q !== hex.q || s.ui.lastHex.r !== hex.r)) {
    s.ui = { ...s.ui, lastHex: hex };
    refreshPanels(s);
  }
  s.dom.canvas.style.cursor = cursorFor(s);
  if (!s.held) updateTip(s); // no odds for a decision the board has not shown yet
  requestDraw(s);
}

function cursorFor(s) {
  if (!s.hit || !s.snap || isBotTurn(s)) return "";
  if (s.view.coarse && s.hit.tile && s.view.targets.some((t) => t.target.tile === s.hit.tile.card)) return "zoom-in";
  const m = T.interpret(s.snap, clickable(s), s.ui, s.hit);
  return m.kind === "apply" || m.kind === "select" || (m.kind === "land-all" && offersLandAll(s)) ? "pointer" : "";
}

/** Does the wheel turn the card at hand (over a place where it may be laid) rather than zoom? */
export function wheelRotates(s) {
  return !isBotTurn(s) && !!layableHex(s);
}

/** Turn the card at hand by `step` legal rotations. */
export function rotate(s, step) {
  if (!s.snap || s.snap.phase !== "place_card") return;
  const first = s.legal.find((x) => x.type === "place_card");
  const hex = currentHex(s) || (first ? { q: first.q, r: first.r } : null);
  if (!hex) return;
  const rots = T.rotationsAt(s.legal, hex.q, hex.r);
  if (!rots.length) return;
  const i = rots.indexOf(T.rotationFor(s.legal, s.ui, hex.q, hex.r));
  changeUi(s, { rotation: rots[(i + step + rots.length) % rots.length], lastHex: hex });
}

function zoom(s, factor) {
  const { camera } = s.dom;
  cameraMoved(s); // the player's view from now on
  zoomAt(camera, factor, camera.w / 2, camera.h / 2);
  requestDraw(s);
}

function pick(s, mode) {
  changeUi(s, { mode, selection: null });
}

/** A key on the board (or the page); true when the table did something with it. */
export function key(s, e) {
  const k = e.key;
  if (s.source.key(k)) return true; // the replay viewer's arrows
  if (s.a11y && s.a11y.key(e)) return true; // the board's focus, letters on any layout (a11y/index.js)
  const has = (type) => s.legal.some((a) => a.type === type);
  const keys = {
    r: () => rotate(s, e.shiftKey ? -1 : 1),
    f: () => fitBoard(s),
    "+": () => zoom(s, 1.25),
    "=": () => zoom(s, 1.25),
    "-": () => zoom(s, 0.8),
    e: has("expand") && (() => pick(s, "expand")),
    k: has("found_kingdom") && (() => pick(s, "king")),
    n: () => Session.openNewGame(s),
    "?": () => s.dom.root.querySelector("#help-dialog").showModal(),
    Escape: (!!s.ui.selection || !!s.ui.focus) && (() => changeUi(s, s.ui.selection ? { selection: null } : { focus: null })),
  };
  const name = k.length === 1 ? k.toLowerCase() : k;
  if (e.ctrlKey || e.metaKey) {
    if (name !== "z" || e.shiftKey || e.altKey) return false;
    takeBack(s); // Ctrl+Z (Cmd+Z)
    return true;
  }
  if (!Object.hasOwn(keys, name) || !keys[name]) return false;
  keys[name]();
  return true;
}

/** What the buttons of the panels do (the callbacks of ui.js and ui/). */
export function panelIntents(s) {
  const replayTo = (k) => Session.replayTo(s, k);
  return {
    openNewGame: () => Session.openNewGame(s),
    fit: () => fitBoard(s),
    follow: () => follow(s),
    sound: () => {
      s.sound.set(!s.sound.on);
      s.dom.ui.showSound(s.sound.on);
      s.sound.play("turn"); // a first sound says they are on (nothing when off)
    },
    landAll: () => {
      if (isBotTurn(s) || !offersLandAll(s)) return null;
      s.dom.animator.skip();
      s.ui = { ...s.ui, landAll: s.snap.pending.tile };
      return perform(s, T.landPolicy(s.snap, s.legal));
    },
    zoom: (f) => zoom(s, f),
    speed: (v) => {
      s.speed = v;
    },
    autoForced: (on) => {
      s.autoForced = on;
      afterChange(s);
    },
    // at an online table, again online: the dialog, ticked, with the same seats
    playAgain: () => {
      const online = s.source.againOnline();
      return online ? (online.rematch ? online.rematch() : Session.openNewGame(s, online)) : Session.newGame(s, s.options);
    },
    pick: (mode) => pick(s, mode),
    resettle: () => humanAct(s, { type: "resettle" }),
    traySeat: (seat) => changeUi(s, { traySeat: seat }),
    sendHome: () => humanAct(s, { type: "return", seat: T.traySeat(s.snap, s.ui) }),
    rotate: (step) => rotate(s, step),
    clearSelection: () => changeUi(s, { selection: null }),
    action: (a) => humanAct(s, a),
    actionFocus: (a) => focusAction(s, a),
    saveFile: () => saveFile(s),
    openFile: (text) => Session.openFile(s, text),
    replay: () => Session.toggleReplay(s),
    replayTo,
    replayStep: (d) => Session.replayStep(s, d),
    replayExit: () => Session.closeReplay(s),
    // the words of a language not used yet are fetched first (i18n.js)
    language: async (id) => {
      const now = await s.i18n.setLanguage(id);
      if (s.dom && s.dom.ui) s.dom.ui.showLanguage(now); // the switch shows the old one if the words could not be fetched
      if (!s.languageKey) return;
      try {
        localStorage.setItem(s.languageKey, now);
      } catch {
        // not remembered; the switch still works
      }
    },
    tryNewGame: (options) => Session.checkNewGame(s, options),
    takeBack: () => takeBack(s),
    learn: () => s.tutorial.start(),
  };
}
