// Canvas drawing of the table. It only draws a "scene" it is handed (tiles
// as the snapshot lists them, highlights, hover, a card being laid, animation
// overlays); it knows no rules and changes no state.
//
// Positions come from geometry.js (the same functions the hit testing uses),
// in world units of hex size s = 1, mapped to the screen by the camera.

import * as G from "./geometry.js";

export const PLAYER_COLORS = Object.freeze({
  blue: "#2f6fe4",
  yellow: "#f7cf1d",
  green: "#23a047",
  orange: "#f5821f",
  red: "#dc2f2f",
  purple: "#9146d6",
});
export const COLOR_ORDER = Object.freeze(["blue", "yellow", "green", "orange", "red", "purple"]);

export function colorOf(name) {
  return PLAYER_COLORS[name] || name || "#888";
}

const C = {
  oceanIn: "#2a86b3",
  oceanOut: "#15587f",
  waterCard: "#2f98c6",
  waterCardIn: "#4cb5dc",
  lagoonIn: "#7fd6e0",
  lagoon: "#3fa9cc",
  cardEdge: "rgba(6, 38, 58, 0.55)",
  cardShadow: "rgba(4, 25, 40, 0.35)",
  sand: "#f4dea6",
  sandEdge: "#d7b36a",
  dimple: "rgba(176, 134, 62, 0.45)",
  green: "#58a443",
  greenDark: "#3b7d2d",
  greenLight: "#80c35f",
  jetty: "#7b4b22",
  plank: "#a56d36",
  foam: "#ffffff",
  danger: "#0c3550",
  emblem: "#c9352b",
  legal: "#ffd84a",
  selected: "#ffffff",
  hullLine: "#1d232c",
};

