// The board on the canvas: the scene render.js draws, built from the state
// (tiles, highlights from targets.js, the group on the landing island, the
// card waiting to be laid under the pointer, an animation frame), fitting
// the board into view, drawing on the next frame or now, and where on the
// screen a click performs a target (the test hooks' pointFor). Positions
// come from geometry.js, so what is drawn is what is clicked.

import * as G from "./geometry.js";
import { fitBounds, worldToScreen, onScreen } from "./camera.js";
import { colorOf } from "./render.js";
import * as T from "./targets.js";
import { isBotTurn, clickable } from "./state.js";
import { layerOverlays } from "./layers.js";

/** The hexes of the board: its cards and, while a card is being laid, the places it may go to. */
function boardHexes(s) {
  const hexes = (s.snap ? s.snap.tiles : []).map((t) => ({ q: t.q, r: t.r }));
  for (const a of s.legal) if (a.type === "place_card") hexes.push({ q: a.q, r: a.r });
  return hexes;
}

/** Fit the whole board into the view. */
export function fit(s) {
  const { renderer, camera } = s.dom;
  const tiles = s.snap ? s.snap.tiles : [];
  const hexes = boardHexes(s);
  if (tiles.length <= 1) for (const t of tiles) for (let d = 0; d < 6; d++) hexes.push(G.neighbor(t.q, t.r, d));
  renderer.resize(camera);
  fitBounds(camera, G.boundsOf(hexes, 1, 0.15), 12, 130);
  requestDraw(s);
}

/** When a card is laid outside the view (or a new hex to lay on is), fit the board again. */
export function keepBoardInView(s) {
  const { renderer, camera } = s.dom;
  const n = s.snap.tiles.length + (s.snap.phase === "place_card" ? 1000 : 0);
  if (n === s.lastTileCount) return;
  s.lastTileCount = n;
  renderer.resize(camera);
  const out = boardHexes(s).some((h) => {
    const c = G.hexCenter(h.q, h.r);
    return !onScreen(camera, worldToScreen(camera, c.x, c.y), camera.scale * 0.9);
  });
  if (out) fit(s);
}

export function requestDraw(s) {
  if (s.dom.drawQueued) return;
  s.dom.drawQueued = true;
  requestAnimationFrame(() => {
    s.dom.drawQueued = false;
    drawNow(s);
  });
}

export function drawNow(s) {
  if (!s.snap) return;
  const { renderer, camera } = s.dom;
  renderer.resize(camera);
  renderer.draw(buildScene(s), camera);
  if (renderer.incomplete) requestDraw(s); // sharpen cards drawn from an older zoom level
}

/** Draw one frame of an animation: its scene parts (anim.js) stand for the board until it is done. */
export function drawFrame(s, parts) {
  s.frame = parts;
  drawNow(s);
}

/** The empty hex under the pointer where the card at hand may be laid, or null. */
export function layableHex(s) {
  const h = s.hit;
  return h && !h.tile && T.rotationsAt(s.legal, h.q, h.r).length ? { q: h.q, r: h.r } : null;
}

/** The hex the card at hand is being laid at: under the pointer, else the last one it was over. */
export function currentHex(s) {
  return layableHex(s) || s.ui.lastHex;
}

/** The face of a card waiting to be laid: from the engine, by laying it in a throwaway copy of the game. */
function cardFace(s, card) {
  if (s.faceCache.has(card)) return s.faceCache.get(card);
  const p = s.snap.pending || {};
  let face = null;
  if (p.trails || p.beaches) {
    face = { card, kind: p.kind, name: p.name, value: p.value, king: null, beaches: p.beaches, trails: p.trails, ships: [] };
  } else {
    const lay = s.legal.find((a) => a.type === "place_card");
    let copy = null;
    try {
      copy = s.Game.load(s.game.save());
      copy.apply(lay);
      const t = copy.snapshot().tiles.find((x) => x.card === card);
      if (t) face = { ...t, beaches: t.beaches && t.beaches.map((b) => ({ ...b, ships: [] })), ships: t.ships ? [] : undefined };
    } catch {
      face = null;
    } finally {
      if (copy) copy.free();
    }
  }
  face = face || { card, kind: "back", name: p.card };
  s.faceCache.set(card, face);
  return face;
}

