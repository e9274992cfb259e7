// Short notes beside the action (issues 14, 30): what happened and why,
// next to the card where it happened (explain.js's words), fading after a
// few seconds. turns.js shows them when the board has shown their event.
//
// A note goes beside its card, never over it, never over a target of the
// decision at hand (scene.js boardTargets), never over another note, and
// never takes a click (pointer-events: none; a touch on the board clears
// them). Of the places beside the card, or farther off on the board, it
// takes the one over the least of the table (free ocean first), nearest the
// card; it never hides much of any card (MAX_COVER): where no place on the
// board is that free, it goes into the status panel (#board-notes) instead.
// When the camera moves they find their places again (scene.js drawNow
// calls layoutNotes). A phone's board holds one note at a time (the newest);
// the log keeps them all.

import * as G from "./geometry.js";
import { worldToScreen } from "./camera.js";

const SHOWN_MS = 6500;
const MAX_NOTES = 3; // on a board at least PHONE_W wide
const PHONE_W = 600; // a board narrower than this shows one note at a time
const CLEAR_MS = 150; // the fade when the board is touched
const MARGIN = 6; // px between a note and the board's edge
const GAP = 6; // px between a note and its card, or another note
const TARGET_R = 24; // px around a target no note may cover
// The most of a note that may lie over cards (the rest free ocean): more would hide a card's
// name, value or ships, so where no place is that free the note goes to the panel.
const MAX_COVER = 0.2;
const SAMPLES_X = 10; // points across a note where its cover of the cards is measured
const SAMPLES_Y = 4;
const GRID = 8; // candidate places across the board (per side) beyond those beside the card

function layer(s) {
  if (s.dom.notes && s.dom.notes.isConnected) return s.dom.notes;
  const wrap = s.dom.root.querySelector("#board-wrap");
  const el = document.createElement("div");
  el.className = "notes";
  el.setAttribute("aria-hidden", "true"); // the log says the same, for screen readers
  wrap.append(el);
  // the player has read enough once they touch the board: clear the notes (the log keeps them)
  wrap.addEventListener("pointerdown", () => clearNotes(s));
  s.dom.notes = el;
  return el;
}

/** The notes' place in the status panel, for those the board has no room for. */
function panelPlace(s) {
  let el = s.dom.root.querySelector("#board-notes");
  if (el) return el;
  const status = s.dom.root.querySelector(".status-panel");
  if (!status) return null;
  el = document.createElement("div");
  el.id = "board-notes";
  el.className = "board-notes";
  el.setAttribute("aria-hidden", "true");
  status.append(el);
  return el;
}

// The notes showing: the DOM holds them (the board's layer and the panel's place), each element
// with what placing it needs (`el.note`: its card, its size, when it came), oldest first.
let born = 0;
function notesOf(s) {
  const els = [];
  if (s.dom.notes) els.push(...s.dom.notes.children);
  const panel = s.dom.root.querySelector("#board-notes");
  if (panel) els.push(...panel.children);
  return els
    .filter((el) => el.note && !el.classList.contains("note-cleared"))
    .map((el) => el.note)
    .sort((a, b) => a.born - b.born);
}

/** Remove every note (a touch on the board, a new game), or every one but those `keep(note)` keeps. */
export function clearNotes(s, keep = null) {
  for (const n of notesOf(s)) {
    if (keep && keep(n)) continue;
    n.el.classList.add("note-cleared");
    setTimeout(() => n.el.remove(), CLEAR_MS);
  }
  s.noteKey = null;
}

function drop(s, n) {
  n.el.remove();
}

/**
 * The share (0..1) of rectangle `r` over the cards `tiles`: sampled points
 * inside a card's hexagon (`hex` {x, y, R}: centre and radius on screen),
 * or inside its box where no hexagon is given.
 */
export function coverOf(r, tiles) {
  if (!tiles.length) return 0;
  let n = 0;
  for (let i = 0; i < SAMPLES_X; i++) {
    for (let j = 0; j < SAMPLES_Y; j++) {
      const x = r.left + ((i + 0.5) * r.w) / SAMPLES_X;
      const y = r.top + ((j + 0.5) * r.h) / SAMPLES_Y;
      const on = tiles.some((t) => (t.hex ? G.insideHex(t.hex.x, t.hex.y, x, y, t.hex.R) : x >= t.left && x <= t.left + t.w && y >= t.top && y <= t.top + t.h));
      if (on) n++;
    }
  }
  return n / (SAMPLES_X * SAMPLES_Y);
}

const overlap = (a, b, gap = 0) => a.left < b.left + b.w + gap && b.left < a.left + a.w + gap && a.top < b.top + b.h + gap && b.top < a.top + a.h + gap;

/**
 * Where a note of size w×h goes on a W×H board (pure; screen px):
 * `anchor` {x, y} the middle of its card (or null), `radius` the card's
 * hex radius, `targets` [{x, y}] points it must keep TARGET_R clear of,
 * `tiles` [{left, top, w, h, hex?}] the cards on screen (it prefers free
 * ocean and lies over at most MAX_COVER of cards; coverOf),
 * `placed` the notes already there. Returns {left, top, w, h}, or null
 * when no place on the board is free (the note goes into the panel).
 */