export function createRenderer(canvas) {
  const mainCtx = canvas.getContext("2d", { alpha: false });
  let ctx = mainCtx; // drawing functions draw on this: the canvas, or a sprite
  let dpr = 1;
  let cam = null;
  let incomplete = false; // some card was drawn from a stale sprite: draw again soon

  /** Run f with drawing redirected to another context (a sprite). */
  function withCtx(other, f) {
    const old = ctx;
    ctx = other;
    try {
      f();
    } finally {
      ctx = old;
    }
  }

  /** Match the canvas backing store to its CSS size and devicePixelRatio. */
  function resize(camera) {
    const rect = canvas.getBoundingClientRect();
    dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    camera.w = rect.width;
    camera.h = rect.height;
  }

  function setWorld() {
    const k = dpr * cam.scale;
    ctx.setTransform(k, 0, 0, k, dpr * (cam.w / 2 - cam.x * cam.scale), dpr * (cam.h / 2 - cam.y * cam.scale));
  }

  /** Upright text at world point (wx, wy) under the current transform; size in world units. */
  function text(str, wx, wy, size, { color = "#fff", outline = null, weight = "600", align = "center", lw = 0.035 } = {}) {
    const m = ctx.getTransform();
    const k = Math.hypot(m.a, m.b);
    const px = size * k;
    if (px < 5) return; // unreadable anyway: skip
    const dx = m.a * wx + m.c * wy + m.e;
    const dy = m.b * wx + m.d * wy + m.f;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = `${weight} ${px.toFixed(1)}px "Trebuchet MS", "DejaVu Sans", system-ui, sans-serif`;
    ctx.textAlign = align;
    ctx.textBaseline = "middle";
    if (outline) {
      ctx.lineJoin = "round";
      ctx.lineWidth = lw * k;
      ctx.strokeStyle = outline;
      ctx.strokeText(str, dx, dy);
    }
    ctx.fillStyle = color;
    ctx.fillText(str, dx, dy);
    ctx.restore();
  }

  function hexPath(cx, cy, s = 1) {
    const cs = G.hexCorners(cx, cy, s);
    ctx.beginPath();
    ctx.moveTo(cs[0].x, cs[0].y);
    for (let i = 1; i < 6; i++) ctx.lineTo(cs[i].x, cs[i].y);
    ctx.closePath();
  }

  /** Annular sector between world units u0..u1, radii r0..r1 around (cx, cy). */
  function sectorPath(cx, cy, u0, u1, r0, r1) {
    const a0 = G.unitAngle(u0);
    const a1 = G.unitAngle(u1);
    ctx.beginPath();
    ctx.arc(cx, cy, r1, a0, a1, false);
    ctx.arc(cx, cy, r0, a1, a0, true);
    ctx.closePath();
  }

  // -- boats ---------------------------------------------------------------

  /**
   * A boat (a tongiaki canoe) at (x, y), drawn upright from the side like a
   * game piece: a hull and a sail in the player's colour, outlined dark so
   * every colour reads on sand and on sea. `angle` only decides which way it
   * faces (left or right); `len` is its width in world units.
   */
  function boat(x, y, angle, color, len = 0.2, alpha = 1) {
    const L = len;
    const flip = Math.cos(angle) < -0.2 ? -1 : 1;
    ctx.save();
    ctx.globalAlpha *= alpha;
    ctx.translate(x, y + L * 0.08);
    ctx.scale(flip, 1);
    ctx.lineJoin = "round";
    ctx.lineWidth = L * 0.07;
    ctx.strokeStyle = C.hullLine;
    // hull
    ctx.beginPath();
    ctx.moveTo(-L * 0.5, -L * 0.02);
    ctx.lineTo(L * 0.5, -L * 0.02);
    ctx.quadraticCurveTo(L * 0.36, L * 0.26, L * 0.1, L * 0.26);
    ctx.lineTo(-L * 0.22, L * 0.26);
    ctx.quadraticCurveTo(-L * 0.44, L * 0.24, -L * 0.5, -L * 0.02);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.stroke();
    // mast and sail
    ctx.beginPath();
    ctx.moveTo(-L * 0.04, -L * 0.02);
    ctx.lineTo(-L * 0.04, -L * 0.66);
    ctx.quadraticCurveTo(L * 0.3, -L * 0.4, L * 0.36, -L * 0.1);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.stroke();
    // a pale band so the sail reads as cloth
    ctx.beginPath();
    ctx.moveTo(L * 0.0, -L * 0.5);
    ctx.quadraticCurveTo(L * 0.18, -L * 0.34, L * 0.24, -L * 0.14);
    ctx.lineTo(L * 0.0, -L * 0.14);
    ctx.closePath();
    ctx.fillStyle = "rgba(255,255,255,0.45)";
    ctx.fill();
    ctx.restore();
  }

  /** A tight cluster of boats centred on (x, y) (ships on water, a group under way). */
  function boatCluster(x, y, seats, colors, len = 0.17, heading = -Math.PI / 2, alpha = 1) {
    const n = seats.length;
    if (!n) return;
    const perRow = n <= 3 ? n : Math.ceil(n / Math.ceil(n / 4));
    const rows = Math.ceil(n / perRow);
    const dx = len * 0.9;
    const dy = len * 1.0;
    const cos = Math.cos(heading + Math.PI / 2);
    const sin = Math.sin(heading + Math.PI / 2);
    seats.forEach((seat, i) => {
      const row = Math.floor(i / perRow);
      const inRow = Math.min(perRow, n - row * perRow);
      const col = i - row * perRow;
      const ox = (col - (inRow - 1) / 2) * dx;
      const oy = (row - (rows - 1) / 2) * dy;
      // rotate the offset so the cluster faces its heading
      const px = x + ox * cos - oy * sin;
      const py = y + ox * sin + oy * cos;
      boat(px, py, heading, colors[seat] || "#888", len, alpha);
    });
  }

  // -- cards ---------------------------------------------------------------

  function cardBase(cx, cy, inner, outer) {
    // a cheap drop shadow: the hex offset down-right
    hexPath(cx + 0.035, cy + 0.05, 0.985);
    ctx.fillStyle = C.cardShadow;
    ctx.fill();
    hexPath(cx, cy, 0.985);
    const g = ctx.createRadialGradient(cx, cy - 0.2, 0.1, cx, cy, 1);
    g.addColorStop(0, inner);
    g.addColorStop(1, outer);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = C.cardEdge;
    ctx.stroke();
  }

  function emblem(cx, cy, rotation) {
    // RULES §1.1: the red emblem marks card edge 0.
    const dir = G.worldDirection(0, rotation);
    const p = G.polar(cx, cy, dir, G.APOTHEM * 0.985);
    const a = G.unitAngle(dir);
    ctx.beginPath();
    ctx.arc(p.x, p.y, 0.075, a + Math.PI / 2, a + (3 * Math.PI) / 2, false);
    ctx.closePath();
    ctx.fillStyle = C.emblem;
    ctx.fill();
  }

  function drawWater(tile, colors) {
    const c = G.hexCenter(tile.q, tile.r);
    cardBase(c.x, c.y, C.waterCardIn, C.waterCard);
    emblem(c.x, c.y, tile.rotation);
    const trails = G.tileTrails(tile);
    ctx.lineCap = "round";
    for (const layer of [
      { w: 0.15, s: "rgba(255,255,255,0.22)" },
      { w: 0.085, s: "rgba(255,255,255,0.55)" },
      { w: 0.04, s: C.foam },
    ]) {
      for (const t of trails) {
        strokeTrail(t.path);
        ctx.lineWidth = layer.w;
        ctx.strokeStyle = layer.s;
        ctx.stroke();
      }
    }
    for (const t of trails) {
      if (!t.danger) continue;
      for (const p of G.dangerLabelPoints(t.path, 0.24)) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, 0.105, 0, 2 * Math.PI);
        ctx.fillStyle = C.danger;
        ctx.fill();
        ctx.lineWidth = 0.025;
        ctx.strokeStyle = "#fff";
        ctx.stroke();
        text(String(t.danger), p.x, p.y + 0.005, 0.15, { weight: "700" });
      }
    }
  }

  function strokeTrail(path) {
    ctx.beginPath();
    if (path.kind === "line") {
      ctx.moveTo(path.x0, path.y0);
      ctx.lineTo(path.x1, path.y1);
    } else {
      ctx.arc(path.cx, path.cy, path.radius, path.start, path.end, path.end < path.start);
    }
  }

  function drawIsland(tile, colors) {
    const c = G.hexCenter(tile.q, tile.r);
    const I = G.ISLAND;
    const isTonga = tile.card === "tonga";
    cardBase(c.x, c.y, C.lagoonIn, C.lagoon);
    if (!isTonga) emblem(c.x, c.y, tile.rotation);
    const lay = G.islandLayout(tile.beaches);
    // jetties under the sand
    for (const j of G.jettySegments(tile)) {
      ctx.beginPath();
      ctx.moveTo(j.from.x, j.from.y);
      ctx.lineTo(j.to.x, j.to.y);
      ctx.lineCap = "butt";
      ctx.lineWidth = 0.075;
      ctx.strokeStyle = C.jetty;
      ctx.stroke();
      ctx.lineWidth = 0.045;
      ctx.setLineDash([0.03, 0.012]);
      ctx.strokeStyle = C.plank;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // sand beaches
    lay.forEach((b, bi) => {
      sectorPath(c.x, c.y, b.from + tile.rotation, b.to + tile.rotation, I.sandIn, I.sandOut);
      ctx.fillStyle = C.sand;
      ctx.fill();
      ctx.lineWidth = 0.02;
      ctx.strokeStyle = C.sandEdge;
      ctx.stroke();
    });
    // island body
    ctx.beginPath();
    ctx.arc(c.x, c.y, I.body, 0, 2 * Math.PI);
    const g = ctx.createRadialGradient(c.x - 0.12, c.y - 0.15, 0.05, c.x, c.y, I.body);
    g.addColorStop(0, C.greenLight);
    g.addColorStop(0.7, C.green);
    g.addColorStop(1, C.greenDark);
    ctx.fillStyle = g;
    ctx.fill();
    // a small hill
    ctx.beginPath();
    ctx.moveTo(c.x - 0.2, c.y + 0.02);
    ctx.quadraticCurveTo(c.x - 0.05, c.y - 0.2, c.x + 0.03, c.y - 0.18);
    ctx.quadraticCurveTo(c.x + 0.12, c.y - 0.15, c.x + 0.22, c.y + 0.02);
    ctx.closePath();
    ctx.fillStyle = "rgba(40, 90, 30, 0.45)";
    ctx.fill();
    // places: one dimple per ship spot
    ctx.fillStyle = C.dimple;
    tile.beaches.forEach((b, bi) => {
      for (let j = 0; j < b.places; j++) {
        const p = G.placePosition(tile, bi, j);
        ctx.beginPath();
        ctx.arc(p.x, p.y, 0.058, 0, 2 * Math.PI);
        ctx.fill();
      }
    });
    // name and value, upright whatever the rotation
    if (tile.king !== null && tile.king !== undefined) {
      kingMask(c.x, c.y - 0.02, colors[tile.king] || "#888");
      text(tile.name || tile.card, c.x, c.y + 0.27, 0.115, { outline: "rgba(0,0,0,0.75)", lw: 0.04 });
      coin(c.x + 0.24, c.y - 0.22, tile.value);
    } else {
      text(tile.name || tile.card, c.x, c.y + 0.1, isTonga ? 0.15 : 0.125, { outline: "rgba(20,50,15,0.9)", lw: 0.045 });
      coin(c.x, c.y - 0.13, tile.value);
    }
  }

  function coin(x, y, value) {
    ctx.beginPath();
    ctx.arc(x, y, 0.105, 0, 2 * Math.PI);
    ctx.fillStyle = "#f6c945";
    ctx.fill();
    ctx.lineWidth = 0.022;
    ctx.strokeStyle = "#8a5a12";
    ctx.stroke();
    text(String(value ?? ""), x, y + 0.005, 0.15, { color: "#4a2c05", weight: "800" });
  }

  /** The king mask: a carved tiki face on a shield of the owner's colour. */
  function kingMask(x, y, color) {
    ctx.save();
    ctx.beginPath();
    ctx.ellipse(x, y, 0.2, 0.25, 0, 0, 2 * Math.PI);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = C.hullLine;
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(x, y + 0.01, 0.14, 0.19, 0, 0, 2 * Math.PI);
    ctx.fillStyle = "#8b5a2b";
    ctx.fill();
    ctx.strokeStyle = "#3b2410";
    ctx.lineWidth = 0.018;
    ctx.stroke();
    // eyes, brow, mouth
    ctx.fillStyle = "#fff5dc";
    for (const sx of [-1, 1]) {
      ctx.beginPath();
      ctx.ellipse(x + sx * 0.06, y - 0.04, 0.04, 0.03, 0, 0, 2 * Math.PI);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x + sx * 0.06, y - 0.04, 0.015, 0, 2 * Math.PI);
      ctx.fillStyle = "#1b1208";
      ctx.fill();
      ctx.fillStyle = "#fff5dc";
    }
    ctx.beginPath();
    ctx.moveTo(x - 0.1, y - 0.1);
    ctx.lineTo(x, y - 0.07);
    ctx.lineTo(x + 0.1, y - 0.1);
    ctx.lineWidth = 0.02;
    ctx.strokeStyle = "#3b2410";
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(x, y + 0.09, 0.07, 0.035, 0, 0, 2 * Math.PI);
    ctx.fillStyle = "#fff5dc";
    ctx.fill();
    ctx.stroke();
    // crown feathers
    ctx.fillStyle = color;
    for (const k of [-2, -1, 0, 1, 2]) {
      ctx.beginPath();
      const bx = x + k * 0.055;
      ctx.moveTo(bx - 0.025, y - 0.21);
      ctx.lineTo(bx, y - 0.33 + Math.abs(k) * 0.025);
      ctx.lineTo(bx + 0.025, y - 0.21);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = C.hullLine;
      ctx.lineWidth = 0.012;
      ctx.stroke();
    }
    ctx.restore();
  }

  /** The static art of a card (no ships, no highlights). */
  function drawTile(tile, colors) {
    if (tile.kind === "water") drawWater(tile, colors);
    else if (tile.kind === "island") drawIsland(tile, colors);
    else drawCardBack(tile);
  }

  // -- sprites: each card's static art rendered once per zoom level --------

  const SPRITE_MAX_K = 260; // device px per world unit above which cards are drawn directly
  const sprites = new Map(); // key -> { canvas, k, size }
  const boatSprites = new Map();

  function spriteKey(t, colors) {
    const king = t.king !== null && t.king !== undefined ? `${t.king}:${colors[t.king]}` : "";
    return `${t.kind}|${t.card}|${t.rotation}|${king}|${t.name ?? ""}|${t.value ?? ""}`;
  }

  function renderSprite(t, colors, k, old) {
    const size = Math.ceil(2.14 * k) + 2;
    const c = old && old.canvas.width === size ? old.canvas : document.createElement("canvas");
    c.width = size;
    c.height = size;
    const x = c.getContext("2d");
    x.setTransform(k, 0, 0, k, size / 2, size / 2);
    withCtx(x, () => drawTile({ ...t, q: 0, r: 0 }, colors));
    return { canvas: c, k, size };
  }

  /** Draw a tile from its sprite (rendering it if needed, within the frame's budget). */
  function blitTile(t, colors, k, budget) {
    const key = spriteKey(t, colors);
    let sp = sprites.get(key);
    const fresh = sp && Math.abs(sp.k - k) <= k * 0.004;
    if (!fresh && (!sp || budget.left > 0)) {
      budget.left--;
      sp = renderSprite(t, colors, k, sp);
      sprites.set(key, sp);
    } else if (!fresh) {
      incomplete = true;
    }
    const m = ctx.getTransform();
    const c = G.hexCenter(t.q, t.r);
    const dx = m.a * c.x + m.e;
    const dy = m.d * c.y + m.f;
    const f = k / sp.k;
    const half = (sp.size / 2) * f;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (Math.abs(f - 1) < 1e-9) ctx.drawImage(sp.canvas, Math.round(dx - half), Math.round(dy - half));
    else ctx.drawImage(sp.canvas, dx - half, dy - half, sp.size * f, sp.size * f);
    ctx.restore();
  }

  /** A boat on a place, from a per-colour sprite. */
  function placedBoat(x, y, angle, color, len, k) {
    const flip = Math.cos(angle) < -0.2;
    const key = `${color}|${len}|${flip}`;
    let sp = boatSprites.get(key);
    if (!sp || Math.abs(sp.k - k) > k * 0.004) {
      const size = Math.ceil(1.7 * len * k) + 4;
      const c = sp && sp.canvas.width === size ? sp.canvas : document.createElement("canvas");
      c.width = size;
      c.height = size;
      const bx = c.getContext("2d");
      bx.setTransform(k, 0, 0, k, size / 2, size / 2);
      withCtx(bx, () => boat(0, 0, flip ? Math.PI : 0, color, len));
      sp = { canvas: c, k, size };
      boatSprites.set(key, sp);
    }
    const m = ctx.getTransform();
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(sp.canvas, Math.round(m.a * x + m.e - sp.size / 2), Math.round(m.d * y + m.f - sp.size / 2));
    ctx.restore();
  }

  /** Ships on an island's places, or left on a water card (R60). */
  function drawShips(tile, colors, hidden, k) {
    if (tile.kind === "water") {
      if (!tile.ships || !tile.ships.length) return;
      const c = G.hexCenter(tile.q, tile.r);
      ctx.beginPath();
      ctx.arc(c.x, c.y, 0.3, 0, 2 * Math.PI);
      ctx.fillStyle = "rgba(8,40,60,0.45)";
      ctx.fill();
      boatCluster(c.x, c.y, tile.ships, colors, 0.16);
      return;
    }
    (tile.beaches || []).forEach((b, bi) => {
      if (hidden && hidden.has(`${tile.card}/${bi}`)) return;
      (b.ships || []).forEach((seat, j) => {
        if (j >= b.places) return;
        const p = G.placePosition(tile, bi, j);
        const angle = G.unitAngle(G.placeUnit(tile, bi, j));
        if (k <= SPRITE_MAX_K) placedBoat(p.x, p.y, angle, colors[seat] || "#888", 0.19, k);
        else boat(p.x, p.y, angle, colors[seat] || "#888", 0.19);
      });
    });
  }

  function markBeach(tile, bi, style) {
    const lay = G.islandLayout(tile.beaches)[bi];
    if (!lay) return;
    const c = G.hexCenter(tile.q, tile.r);
    sectorPath(c.x, c.y, lay.from + tile.rotation, lay.to + tile.rotation, G.ISLAND.sandIn, G.ISLAND.sandOut);
    ctx.fillStyle = style === "selected" ? "rgba(255,255,255,0.55)" : style === "hover" ? "rgba(255,216,74,0.6)" : "rgba(255,216,74,0.3)";
    ctx.fill();
    ctx.lineWidth = style === "legal" ? 0.03 : 0.045;
    ctx.strokeStyle = style === "selected" ? "#fff" : C.legal;
    ctx.stroke();
  }

  /** Is the hex at world (x, y) within the viewport (device px bounds)? */
  function visible(x, y) {
    const m = ctx.getTransform();
    const dx = m.a * x + m.e;
    const dy = m.d * y + m.f;
    const r = 1.1 * m.a;
    return dx > -r && dy > -r && dx < canvas.width + r && dy < canvas.height + r;
  }

  // -- highlights ----------------------------------------------------------

  function markHex(q, r, style) {
    const c = G.hexCenter(q, r);
    hexPath(c.x, c.y, 0.93);
    ctx.fillStyle = style === "hover" ? "rgba(255,216,74,0.30)" : "rgba(255,255,255,0.10)";
    ctx.fill();
    ctx.setLineDash([0.09, 0.06]);
    ctx.lineWidth = style === "hover" ? 0.05 : 0.035;
    ctx.strokeStyle = style === "hover" ? C.legal : "rgba(255,255,255,0.75)";
    ctx.stroke();
    ctx.setLineDash([]);
  }

  function markSlice(tile, edge, style) {
    const c = G.hexCenter(tile.q, tile.r);
    const dir = G.worldDirection(edge, tile.rotation);
    const cs = G.hexCorners(c.x, c.y, 0.97);
    const a = cs[(dir + 5) % 6];
    const b = cs[dir];
    ctx.beginPath();
    ctx.moveTo(c.x, c.y);
    ctx.lineTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.closePath();
    ctx.fillStyle = style === "hover" ? "rgba(255,216,74,0.45)" : "rgba(255,216,74,0.16)";
    ctx.fill();
    ctx.lineWidth = style === "hover" ? 0.04 : 0.02;
    ctx.strokeStyle = C.legal;
    ctx.stroke();
    // an arrow out through the side
    const p0 = G.polar(c.x, c.y, dir, 0.7);
    const p1 = G.polar(c.x, c.y, dir, 0.95);
    const ang = G.unitAngle(dir);
    ctx.beginPath();
    ctx.moveTo(p1.x, p1.y);
    ctx.lineTo(p0.x + 0.09 * Math.cos(ang + Math.PI / 2), p0.y + 0.09 * Math.sin(ang + Math.PI / 2));
    ctx.lineTo(p0.x + 0.09 * Math.cos(ang - Math.PI / 2), p0.y + 0.09 * Math.sin(ang - Math.PI / 2));
    ctx.closePath();
    ctx.fillStyle = style === "hover" ? C.legal : "rgba(255,216,74,0.8)";
    ctx.fill();
    ctx.lineWidth = 0.015;
    ctx.strokeStyle = "#5a4300";
    ctx.stroke();
  }

  function markTile(tile, style) {
    const c = G.hexCenter(tile.q, tile.r);
    if (tile.kind === "island") {
      ctx.beginPath();
      ctx.arc(c.x, c.y, G.ISLAND.body + 0.02, 0, 2 * Math.PI);
      ctx.lineWidth = style === "hover" ? 0.06 : 0.04;
      ctx.setLineDash(style === "hover" ? [] : [0.07, 0.045]);
      ctx.strokeStyle = C.legal;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    hexPath(c.x, c.y, 0.96);
    ctx.lineWidth = style === "hover" ? 0.06 : 0.035;
    ctx.strokeStyle = C.legal;
    ctx.stroke();
  }

  // -- the whole scene -----------------------------------------------------

  let oceanCache = null; // the ocean gradient, rendered once per canvas size

  function background() {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const w = canvas.width;
    const h = canvas.height;
    if (!oceanCache || oceanCache.width !== w || oceanCache.height !== h) {
      oceanCache = document.createElement("canvas");
      oceanCache.width = w;
      oceanCache.height = h;
      const o = oceanCache.getContext("2d", { alpha: false });
      const g = o.createRadialGradient(w / 2, h * 0.45, Math.min(w, h) * 0.1, w / 2, h / 2, Math.max(w, h) * 0.75);
      g.addColorStop(0, C.oceanIn);
      g.addColorStop(1, C.oceanOut);
      o.fillStyle = g;
      o.fillRect(0, 0, w, h);
    }
    ctx.drawImage(oceanCache, 0, 0);
  }

  /** Faint wave marks that move with the table. */
  function waves() {
    const step = 1.1;
    const tl = { x: cam.x - cam.w / 2 / cam.scale, y: cam.y - cam.h / 2 / cam.scale };
    const br = { x: cam.x + cam.w / 2 / cam.scale, y: cam.y + cam.h / 2 / cam.scale };
    if ((br.x - tl.x) / step > 90) return;
    ctx.beginPath();
    for (let y = Math.floor(tl.y / step) * step; y < br.y + step; y += step) {
      const row = Math.round(y / step);
      for (let x = Math.floor(tl.x / step) * step + (row % 2 ? step / 2 : 0); x < br.x + step; x += step) {
        ctx.moveTo(x - 0.12, y);
        ctx.quadraticCurveTo(x - 0.06, y - 0.06, x, y);
        ctx.quadraticCurveTo(x + 0.06, y + 0.06, x + 0.12, y);
      }
    }
    ctx.lineWidth = 0.02;
    ctx.strokeStyle = "rgba(255,255,255,0.10)";
    ctx.stroke();
  }

  /**
   * Draw a scene:
   *  tiles        tiles to draw (snapshot order)
   *  colors       CSS colour per seat
   *  marks        { hexes: Map key->style, tiles: Map card->style,
   *                 beaches: Map "card/beach"->style, slices: Map "card/edge"->style }
   *               style: "legal" | "hover" | "selected"
   *  hidden       Set of "card/beach" whose ships are not drawn (animations)
   *  ghost        { tile, alpha } a card being laid (tile has q, r, rotation)
   *  group        { tile (card id), seats } ships arriving, drawn over the island
   *  overlays     [fn(api)] drawn last in world coordinates
   */
  function draw(scene, camera) {
    cam = camera;
    incomplete = false;
    ctx = mainCtx;
    background();
    setWorld();
    waves();
    const k = dpr * cam.scale;
    const colors = scene.colors || [];
    const marks = scene.marks || {};
    if (marks.hexes) {
      for (const [key, style] of marks.hexes) {
        const [q, r] = key.split(",").map(Number);
        markHex(q, r, style);
      }
    }
    const byCard = new Map();
    const budget = { left: sprites.size ? 6 : 64 };
    const shown = [];
    for (const t of scene.tiles || []) {
      byCard.set(t.card, t);
      const c = G.hexCenter(t.q, t.r);
      if (!visible(c.x, c.y)) continue;
      shown.push(t);
      ctx.globalAlpha = t._alpha ?? 1;
      if (k <= SPRITE_MAX_K) blitTile(t, colors, k, budget);
      else drawTile(t, colors);
      ctx.globalAlpha = 1;
    }
    if (marks.beaches) {
      for (const [key, style] of marks.beaches) {
        const i = key.lastIndexOf("/");
        const t = byCard.get(key.slice(0, i));
        if (t && t.beaches) markBeach(t, Number(key.slice(i + 1)), style);
      }
    }
    if (marks.tiles) for (const [card, style] of marks.tiles) byCard.has(card) && markTile(byCard.get(card), style);
    if (marks.slices) {
      for (const [key, style] of marks.slices) {
        const i = key.lastIndexOf("/");
        const t = byCard.get(key.slice(0, i));
        if (t) markSlice(t, Number(key.slice(i + 1)), style);
      }
    }
    for (const t of shown) drawShips(t, colors, scene.hidden, k);
    if (scene.group && byCard.has(scene.group.tile) && scene.group.seats.length) {
      // The arriving group waits off the island's shore (or over its middle
      // when we do not know where it came in).
      const t = byCard.get(scene.group.tile);
      const c = G.hexCenter(t.q, t.r);
      const at = scene.group.at || c;
      const n = scene.group.seats.length;
      const perRow = n <= 3 ? n : Math.ceil(n / Math.ceil(n / 4));
      const w = perRow * 0.077 + 0.12;
      const h = Math.ceil(n / perRow) * 0.17 + 0.12;
      ctx.beginPath();
      ctx.ellipse(at.x, at.y - 0.02, w, h / 1.6, 0, 0, 2 * Math.PI);
      ctx.fillStyle = "rgba(8,40,60,0.6)";
      ctx.fill();
      ctx.lineWidth = 0.02;
      ctx.strokeStyle = "rgba(255,255,255,0.7)";
      ctx.stroke();
      boatCluster(at.x, at.y, scene.group.seats, colors, 0.17);
    }
    if (scene.ghost) {
      ctx.globalAlpha = scene.ghost.alpha ?? 0.85;
      drawTile(scene.ghost.tile, colors);
      ctx.globalAlpha = 1;
      const c = G.hexCenter(scene.ghost.tile.q, scene.ghost.tile.r);
      hexPath(c.x, c.y, 0.985);
      ctx.lineWidth = 0.05;
      ctx.strokeStyle = scene.ghost.legal === false ? "#ff6b6b" : scene.ghost.legal ? C.legal : "rgba(255,255,255,0.8)";
      ctx.stroke();
    }
    const api = overlayApi();
    for (const f of scene.overlays || []) f(api);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (sprites.size > 120) sprites.clear(); // cards that left, old kings: start afresh
  }

  /** A card whose face is not known to the front end: its back, with its name. */
  function drawCardBack(tile) {
    const c = G.hexCenter(tile.q, tile.r);
    cardBase(c.x, c.y, "#b98b52", "#7b5329");
    emblem(c.x, c.y, tile.rotation || 0);
    text(tile.name || tile.card || "?", c.x, c.y, 0.14, { outline: "rgba(0,0,0,0.6)" });
  }

  function overlayApi() {
    return { ctx, boat, boatCluster, text, hexPath, drawTile, drawCardBack };
  }

  return {
    canvas,
    resize,
    draw,
    get dpr() {
      return dpr;
    },
    /** True when the last frame used a stale sprite: draw once more to sharpen it. */
    get incomplete() {
      return incomplete;
    },
  };
}
