// The art of the table on a 2D canvas context, in world units of hex size
// 1: the cards (water with its trails and dangers, islands with beaches,
// jetties, places, names, values and king masks, a card's back), the boats,
// upright text. render.js draws a scene with it, on the board and into the
// sprites it caches; anim.js's overlays draw with it too. Positions come
// from geometry.js, like the hit testing's.

import * as G from "./geometry.js";
import { markOf, drawMark } from "./marks.js";

export const PALETTE = Object.freeze({
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
});

const C = PALETTE;

// Sizes that hold at every zoom (issue 30), in CSS px: a card's words and
// numbers are drawn at least this large, and where even that would not fit
// the card the detail is left out rather than drawn too small to read.
export const MIN_PX = Object.freeze({ name: 11, value: 11, danger: 10, ship: 9 });
export const NAMES_FROM = 34; // CSS px per hex radius below which islands show no name (their value stays)
export const DOTS_BELOW = 30; // ... below which ships on beaches are coloured dots, not boats

/** A number from a card's id, the same every time (its island's shape and look). */
function idHash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const looks = new Map();

/**
 * An island's own look, from its data (issue 30): its coastline (three
 * waves round the island, their phases and sizes from its id), its shade
 * of green, and its hills: as many palms as its value (Tonga, worth
 * nothing, has its village instead). Cached per card.
 */
export function islandLook(card, value) {
  const key = `${card}|${value}`;
  let look = looks.get(key);
  if (look) return look;
  let seed = idHash(card) || 1;
  const rnd = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const waves = [2, 3, 5].map((k) => ({ k, a: 0.035 + 0.045 * rnd(), p: rnd() * 2 * Math.PI }));
  const greens = [
    ["#8fd06a", "#5aa845", "#3a7a2b"],
    ["#a5d96b", "#6fae3f", "#47782a"],
    ["#7cc98a", "#45a05a", "#2d7040"],
    ["#b6d77a", "#86ad47", "#5b7d2c"],
    ["#93c476", "#5f9c4c", "#3d6b30"],
  ];
  const hill = { x: (rnd() - 0.5) * 0.12, w: 0.16 + 0.08 * rnd(), h: 0.14 + 0.08 * rnd() };
  look = { waves, green: greens[Math.floor(rnd() * greens.length)], hill, flip: rnd() < 0.5 };
  looks.set(key, look);
  return look;
}