export function placeNote({ w, h, anchor, radius = 0, targets = [], tiles = [], placed = [], W, H }) {
  if (w > W - 2 * MARGIN || h > H - 2 * MARGIN) return null;
  const a = anchor || { x: W / 2, y: H / 2 };
  const rx = radius * 0.95 + GAP; // beside the card, not on it
  const ry = radius * 0.87 + GAP;
  const card = anchor ? { left: a.x - rx + GAP, top: a.y - ry + GAP, w: 2 * (rx - GAP), h: 2 * (ry - GAP) } : null;
  const wishes = [
    [a.x + rx, a.y - h / 2], // right of the card
    [a.x - rx - w, a.y - h / 2], // left
    [a.x - w / 2, a.y - ry - h], // above
    [a.x - w / 2, a.y + ry], // below
    [a.x + rx * 0.5, a.y - ry - h],
    [a.x - rx * 0.5 - w, a.y - ry - h],
    [a.x + rx * 0.5, a.y + ry],
    [a.x - rx * 0.5 - w, a.y + ry],
    [MARGIN, MARGIN],
    [W - w - MARGIN, MARGIN],
    [MARGIN, H - h - MARGIN],
    [W - w - MARGIN, H - h - MARGIN],
    [(W - w) / 2, MARGIN],
    [(W - w) / 2, H - h - MARGIN],
  ];
  for (const p of placed) wishes.push([p.left, p.top + p.h + GAP], [p.left, p.top - h - GAP]);
  // and anywhere on the board, for a pocket of free ocean farther off
  for (let i = 0; i <= GRID; i++) for (let j = 0; j <= GRID; j++) wishes.push([MARGIN + ((W - w - 2 * MARGIN) * i) / GRID, MARGIN + ((H - h - 2 * MARGIN) * j) / GRID]);
  let best = null;
  for (const [x, y] of wishes) {
    const r = { left: Math.max(MARGIN, Math.min(W - w - MARGIN, x)), top: Math.max(MARGIN, Math.min(H - h - MARGIN, y)), w, h };
    if (card && overlap(r, card)) continue;
    if (placed.some((p) => overlap(r, p, GAP))) continue;
    if (targets.some((t) => t.x > r.left - TARGET_R && t.x < r.left + w + TARGET_R && t.y > r.top - TARGET_R && t.y < r.top + h + TARGET_R)) continue;
    const covered = coverOf(r, tiles); // 0: all free ocean
    if (covered > MAX_COVER) continue;
    const dist = Math.hypot(r.left + w / 2 - a.x, r.top + h / 2 - a.y) / (W + H);
    const score = covered * 2 + dist;
    if (!best || score < best.score) best = { ...r, score };
  }
  return best ? { left: best.left, top: best.top, w, h } : null;
}

/** Show explain.js's items ({ type, text, at }) as notes beside their cards. */
export function showNotes(s, items) {
  if (!items || !items.length || !s.dom || !s.dom.root) return;
  const root = layer(s);
  const seen = new Set(notesOf(s).map((n) => n.text));
  for (const it of items) {
    if (seen.has(it.text)) continue;
    seen.add(it.text);
    const el = document.createElement("div");
    el.className = `note note-${it.type}`;
    el.textContent = it.text;
    el.style.left = "0px"; // measured at the board's left edge: its width is then its own
    el.style.top = "0px";
    el.style.visibility = "hidden";
    root.append(el);
    // mine: a note of a person's own move (turns.js keeps it at the instant speed until their next move)
    const n = { el, text: it.text, at: it.at || null, w: el.offsetWidth || 260, h: el.offsetHeight || 60, born: ++born, mine: !!it.mine };
    el.note = n;
    setTimeout(() => drop(s, n), SHOWN_MS);
  }
  const W = root.clientWidth || s.dom.camera.w;
  const most = W < PHONE_W ? 1 : MAX_NOTES; // a phone: one at a time, the newest
  const list = notesOf(s);
  for (const n of list.slice(0, Math.max(0, list.length - most))) drop(s, n);
  layoutNotes(s, true);
}

/**
 * Put the notes where they go now (placeNote): after the camera moved or
 * the targets changed (scene.js drawNow), or new notes came (`force`).
 */
export function layoutNotes(s, force = false) {
  if (!s.dom.notes) return;
  const list = notesOf(s);
  if (!list.length) return;
  const { camera } = s.dom;
  const targets = (s.view && s.view.targets) || [];
  const key = `${camera.x},${camera.y},${camera.scale},${camera.w},${camera.h},${targets.length},${list.length}`;
  if (!force && key === s.noteKey) return;
  s.noteKey = key;
  const root = layer(s);
  const W = root.clientWidth || camera.w;
  const H = root.clientHeight || camera.h;
  const toScreen = (c) => worldToScreen(camera, c.x, c.y);
  const pts = targets.map((t) => toScreen(t.world));
  const R = camera.scale;
  const tiles = [];
  for (const t of (s.snap && s.snap.tiles) || []) {
    const c = toScreen(G.hexCenter(t.q, t.r));
    if (c.x < -R || c.y < -R || c.x > W + R || c.y > H + R) continue;
    tiles.push({ left: c.x - R, top: c.y - R * 0.87, w: 2 * R, h: 1.74 * R, hex: { x: c.x, y: c.y, R } });
  }
  const placed = [];
  for (const n of list) {
    const anchor = n.at ? toScreen(G.hexCenter(n.at.q, n.at.r)) : null;
    const r = placeNote({ w: n.w, h: n.h, anchor, radius: R, targets: pts, tiles, placed, W, H });
    if (r) {
      if (n.el.parentNode !== root) root.append(n.el);
      n.el.classList.remove("note-in-panel");
      n.el.style.left = `${Math.round(r.left)}px`;
      n.el.style.top = `${Math.round(r.top)}px`;
      n.el.style.visibility = "";
      placed.push(r);
    } else {
      // no free place on the board: the status panel shows it
      const panel = panelPlace(s);
      if (!panel) continue;
      if (n.el.parentNode !== panel) panel.append(n.el);
      n.el.classList.add("note-in-panel");
      n.el.style.left = "";
      n.el.style.top = "";
      n.el.style.visibility = "";
    }
  }
}