/** What render.js draws now: an animation frame, or the board with its highlights and the card at hand. */
export function buildScene(s) {
  const p = s.snap;
  const colors = p.players.map((x) => colorOf(x.color));
  const f = s.frame;
  if (f) return { tiles: f.tiles, colors, hidden: f.hidden, group: f.group, overlays: [f.overlay, ...layerOverlays(s)] };
  const human = !isBotTurn(s);
  const scene = { tiles: p.tiles, colors, marks: human ? T.marks(p, clickable(s), s.ui, s.hit) : null };
  if (p.phase === "land" && p.pending) {
    const g = s.lastArrival && s.lastArrival.state.group;
    scene.group = { tile: p.pending.tile, seats: p.pending.group, at: g && g.tile === p.pending.tile ? g.at : null };
  }
  if (p.phase === "place_card" && p.pending && s.hover && human) {
    const face = cardFace(s, p.pending.card);
    const hex = layableHex(s);
    if (hex) {
      scene.ghost = { tile: { ...face, q: hex.q, r: hex.r, rotation: T.rotationFor(s.legal, s.ui, hex.q, hex.r) }, legal: true, alpha: 0.9 };
    } else {
      // follow the pointer between places
      const q = s.hover.x / 1.5;
      const r = s.hover.y / G.SQRT3 - q / 2;
      scene.ghost = { tile: { ...face, q, r, rotation: s.ui.rotation ?? 0 }, legal: null, alpha: 0.55 };
    }
  }
  scene.overlays = layerOverlays(s); // layers.js: a focus ring, a review's move
  return scene;
}

/**
 * The viewport point {x, y} (CSS px) where a click performs `target`:
 * {tile, jetty} | {tile, beach} | {tile} | {q, r}. If the point is off
 * screen the board is fitted first.
 */
export function pointFor(s, target) {
  const world = worldPointFor(s, target);
  if (!world) throw new Error(`pointFor: nothing on the board for ${JSON.stringify(target)}`);
  const { renderer, camera, canvas } = s.dom;
  renderer.resize(camera);
  let p = worldToScreen(camera, world.x, world.y);
  if (!onScreen(camera, p, 6)) {
    fit(s);
    p = worldToScreen(camera, world.x, world.y);
  }
  const rect = canvas.getBoundingClientRect();
  return { x: rect.left + p.x, y: rect.top + p.y };
}

/** Pan the view the least that puts world point `p` on screen, a card's width from its border (issue 33: the keyboard's focus). */
export function showWorld(s, p) {
  const { renderer, camera } = s.dom;
  renderer.resize(camera);
  const q = worldToScreen(camera, p.x, p.y);
  const m = Math.min(camera.scale, camera.w / 3, camera.h / 3);
  const dx = q.x < m ? q.x - m : q.x > camera.w - m ? q.x - (camera.w - m) : 0;
  const dy = q.y < m ? q.y - m : q.y > camera.h - m ? q.y - (camera.h - m) : 0;
  if (!dx && !dy) return;
  camera.x += dx / camera.scale;
  camera.y += dy / camera.scale;
  requestDraw(s);
}

/** The world point where a click performs `target` (as pointFor), or null: a key can act as that click (controls.js clickAt). */
export function worldPointFor(s, target) {
  if (!target) return null;
  if (target.tile !== undefined) {
    const tile = s.snap.tiles.find((t) => t.card === target.tile);
    if (!tile) return null;
    if (target.jetty !== undefined) return G.slicePoint(tile, target.jetty);
    if (target.beach !== undefined) return tile.beaches && tile.beaches[target.beach] ? G.beachPoint(tile, target.beach) : null;
    return G.hexCenter(tile.q, tile.r);
  }
  if (target.q !== undefined && target.r !== undefined) return G.hexCenter(target.q, target.r);
  return null;
}
