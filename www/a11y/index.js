// Play without a mouse, and without sight (issue 33): what a table does for
// the keyboard and for screen readers, put together for app.js —
//   board-keys.js  the board by keyboard: a focus on the cards, beaches and
//                  jetties, moved by the arrows, played with Enter or Space
//   text-board.js  the board in words beside it: a tree a screen reader reads
//   dialogs.js     dialogs keep the focus and give it back
//   describe.js    the board in words and as places to go to (pure)
// and, here: the announcements (every move, reveal, voyage, landing and
// turn, in the log's own words, through a polite live region; what a person
// must decide next), the focus ring and the list's preview as a board layer
// (layers.js), the letter keys on any keyboard layout, the high-contrast
// look, and animations shortened to a fade where the system asks for
// reduced motion.
//
// The controller reaches it only through `s.a11y` (controls.js key, view.js
// refreshPanels), so it imports none of controls.js's importers; app.js
// hands it the pointer's intents (controls.js clickAt, hoverAt, key).

import { addLayer } from "../layers.js";
import { onNarration } from "../narration.js";
import { clickable, isBotTurn } from "../state.js";
import { worldPointFor, showWorld, requestDraw } from "../scene.js";
import { createBoardKeys, drawRing } from "./board-keys.js";
import { createTextBoard } from "./text-board.js";
import { manageDialogs } from "./dialogs.js";
import * as D from "./describe.js";

const CONTRAST_KEY = "tongiaki.contrast";
const KEEP = 40; // announcements kept in the live region (a screen reader has read them)

/**
 * A letter key pressed on a keyboard whose layout has no Latin letters
 * (Hebrew, Greek, Russian…): the same key as the letter at its place on a
 * Latin layout ("ר" on the R key is "r"), so R, F, E, K, N and Ctrl+Z work
 * on every layout; null for any other key.
 */
export function latinKey(e) {
  const k = e.key;
  if (typeof k !== "string" || k.length !== 1 || /[A-Za-z]/.test(k) || !/\p{L}/u.test(k)) return null;
  const m = /^Key([A-Z])$/.exec(e.code || "");
  if (!m) return null;
  const letter = e.shiftKey ? m[1] : m[1].toLowerCase();
  return {
    key: letter,
    code: e.code,
    shiftKey: e.shiftKey,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    target: e.target,
    composedPath: () => (e.composedPath ? e.composedPath() : []),
    preventDefault: () => e.preventDefault(),
  };
}

/**
 * The accessibility of table `s` (after app.js made `s.dom`, before the
 * events are bound): `intents` = { clickAt, hoverAt, key } of controls.js.
 * Sets `s.a11y` = { key(e), refresh() }.
 */