/** The drawing functions of the art, drawing on `ctx`; `dprOf()` the device pixels per CSS pixel (for sizes in CSS px). */
export function createArt(ctx, dprOf = () => 1) {
  /** CSS px per world unit under the current transform. */
  function cssScale() {
    const m = ctx.getTransform();
    return Math.hypot(m.a, m.b) / (dprOf() || 1);
  }

  /** A size in world units that is at least `minPx` CSS px. */
  function atLeast(size, minPx) {
    return Math.max(size, minPx / cssScale());
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
    const mark = markOf(color);
    if (mark) {
      // the player's mark on the sail: colour is never the only sign of whose boat it is
      drawMark(ctx, mark, L * 0.12, -L * 0.27, L * 0.24);
    } else {
      // a pale band so the sail reads as cloth
      ctx.beginPath();
      ctx.moveTo(L * 0.0, -L * 0.5);
      ctx.quadraticCurveTo(L * 0.18, -L * 0.34, L * 0.24, -L * 0.14);
      ctx.lineTo(L * 0.0, -L * 0.14);
      ctx.closePath();
      ctx.fillStyle = "rgba(255,255,255,0.45)";
      ctx.fill();
    }
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
    // danger numbers: legible at every zoom (at least MIN_PX.danger), never smaller than drawn close up
    const font = atLeast(0.15, MIN_PX.danger);
    const r = Math.min(0.2, font * 0.7);
    for (const t of trails) {
      if (!t.danger) continue;
      for (const p of G.dangerLabelPoints(t.path, Math.max(0.24, r + 0.04))) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
        ctx.fillStyle = C.danger;
        ctx.fill();
        ctx.lineWidth = r * 0.24;
        ctx.strokeStyle = "#fff";
        ctx.stroke();
        text(String(t.danger), p.x, p.y + font * 0.033, font, { weight: "700" });
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
    // the island itself, drawn from its own data (islandLook): its coastline, its green, its hills
    const look = islandLook(tile.card, tile.value);
    ctx.beginPath();
    ctx.arc(c.x, c.y, I.sandIn + 0.01, 0, 2 * Math.PI);
    ctx.fillStyle = C.sand; // a beach all round under the coast's bays
    ctx.fill();
    ctx.beginPath();
    for (let i = 0; i <= 60; i++) {
      const a = (i / 60) * 2 * Math.PI;
      let r = 0.92;
      for (const w of look.waves) r += w.a * Math.sin(w.k * a + w.p);
      r = Math.min(I.body + 0.035, I.body * r);
      const x = c.x + r * Math.cos(a);
      const y = c.y + r * Math.sin(a);
      if (i) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
    }
    ctx.closePath();
    const g = ctx.createRadialGradient(c.x - 0.12, c.y - 0.15, 0.05, c.x, c.y, I.body);
    g.addColorStop(0, look.green[0]);
    g.addColorStop(0.7, look.green[1]);
    g.addColorStop(1, look.green[2]);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.lineWidth = 0.014;
    ctx.strokeStyle = "rgba(30, 60, 20, 0.55)";
    ctx.stroke();
    // a hill of its own
    const hx = c.x + look.hill.x;
    ctx.beginPath();
    ctx.moveTo(hx - look.hill.w - 0.06, c.y + 0.02);
    ctx.quadraticCurveTo(hx - 0.05, c.y - look.hill.h - 0.06, hx + 0.03, c.y - look.hill.h - 0.04);
    ctx.quadraticCurveTo(hx + 0.12, c.y - look.hill.h, hx + look.hill.w + 0.06, c.y + 0.02);
    ctx.closePath();
    ctx.fillStyle = "rgba(40, 90, 30, 0.45)";
    ctx.fill();
    if (isTonga) village(c.x, c.y);
    else palms(c.x, c.y, tile.value || 0, look.flip);
    // places: one dimple per ship spot (left out where too small to see)
    ctx.fillStyle = C.dimple;
    if (cssScale() >= 24) {
      tile.beaches.forEach((b, bi) => {
        for (let j = 0; j < b.places; j++) {
          const p = G.placePosition(tile, bi, j);
          ctx.beginPath();
          ctx.arc(p.x, p.y, 0.058, 0, 2 * Math.PI);
          ctx.fill();
        }
      });
    }
    // name and value, upright whatever the rotation; small on screen, the value stays and the name goes (issue 30)
    const named = cssScale() >= NAMES_FROM;
    const name = tile.name || tile.card;
    if (tile.king !== null && tile.king !== undefined) {
      kingMask(c.x, c.y - 0.02, colors[tile.king] || "#888");
      if (named) text(name, c.x, c.y + 0.27, atLeast(0.115, MIN_PX.name), { outline: "rgba(0,0,0,0.75)", lw: 0.04 });
      coin(c.x + 0.24, c.y - 0.22, tile.value);
    } else {
      if (named) text(name, c.x, c.y + 0.12, atLeast(isTonga ? 0.15 : 0.125, MIN_PX.name), { outline: "rgba(20,50,15,0.9)", lw: 0.045 });
      coin(c.x, named ? c.y - 0.13 : c.y, tile.value);
    }
  }

  function coin(x, y, value) {
    const font = atLeast(0.15, MIN_PX.value);
    const r = Math.max(0.105, font * 0.7);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = "#f6c945";
    ctx.fill();
    ctx.lineWidth = r * 0.21;
    ctx.strokeStyle = "#8a5a12";
    ctx.stroke();
    text(String(value ?? ""), x, y + font * 0.033, font, { color: "#4a2c05", weight: "800" });
  }

  /** As many palms as the island is worth, about its hill: its value at a glance. */
  function palms(x, y, n, flip) {
    const spots = [
      [-0.27, -0.05],
      [0.27, -0.05],
      [-0.2, -0.26],
      [0.2, -0.26],
      [0, -0.33],
    ];
    for (let i = 0; i < Math.min(n, spots.length); i++) {
      const [dx, dy] = spots[i];
      palm(x + (flip ? -dx : dx), y + dy, 0.09);
    }
  }

  function palm(x, y, h) {
    ctx.save();
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(x, y + h * 0.6);
    ctx.quadraticCurveTo(x + h * 0.25, y, x + h * 0.1, y - h * 0.5);
    ctx.lineWidth = h * 0.22;
    ctx.strokeStyle = "#7a5326";
    ctx.stroke();
    ctx.fillStyle = "#2f6e25";
    for (const a of [-2.6, -1.9, -1.2, -0.5, 0.2]) {
      ctx.beginPath();
      ctx.ellipse(x + h * 0.1 + Math.cos(a) * h * 0.38, y - h * 0.5 + Math.sin(a) * h * 0.3, h * 0.4, h * 0.13, a, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.restore();
  }

  /** Tonga, the home island: its huts. */
  function village(x, y) {
    for (const [dx, dy, k] of [
      [-0.24, -0.1, 1],
      [0.24, -0.1, 0.9],
      [-0.17, -0.3, 0.8],
      [0.17, -0.3, 0.85],
    ]) {
      const w = 0.075 * k;
      const bx = x + dx;
      const by = y + dy;
      ctx.fillStyle = "#d9b26a";
      ctx.fillRect(bx - w, by - w * 0.2, 2 * w, w * 1.1);
      ctx.beginPath();
      ctx.moveTo(bx - w * 1.35, by - w * 0.1);
      ctx.lineTo(bx, by - w * 1.3);
      ctx.lineTo(bx + w * 1.35, by - w * 0.1);
      ctx.closePath();
      ctx.fillStyle = "#8a5a24";
      ctx.fill();
    }
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
    // the owner's mark, on a badge at the shield's foot
    const mark = markOf(color);
    if (mark) {
      ctx.beginPath();
      ctx.arc(x + 0.16, y + 0.18, 0.085, 0, 2 * Math.PI);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 0.018;
      ctx.strokeStyle = C.hullLine;
      ctx.stroke();
      drawMark(ctx, mark, x + 0.16, y + 0.18, 0.06);
    }
    ctx.restore();
  }

  /**
   * The static art of a card (no ships, no highlights). It leaves the
   * context as it found it: a water card's round line caps once stayed on
   * the board and changed the next frame's waves and highlights.
   */
  function drawTile(tile, colors) {
    ctx.save();
    if (tile.kind === "water") drawWater(tile, colors);
    else if (tile.kind === "island") drawIsland(tile, colors);
    else drawCardBack(tile);
    ctx.restore();
  }

  /** A card whose face is not known to the front end: its back, with its name. */
  function drawCardBack(tile) {
    const c = G.hexCenter(tile.q, tile.r);
    cardBase(c.x, c.y, "#b98b52", "#7b5329");
    emblem(c.x, c.y, tile.rotation || 0);
    text(tile.name || tile.card || "?", c.x, c.y, 0.14, { outline: "rgba(0,0,0,0.6)" });
  }

  return { ctx, text, hexPath, sectorPath, boat, boatCluster, drawTile, drawCardBack, cssScale, atLeast };
}
