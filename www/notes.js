// Short notes on the board (issue 14): what happened and why, next to the
// card where it happened (explain.js's words), fading after a few seconds.

import * as G from "./geometry.js";
import { worldToScreen } from "./camera.js";

const SHOWN_MS = 6500;
const MAX_NOTES = 3;

function layer(s) {
  if (s.dom.notes) return s.dom.notes;
  const wrap = s.dom.root.querySelector("#board-wrap");
  const el = document.createElement("div");
  el.className = "notes";
  el.setAttribute("aria-hidden", "true"); // the log says the same, for screen readers
  wrap.append(el);
  s.dom.notes = el;
  return el;
}

/** Show explain.js's items as notes on the board. */
export function showNotes(s, items) {
  if (!items || !items.length || !s.dom || !s.dom.root) return;
  const root = layer(s);
  const { camera } = s.dom;
  const seen = new Set();
  for (const it of items) {
    if (seen.has(it.text)) continue;
    seen.add(it.text);
    const note = document.createElement("div");
    note.className = `note note-${it.type}`;
    note.textContent = it.text;
    root.append(note);
    let x = camera.w / 2;
    let y = camera.h * 0.2;
    if (it.at) {
      const c = G.hexCenter(it.at.q, it.at.r);
      const p = worldToScreen(camera, c.x, c.y);
      x = p.x;
      y = p.y;
    }
    const w = note.offsetWidth || 260;
    const h = note.offsetHeight || 60;
    note.style.left = `${Math.round(Math.max(6, Math.min(camera.w - w - 6, x - w / 2)))}px`;
    note.style.top = `${Math.round(Math.max(6, Math.min(camera.h - h - 6, y - h - 10)))}px`;
    setTimeout(() => note.remove(), SHOWN_MS);
  }
  while (root.children.length > MAX_NOTES) root.firstChild.remove();
}