export function createA11y(s, intents) {
  const { root, canvas } = s.dom;
  const $ = (id) => root.querySelector(`#${id}`);
  const doc = root.ownerDocument || root;
  const win = doc.defaultView || globalThis;
  const media = (q) => (win.matchMedia ? win.matchMedia(q) : { matches: false, addEventListener() {} });

  // ---- speaking -------------------------------------------------------------
  const log = $("announcer"); // polite: the game's words, what to decide
  const now = $("a11y-say"); // assertive: where the keyboard focus went (the person asked)
  function announce(text, kind) {
    if (!log || !text) return;
    const p = doc.createElement("p");
    p.textContent = text;
    p.dataset.kind = kind;
    log.append(p);
    while (log.childElementCount > KEEP) log.firstElementChild.remove();
  }
  let sayTimer = 0;
  function say(text) {
    if (!now || !text) return;
    // the same words again must be spoken again: empty the region first
    now.textContent = "";
    clearTimeout(sayTimer);
    sayTimer = setTimeout(() => (now.textContent = text), 30);
  }
  onNarration(s, (lines) => announce(lines.map((l) => l.text).join(" "), "move"));

  // What a person must decide next, once the move's words are out and its animation is over.
  let lastPrompt = "";
  let promptTimer = 0;
  function promptLater() {
    clearTimeout(promptTimer);
    promptTimer = setTimeout(function check() {
      if (s.disposed || !s.snap) return;
      if (s.dom.animator.busy) {
        promptTimer = setTimeout(check, 120);
        return;
      }
      const person = !isBotTurn(s) && s.legal.length > 0;
      const text = person ? ($("prompt")?.textContent || "").trim() : "";
      const key = `${s.snap.turn}|${s.snap.phase}|${s.legal.length}|${text}`;
      if (text && key !== lastPrompt) announce(text, "prompt");
      lastPrompt = person ? key : "";
    }, 0);
  }

  // ---- the board: keys, ring, preview of the list's entry ---------------------
  const board = createBoardKeys(s, intents, say);
  let preview = []; // targets of the action the list's focus or pointer is on
  addLayer(s, () => {
    const ring = board.ring();
    if (!s.snap || (!ring && !preview.length)) return null;
    const snap = s.snap;
    const scale = s.dom.camera.scale;
    return (art) => {
      for (const t of preview) drawRing(art, snap, t, "preview", scale);
      if (ring) drawRing(art, snap, ring, "focus", scale);
    };
  });
  const list = $("actions");
  if (list) {
    const show = (el, pan) => {
      const holder = el && el.closest ? el.closest("[data-preview]") : null;
      let next = [];
      try {
        next = holder ? JSON.parse(holder.dataset.preview) : [];
      } catch {
        next = [];
      }
      if (JSON.stringify(next) === JSON.stringify(preview)) return;
      preview = next;
      if (pan && preview.length && s.snap) {
        const p = worldPointFor(s, preview[0]);
        if (p) showWorld(s, p);
      }
      requestDraw(s);
    };
    list.addEventListener("focusin", (e) => show(e.target, true));
    list.addEventListener("focusout", () => show(null));
    list.addEventListener("mouseover", (e) => show(e.target, false));
    list.addEventListener("mouseleave", () => show(null));
  }
  // ---- the text board ---------------------------------------------------------
  const treeEl = $("textboard");
  const tree = treeEl
    ? createTextBoard(s, treeEl, {
        activate: (target) => {
          const here = D.legalAt(s.snap, clickable(s), s.ui, target);
          const p = worldPointFor(s, target);
          if (p) intents.clickAt(s, p);
          // An island chosen for an expansion with a choice of beaches: on to its
          // first beach to choose (as on the board) — first in the tree's order,
          // so that ↓ from there reaches every other beach to choose.
          if (here && here.kind === "select" && target.tile !== undefined && target.beach === undefined && s.snap) {
            const inside = D.legalInside(s.snap, clickable(s), s.ui, target).sort((a, b) => a.beach - b.beach || (a.jetty ?? -1) - (b.jetty ?? -1));
            if (inside.length) tree.show(inside[0]);
          }
        },
        follow: (target) => board.follow(target),
        unfollow: () => board.unfollow(),
      })
    : null;

  // ---- dialogs ------------------------------------------------------------------
  manageDialogs(root, () => canvas);

  // ---- comfort: high contrast, reduced motion -------------------------------------
  const contrastBox = $("high-contrast");
  const lookRoot = root.nodeType === 11 ? root.querySelector(".tongiaki-root") : doc.documentElement;
  let stored = null;
  try {
    stored = win.localStorage ? win.localStorage.getItem(CONTRAST_KEY) : null;
  } catch {
    stored = null;
  }
  const setContrast = (on, remember) => {
    if (lookRoot) lookRoot.classList.toggle("hc", on);
    if (contrastBox) contrastBox.checked = on;
    if (remember) {
      try {
        win.localStorage.setItem(CONTRAST_KEY, on ? "1" : "0");
      } catch {
        // not remembered; the switch still works
      }
    }
    if (s.snap) requestDraw(s);
  };
  setContrast(stored === null ? media("(prefers-contrast: more)").matches : stored === "1", false);
  if (contrastBox) contrastBox.addEventListener("change", () => setContrast(contrastBox.checked, true));

  // Reduced motion: a move's animation becomes a short fade of the board to its new state.
  const reduce = media("(prefers-reduced-motion: reduce)");
  const animator = s.dom.animator;
  s.dom.animator = {
    play(timeline, colors, speed = 1) {
      if (!reduce.matches || speed <= 0 || !timeline.steps.length) return animator.play(timeline, colors, speed);
      animator.play(timeline, colors, 0);
      if (canvas.animate) canvas.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 220, easing: "ease-out" });
    },
    skip: () => animator.skip(),
    get busy() {
      return animator.busy;
    },
  };

  /** A key on the table (controls.js key): true when taken here. */
  function key(e) {
    const latin = latinKey(e);
    if (latin) return intents.key(s, latin);
    return board.key(e);
  }

  /** The game or the UI changed (view.js refreshPanels): the focus, the text board, what to decide. */
  let seen = [];
  function refresh() {
    if (!s.snap) return;
    board.refresh();
    const legal = isBotTurn(s) ? [] : clickable(s);
    const odds = s.odds ? s.odds.list : null;
    // the tree again only when what it shows may have changed (a pointer's hover alone draws the panels too)
    const now = [s.snap, s.legal, legal.length, s.ui.mode, s.ui.selection, s.ui.traySeat, odds, s.i18n.language()];
    if (tree && now.some((x, i) => x !== seen[i])) tree.refresh(legal, odds);
    seen = now;
    promptLater();
  }

  s.a11y = { key, refresh, board, tree, announce, say };
  return s.a11y;
}
