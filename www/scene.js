// The board on the canvas: the scene render.js draws, built from the state
// (tiles, highlights from targets.js, the group on the landing island, the
// card waiting to be laid under the pointer, an animation frame), the camera
// that frames the action (issue 30: framing.js), drawing on the next frame
// or now, and where on the screen a click performs a target (the test hooks'
// pointFor). Positions come from geometry.js, so what is drawn is what is
// clicked.
//
// The camera follows the game (`s.view.follow`): during a person's decision
// it shows every target of it (targets.js targetList) on screen and well
// apart (framing.js); between decisions, the table; while a move is shown,
// where it happens. It moves in a short glide (none with
// prefers-reduced-motion or at the instant speed). A pan, zoom or pinch of
// the player's, or "Fit board", stops it following: the camera never fights
// them, and the "Follow the game" button (#follow) brings it back. Where the
// targets cannot all be on screen far enough apart (a phone, a wide board)
// the cards that hold them are the targets (`s.view.coarse`): a click on
// one comes close to it (`s.ui.focus`), and its own targets are there.

import * as G from "./geometry.js";
import { worldToScreen, onScreen, clampScale } from "./camera.js";
import { frameTable, frameTargets, between, allInView, SMALL_TARGET, CARD_TARGET } from "./framing.js";
import { colorOf } from "./render.js";
import * as T from "./targets.js";
import { isBotTurn, clickable } from "./state.js";
import { layerOverlays } from "./layers.js";
import { layoutNotes } from "./notes.js";
import { localCardName } from "./words.js";

/** The hexes of the board: its cards and, while a card is being laid, the places it may go to. */
function boardHexes(s, tiles = s.snap ? s.snap.tiles : []) {
  const hexes = tiles.map((t) => ({ q: t.q, r: t.r }));
  for (const a of s.legal) if (a.type === "place_card") hexes.push({ q: a.q, r: a.r });
  return hexes;
}

/** The world bounds of the table (its cards, and the places a card may be laid). */
function boardBounds(s, tiles) {
  return G.boundsOf(boardHexes(s, tiles), 1, 0.04);
}

const viewOf = (s) => ({ w: s.dom.camera.w, h: s.dom.camera.h });

/** The world point of a target, or null (as worldPointFor, for a target list). */
function placed(s, list) {
  const out = [];
  for (const t of list) {
    const world = worldPointFor(s, t.target);
    if (world) out.push({ ...t, world });
  }
  return out;
}

/** The world bounds of the cards that hold `targets` (whole cards: an island is seen whole). */
function cardsOf(s, targets) {
  const hexes = [];
  for (const { target } of targets) {
    if (target.tile === undefined) hexes.push({ q: target.q, r: target.r });
    else {
      const t = s.snap.tiles.find((x) => x.card === target.tile);
      if (t) hexes.push({ q: t.q, r: t.r });
    }
  }
  return G.boundsOf(hexes, 1, 0.04);
}

/** May the island itself land the whole group as shown? Where every landing move may be clicked (not in a lesson's step). */
export function offersLandAll(s) {
  return !isBotTurn(s) && s.snap.phase === "land" && clickable(s).length === s.legal.length;
}

/**
 * The targets of the decision at hand as the board offers them now, with
 * their world points: the fine ones (targets.js targetList), or where the
 * camera cannot show them far enough apart, their cards (coarse). [] on a
 * bot's turn or where nobody plays. Sets `s.view.targets` and `s.view.coarse`.
 */
export function boardTargets(s) {
  const v = s.view;
  v.coarse = false;
  v.targets = [];
  if (!s.snap || isBotTurn(s) || s.held || s.frame) return v.targets;
  const fine = placed(s, T.targetList(s.snap, clickable(s), s.ui, { landAll: offersLandAll(s) }));
  v.targets = fine;
  return fine;
}

