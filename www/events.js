// Binding the table to the page (as chessground's events.ts): the board's
// pointer, wheel and keys (input.js) to the controls, which table the keys
// go to, the language switch, and a canvas that changes size. Returns the
// function that unbinds what can be unbound.

import { attachInput } from "./input.js";
import { drawNow, requestDraw, cameraMoved, resized } from "./scene.js";
import { clickAt, hoverAt, wheelRotates, rotate, key } from "./controls.js";

export function bindEvents(s) {
  const { canvas, camera } = s.dom;
  const acceptsKey = bindKeyFocus(s);
  attachInput(canvas, {
    camera: () => camera,
    hover: (world) => hoverAt(s, world),
    click: (world) => clickAt(s, world),
    wheelRotates: () => wheelRotates(s),
    rotate: (step) => rotate(s, step),
    changed: () => {
      cameraMoved(s); // a pan, zoom or pinch: the player's view from now on (scene.js)
      if (s.hover) s.hit = null;
      requestDraw(s);
    },
    accepts: (e) => !s.disposed && acceptsKey(e),
    key: (e) => key(s, e),
  });
  const stopLanguage = s.i18n.onLanguage(() => applyLanguage(s));
  applyLanguage(s);
  const stopResize = bindResize(s);
  return () => {
    stopLanguage();
    stopResize();
  };
}

/**
 * Keys reach this table when the page has one table, or (keys: "focus")
 * when the event comes from inside it or it was the last one clicked.
 */
function bindKeyFocus(s) {
  if (s.keys !== "focus") return () => true;
  const root = s.dom.root;
  const host = root.nodeType === 11 ? root.host : root;
  let lastPointed = false;
  host.ownerDocument.addEventListener("pointerdown", (e) => {
    lastPointed = e.composedPath().includes(host);
  }, true);
  return (e) => e.composedPath().includes(host) || lastPointed;
}

/** The table's language (i18n.js): translate the markup, set lang/dir, redraw the panels. */
function applyLanguage(s) {
  const { root, ui } = s.dom;
  const i18n = s.i18n;
  const target = root.nodeType === 11 ? root.querySelector(".tongiaki-root") || root.host : root.ownerDocument.documentElement;
  i18n.translateTree(root);
  target.lang = i18n.language();
  target.dir = i18n.dir();
  ui.showLanguage(i18n.language());
  if (s.tutorial) s.tutorial.relabel(); // the first visit's offer, built in the words of the moment
  if (!s.snap) return;
  s.source.redraw(); // the panels (the replay viewer: its move's words too)
  if (s.snap.phase === "over" && root.querySelector("#ranking-dialog").open) ui.showRanking(s.snap);
}

/** Redraw when the canvas changes size or moves to a screen of another pixel density. */
function bindResize(s) {
  const { canvas, camera, renderer } = s.dom;
  const observer = new ResizeObserver(() => {
    const w = camera.w;
    const h = camera.h;
    renderer.resize(camera);
    if (w !== camera.w || h !== camera.h) resized(s);
  });
  observer.observe(canvas);
  window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener?.("change", () => drawNow(s));
  return () => observer.disconnect();
}
