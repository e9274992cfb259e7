// Short notes on the board (issue 14): what happened and why, next to the
// card where it happened (explain.js's words), fading after a few seconds.
//
// Several notes at once (a wreck and a king island from one move, or a note
// still showing from the move before) never cover each other: a new note
// goes above its card if it can, else to the nearest free place up or down,
// always inside the board (on a 390 px phone too). Together they cover at
// most COVER of the board (on a phone that may be two notes, not three: the
// oldest goes first), and a touch or click on the board clears them.

import * as G from "./geometry.js";
import { worldToScreen } from "./camera.js";

const SHOWN_MS = 6500;
const MAX_NOTES = 3;
const COVER = 0.3; // the share of the board the notes may cover together
const CLEAR_MS = 150; // the fade when the board is touched
const MARGIN = 6; // px between a note and the board's edge
const GAP = 4; // px between two notes

function layer(s) {
  if (s.dom.notes && s.dom.notes.isConnected) return s.dom.notes;
  const wrap = s.dom.root.querySelector("#board-wrap");
  const el = document.createElement("div");
  el.className = "notes";
  el.setAttribute("aria-hidden", "true"); // the log says the same, for screen readers
  wrap.append(el);
  // the player has read enough once they touch the board: clear the notes (the log keeps them)
  wrap.addEventListener("pointerdown", () => {
    for (const n of el.children) {
      n.classList.add("note-cleared");
      setTimeout(() => n.remove(), CLEAR_MS);
    }
  });
  s.dom.notes = el;
  return el;
}

/**
 * How many of the oldest notes to drop so that the notes of these `areas`
 * (oldest first, in px²) cover at most COVER of a W×H board; the newest
 * note always stays.
 */
export function notesToDrop(areas, W, H) {
  let total = areas.reduce((a, b) => a + b, 0);
  let drop = 0;
  while (drop < areas.length - 1 && total > COVER * W * H) total -= areas[drop++];
  return drop;
}

const overlaps = (a, b) => a.left < b.left + b.w + GAP && b.left < a.left + a.w + GAP && a.top < b.top + b.h + GAP && b.top < a.top + a.h + GAP;
const overlapArea = (a, b) =>
  Math.max(0, Math.min(a.left + a.w, b.left + b.w) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.top + a.h, b.top + b.h) - Math.max(a.top, b.top));

/**
 * Where a note of size w×h that would like its top-left at (left, top) goes
 * in a board of W×H beside the notes `placed` ({ left, top, w, h }): inside
 * the board, clear of the others (the free place nearest to the wish, moved
 * up or down; if none is free, where it covers the others least).
 */
export function placeNote(wish, placed, W, H) {
  const { w, h } = wish;
  const clampX = (x) => Math.max(MARGIN, Math.min(W - w - MARGIN, x));
  const clampY = (y) => Math.max(MARGIN, Math.min(H - h - MARGIN, y));
  const left = clampX(wish.left);
  const tops = [clampY(wish.top), MARGIN, H - h - MARGIN];
  for (const p of placed) tops.push(p.top + p.h + GAP, p.top - h - GAP);
  const lefts = [left, MARGIN, W - w - MARGIN];
  let best = null;
  for (const l of lefts.map(clampX)) {
    for (const t of tops) {
      if (t < MARGIN - 0.5 || t + h > H - MARGIN + 0.5) continue;
      const r = { left: l, top: t, w, h };
      const covered = placed.reduce((n, p) => n + (overlaps(r, p) ? 1 + overlapArea(r, p) : 0), 0);
      const dist = Math.abs(t - wish.top) + Math.abs(l - left) * 2;
      if (!best || covered < best.covered || (covered === best.covered && dist < best.dist)) best = { ...r, covered, dist };
    }
  }
  if (!best) return { left, top: clampY(wish.top), w, h }; // a board smaller than the note
  return { left: best.left, top: best.top, w, h };
}

/** Show explain.js's items as notes on the board. */
export function showNotes(s, items) {
  if (!items || !items.length || !s.dom || !s.dom.root) return;
  const root = layer(s);
  const { camera } = s.dom;
  const seen = new Set();
  const fresh = [];
  for (const it of items) {
    if (seen.has(it.text)) continue;
    seen.add(it.text);
    const note = document.createElement("div");
    note.className = `note note-${it.type}`;
    note.textContent = it.text;
    note.style.left = "0px"; // measured at the board's left edge: its width is then its own
    note.style.top = "0px";
    note.style.visibility = "hidden";
    root.append(note);
    let x = camera.w / 2;
    let y = camera.h * 0.2;
    if (it.at) {
      const c = G.hexCenter(it.at.q, it.at.r);
      const p = worldToScreen(camera, c.x, c.y);
      x = p.x;
      y = p.y;
    }
    fresh.push({ note, x, y });
    setTimeout(() => note.remove(), SHOWN_MS);
  }
  while (root.children.length > MAX_NOTES) root.firstChild.remove();
  const W = root.clientWidth || camera.w;
  const H = root.clientHeight || camera.h;
  const all = [...root.children];
  const drop = notesToDrop(all.map((n) => (n.offsetWidth || 260) * (n.offsetHeight || 60)), W, H);
  for (const n of all.slice(0, drop)) n.remove();
  // the notes still showing stay where they are; the new ones find room beside them
  const placed = [...root.children]
    .filter((n) => !fresh.some((f) => f.note === n))
    .map((n) => ({ left: n.offsetLeft, top: n.offsetTop, w: n.offsetWidth, h: n.offsetHeight }));
  for (const { note, x, y } of fresh) {
    if (!note.isConnected) continue; // one of more than MAX_NOTES at once
    const w = note.offsetWidth || 260;
    const h = note.offsetHeight || 60;
    const r = placeNote({ left: x - w / 2, top: y - h - 10, w, h }, placed, W, H);
    note.style.left = `${Math.round(r.left)}px`;
    note.style.top = `${Math.round(r.top)}px`;
    note.style.visibility = "";
    placed.push(r);
  }
}