/** Where the camera should look now (framing.js), and which targets the board offers there. */
function wanted(s) {
  const v = s.view;
  const board = boardBounds(s);
  const view = viewOf(s);
  const fine = boardTargets(s);
  if (!fine.length) return frameTable(board, view);
  const area = cardsOf(s, fine);
  const p = s.snap.pending;
  if (s.snap.phase === "land" && p) {
    // the waiting group is seen with the island it lands on
    const tile = s.snap.tiles.find((t) => t.card === p.tile);
    const g = s.lastArrival && s.lastArrival.state.group;
    const at = tile && groupSpot(s.snap.tiles, tile, g && g.tile === p.tile ? g.at : null);
    if (at) Object.assign(area, { minX: Math.min(area.minX, at.x - 0.35), maxX: Math.max(area.maxX, at.x + 0.35), minY: Math.min(area.minY, at.y - 0.3), maxY: Math.max(area.maxY, at.y + 0.3) });
  }
  const small = fine.some((t) => t.kind !== "hex");
  const fr = frameTargets(fine.map((t) => t.world), area, board, view, small ? SMALL_TARGET : CARD_TARGET);
  if (fr) return fr;
  const coarse = placed(s, T.coarseTargets(fine));
  const fc = frameTargets(coarse.map((t) => t.world), cardsOf(s, coarse), board, view, CARD_TARGET);
  if (!fc) return frameTable(board, view);
  v.coarse = true;
  v.targets = coarse;
  return fc;
}

const reducedMotion = () => !!(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
const GLIDE_MS = 420;

/** Move the camera to `to` ({x, y, scale}): in a glide, or at once (`now`, instant speed, reduced motion). */
function moveTo(s, to, now = false) {
  const { camera } = s.dom;
  const v = s.view;
  const same = Math.abs(to.scale - camera.scale) < camera.scale * 0.01 && Math.hypot(to.x - camera.x, to.y - camera.y) * camera.scale < 1.5;
  if (same && !v.tween) return;
  if (now || s.speed <= 0 || reducedMotion()) {
    v.tween = null;
    Object.assign(camera, { x: to.x, y: to.y, scale: clampScale(to.scale) });
    cameraIdle(s);
    requestDraw(s);
    return;
  }
  const from = { x: camera.x, y: camera.y, scale: camera.scale };
  v.tween = { from, to: { x: to.x, y: to.y, scale: clampScale(to.scale) }, t0: performance.now(), dur: GLIDE_MS * Math.min(1, Math.max(0.4, s.speed)) };
  requestDraw(s);
}

/** The glide's frame: the camera part way (drawNow). */
function glide(s) {
  const v = s.view;
  const tw = v.tween;
  if (!tw) return;
  const t = Math.min(1, (performance.now() - tw.t0) / tw.dur);
  Object.assign(s.dom.camera, t >= 1 ? tw.to : between(tw.from, tw.to, t));
  if (t >= 1) {
    v.tween = null;
    cameraIdle(s);
  } else requestDraw(s);
}

/** The camera is still: whoever waits for it (turns.js settle) goes on. */
function cameraIdle(s) {
  const waiting = s.view.waiters.splice(0);
  for (const f of waiting) f();
}

/** Is the camera gliding? (turns.js settle waits for it, so whenIdle finds the targets where they stay.) */
export function cameraBusy(s) {
  return !!s.view.tween;
}

/** Call `f` once the camera is still. */
export function whenCameraStill(s, f) {
  if (!s.view.tween) f();
  else s.view.waiters.push(f);
}

/**
 * Frame the action: the camera to where the game wants it (when it follows
 * the game), the board's targets worked out again either way. `now`: no glide.
 */
export function frame(s, now = false) {
  if (!s.snap || !s.dom) return;
  const { renderer, camera } = s.dom;
  renderer.resize(camera);
  if (s.held || s.frame) return; // a move is being shown: startedMove chose its frame
  const to = wanted(s);
  if (s.view.follow) moveTo(s, to, now);
  else boardTargets(s); // the player's own view: the fine targets, where they look
  showFollow(s);
  requestDraw(s);
}

/**
 * A move begins to be shown (turns.js): where it happens (the cards of its
 * events) stays in view; if some of it would be off screen, the camera
 * glides to the table, which holds it all.
 */
export function startedMove(s, events, before) {
  s.view.targets = [];
  s.view.coarse = false;
  if (!s.view.follow || !s.snap) return;
  const { renderer, camera } = s.dom;
  renderer.resize(camera);
  const tiles = [...(before.tiles || []), ...s.snap.tiles];
  const at = (card) => tiles.find((t) => t.card === card);
  const points = [];
  for (const e of events) {
    for (const card of [e.tile, e.card]) {
      const t = card && at(card);
      if (t) points.push(G.hexCenter(t.q, t.r));
    }
    if (e.type === "card_revealed") points.push(G.hexCenter(e.q, e.r));
  }
  if (!points.length || allInView(camera, points, camera.scale * 0.7)) return;
  moveTo(s, frameTable(boardBounds(s, tiles), viewOf(s)));
}

/** The move has been shown (turns.js animated): frame the decision that follows. */
export function shown(s) {
  frame(s);
}

/** "Fit board": the whole table fills the free area; the camera stops following until the player asks it to. */
export function fitBoard(s) {
  s.view.follow = false;
  const { renderer, camera } = s.dom;
  renderer.resize(camera);
  moveTo(s, frameTable(boardBounds(s), viewOf(s)));
  frame(s);
}

/** The player panned, zoomed or pinched: their view from now on (the glide stops; #follow brings the game's back). */
export function cameraMoved(s) {
  if (s.view.tween) {
    s.view.tween = null;
    cameraIdle(s);
  }
  if (s.view.follow) {
    s.view.follow = false;
    frame(s);
  }
}

/** Follow the game again (#follow): the camera frames the action. */
export function follow(s) {
  s.view.follow = true;
  frame(s);
}

/** The #follow button: shown while the camera does not follow the game. */
function showFollow(s) {
  const b = s.dom.root.querySelector("#follow");
  if (b && b.hidden !== s.view.follow) b.hidden = s.view.follow;
}

/** A new game or view on the table (session.js): the camera follows it and frames it at once. */
export function fit(s) {
  s.view.follow = true;
  s.view.tween = null;
  s.ui = { ...s.ui, focus: null };
  frame(s, true);
}

/** The board changed size (events.js): frame it again at once. */
export function resized(s) {
  frame(s, true);
  drawNow(s);
}

export function requestDraw(s) {
  if (s.dom.drawQueued) return;
  s.dom.drawQueued = true;
  requestAnimationFrame(() => {
    s.dom.drawQueued = false;
    drawNow(s);
  });
}

const PULSE_MS = 1600; // one breath of the targets' pulse
const PULSE_FRAME_MS = 60; // how often the pulse is drawn

/** The targets' gentle pulse now, 0..1 (issue 30); 0 with prefers-reduced-motion. */
function pulseNow() {
  if (reducedMotion()) return 0;
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (performance.now() % PULSE_MS)) / PULSE_MS);
}

export function drawNow(s) {
  if (!s.snap) return;
  const { renderer, camera } = s.dom;
  if (!s.dom.named) {
    // the cards' names on the board in the table's language (issue 30: Fiji, Fidschi, Fidzsi…)
    s.dom.named = true;
    renderer.setNames((t) => localCardName(s.words.t, t.card, t.name));
  }
  renderer.resize(camera);
  glide(s);
  const scene = buildScene(s);
  renderer.draw(scene, camera);
  if (scene.pulse !== undefined && !s.dom.pulseTimer && !reducedMotion()) {
    // the targets breathe while a person decides: drawn again a few times a second
    s.dom.pulseTimer = setTimeout(() => {
      s.dom.pulseTimer = 0;
      if (!s.disposed) requestDraw(s);
    }, PULSE_FRAME_MS);
  }
  layoutNotes(s); // notes keep beside their cards and clear of the targets, wherever the camera went
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
  if (scene.marks && (scene.marks.beaches.size || scene.marks.tiles.size || scene.marks.slices.size)) scene.pulse = pulseNow();
  if (p.phase === "land" && p.pending) {
    const g = s.lastArrival && s.lastArrival.state.group;
    const tile = p.tiles.find((t) => t.card === p.pending.tile);
    scene.group = { tile: p.pending.tile, seats: p.pending.group, at: tile ? groupSpot(p.tiles, tile, g && g.tile === p.pending.tile ? g.at : null) : null };
    // "land as shown": the pale ships of the plan where they would go (issue 30)
    const plan = human ? landingPlan(s) : null;
    if (plan) scene.ghostShips = plan.ships;
  }
  if (p.phase === "place_card" && p.pending && human && !s.hover) {
    // no pointer over the board (a phone, or the pointer elsewhere): the card at hand shows, face up, at the
    // place it was last over (or the first it may go to), so its face is seen before it is laid (issue 30)
    const first = s.legal.find((a) => a.type === "place_card");
    const hex = currentHex(s) || (first ? { q: first.q, r: first.r } : null);
    if (hex) scene.ghost = { tile: { ...cardFace(s, p.pending.card), q: hex.q, r: hex.r, rotation: T.rotationFor(s.legal, s.ui, hex.q, hex.r) }, legal: true, alpha: 0.8 };
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
 * Where the group waiting to land is drawn (issue 30): never over the
 * island's name or value or a trail's danger number — in free ocean next to
 * the island, on the side it came in from where it can; with no free
 * neighbour, in the lagoon by the island card's corner nearest to that side.
 */
export function groupSpot(tiles, tile, entry) {
  const c = G.hexCenter(tile.q, tile.r);
  const toward = entry ? Math.atan2(entry.y - c.y, entry.x - c.x) : Math.PI / 2;
  const taken = new Set(tiles.map((t) => G.hexKey(t.q, t.r)));
  let best = null;
  for (let d = 0; d < 6; d++) {
    const n = G.neighbor(tile.q, tile.r, d);
    if (taken.has(G.hexKey(n.q, n.r))) continue;
    const a = G.unitAngle(d);
    const off = Math.abs(Math.atan2(Math.sin(a - toward), Math.cos(a - toward)));
    if (!best || off < best.off) best = { off, at: G.polar(c.x, c.y, d, 1.12) };
  }
  if (best) return best.at;
  // no free ocean beside it: the corner of its own card nearest to the side it came in from
  const u = G.angleToUnit(toward);
  return G.polar(c.x, c.y, Math.floor(u) + 0.5, 0.84);
}

/**
 * "Land as shown" (issue 30): the moves that land the waiting group the
 * way the table would (targets.js landPolicy, each one of the engine's legal
 * actions), played out in a throwaway copy of the game, and the pale ships
 * they put on the beaches: { moves, ships: [{tile, beach, place, seat}],
 * home: [seats] }. Null where it cannot be worked out here (an online
 * table's game has no save until it is over: there the island still lands
 * the group, move by move).
 */
export function landingPlan(s) {
  if (s.landPlanOf === s.snap) return s.landPlan;
  s.landPlanOf = s.snap;
  s.landPlan = null;
  if (!offersLandAll(s)) return null;
  let copy = null;
  try {
    copy = s.Game.load(s.game.save());
    const tile = s.snap.pending.tile;
    const moves = [];
    for (let i = 0; i < 60; i++) {
      const snap = copy.snapshot();
      if (snap.phase !== "land" || !snap.pending || snap.pending.tile !== tile) break;
      const a = T.landPolicy(snap, copy.legalActions());
      if (!a) break;
      moves.push(a);
      copy.apply(a);
    }
    const t = s.snap.tiles.find((x) => x.card === tile);
    const count = (t.beaches || []).map((b) => (b.ships || []).length);
    const ships = [];
    const home = [];
    for (const a of moves) {
      if (a.type === "land") ships.push({ tile, beach: a.beach, place: count[a.beach]++, seat: a.seat });
      else home.push(a.seat);
    }
    s.landPlan = moves.length ? { moves, ships, home } : null;
  } catch {
    s.landPlan = null;
  } finally {
    if (copy) copy.free();
  }
  return s.landPlan;
}

/**
 * The viewport point {x, y} (CSS px) where a click performs `target`:
 * {tile, jetty} | {tile, beach} | {tile} | {q, r}. If the point is off
 * screen while the camera follows the game, the camera shows the whole
 * table first; in the player's own view (they panned or zoomed) nothing
 * moves, and the point may be off screen.
 */
export function pointFor(s, target) {
  const world = worldPointFor(s, target);
  if (!world) throw new Error(`pointFor: nothing on the board for ${JSON.stringify(target)}`);
  const { renderer, camera, canvas } = s.dom;
  renderer.resize(camera);
  let p = worldToScreen(camera, world.x, world.y);
  if (!onScreen(camera, p, 6) && s.view.follow) {
    moveTo(s, frameTable(boardBounds(s), viewOf(s)), true);
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
