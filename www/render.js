// Canvas drawing of the table. It only draws a "scene" it is handed (tiles
// as the snapshot lists them, highlights, hover, a card being laid, animation
// overlays); it knows no rules and changes no state. The cards and boats
// themselves are art.js's; here they are cached as sprites per zoom level,
// and the ocean, the highlights and the scene are put together.
//
// The board under everything that changes from frame to frame — the ocean,
// its waves, the places a card may be laid and the laid cards — is kept in
// one layer (an off-screen canvas of the board's size), drawn again only
// when a card is laid, turned or removed, a king crowned, the highlighted
// places change or the camera moves; every frame copies it and draws the
// rest over it: highlights, ships, the arriving group, the card at hand,
// animations (issue 15, BENCHMARKS.md). What is drawn is the same, pixel for
// pixel, as drawing it all afresh.
//
// Positions come from geometry.js (the same functions the hit testing uses),
// in world units of hex size s = 1, mapped to the screen by the camera.

import * as G from "./geometry.js";
import { createArt, PALETTE as C, MIN_PX, DOTS_BELOW } from "./art.js";
import { markOf, drawMark } from "./marks.js";

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

export function createRenderer(canvas) {
  const ctx = canvas.getContext("2d", { alpha: false });
  const art = createArt(ctx, () => dpr); // anim.js's overlays draw with it too
  const { hexPath, sectorPath, boat, boatCluster, drawTile } = art;
  let dpr = 1;
  let cam = null;
  let incomplete = false; // some card was drawn from a stale sprite: draw again soon
  let nameOf = (t) => t.name; // a card's name as drawn (the table's language: setNames)

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

  /** World coordinates on context `c` (the board or its layer). */
  function setWorld(c) {
    const k = dpr * cam.scale;
    c.setTransform(k, 0, 0, k, dpr * (cam.w / 2 - cam.x * cam.scale), dpr * (cam.h / 2 - cam.y * cam.scale));
  }

  // -- sprites: each card's static art rendered once per zoom level --------

  const SPRITE_MAX_K = 260; // device px per world unit above which cards are drawn directly
  const sprites = new Map(); // key -> { canvas, k, size }
  const boatSprites = new Map();

  function spriteKey(t, colors) {
    const king = t.king !== null && t.king !== undefined ? `${t.king}:${colors[t.king]}` : "";
    return `${t.kind}|${t.card}|${t.rotation}|${king}|${nameOf(t) ?? ""}|${t.value ?? ""}`;
  }

  function renderSprite(t, colors, k, old) {
    const size = Math.ceil(2.14 * k) + 2;
    const c = old && old.canvas.width === size ? old.canvas : document.createElement("canvas");
    c.width = size;
    c.height = size;
    const x = c.getContext("2d");
    x.setTransform(k, 0, 0, k, size / 2, size / 2);
    createArt(x, () => dpr).drawTile({ ...t, q: 0, r: 0, name: nameOf(t) }, colors);
    return { canvas: c, k, size };
  }

  /** Draw a tile on context `c` from its sprite (rendering it if needed, within the frame's budget). */
  function blitTile(c, t, colors, k, budget) {
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
    const m = c.getTransform();
    const p = G.hexCenter(t.q, t.r);
    const dx = m.a * p.x + m.e;
    const dy = m.d * p.y + m.f;
    const f = k / sp.k;
    const half = (sp.size / 2) * f;
    c.save();
    c.setTransform(1, 0, 0, 1, 0, 0);
    if (Math.abs(f - 1) < 1e-9) c.drawImage(sp.canvas, Math.round(dx - half), Math.round(dy - half));
    else c.drawImage(sp.canvas, dx - half, dy - half, sp.size * f, sp.size * f);
    c.restore();
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
      createArt(bx, () => dpr).boat(0, 0, flip ? Math.PI : 0, color, len);
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
    // sizes that hold (issue 30): a boat at least MIN_PX.ship wide; smaller than that on screen, a coloured dot
    const S = k / dpr;
    const len = Math.min(0.24, Math.max(0.19, MIN_PX.ship / S));
    (tile.beaches || []).forEach((b, bi) => {
      if (hidden && hidden.has(`${tile.card}/${bi}`)) return;
      (b.ships || []).forEach((seat, j) => {
        if (j >= b.places) return;
        const p = G.placePosition(tile, bi, j);
        if (S < DOTS_BELOW) {
          // a dot of the player's colour with the colour's mark in it: colour is never the only sign (marks.js)
          const rd = Math.max(0.085, 4 / S);
          ctx.beginPath();
          ctx.arc(p.x, p.y, rd, 0, 2 * Math.PI);
          ctx.fillStyle = colors[seat] || "#888";
          ctx.fill();
          ctx.lineWidth = 1.2 / S;
          ctx.strokeStyle = C.hullLine;
          ctx.stroke();
          drawMark(ctx, markOf(colors[seat]), p.x, p.y, rd * 0.62);
          return;
        }
        const angle = G.unitAngle(G.placeUnit(tile, bi, j));
        if (k <= SPRITE_MAX_K) placedBoat(p.x, p.y, angle, colors[seat] || "#888", len, k);
        else boat(p.x, p.y, angle, colors[seat] || "#888", len);
      });
    });
  }

  // Highlights (issue 30): a target is unmistakable — a bright fill edged in
  // gold with a dark rim for contrast on sand and sea, and a gentle pulse
  // (`pulse` 0..1 from scene.js; none with prefers-reduced-motion); a
  // selected beach is filled green with a white edge and a tick.
  let pulse = 0;
  const glow = (base, swing) => base + swing * pulse;

  function markBeach(tile, bi, style) {
    const lay = G.islandLayout(tile.beaches)[bi];
    if (!lay) return;
    const c = G.hexCenter(tile.q, tile.r);
    sectorPath(c.x, c.y, lay.from + tile.rotation, lay.to + tile.rotation, G.ISLAND.sandIn, G.ISLAND.sandOut);
    if (style === "selected") {
      ctx.fillStyle = "rgba(46, 204, 113, 0.62)";
      ctx.fill();
      ctx.lineWidth = 0.06;
      ctx.strokeStyle = "#0d3b1f";
      ctx.stroke();
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = "#ffffff";
      ctx.stroke();
      // a tick at the beach's middle
      const p = G.beachPoint(tile, bi);
      ctx.beginPath();
      ctx.arc(p.x, p.y, 0.085, 0, 2 * Math.PI);
      ctx.fillStyle = "#1e8e4a";
      ctx.fill();
      ctx.lineWidth = 0.02;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(p.x - 0.04, p.y);
      ctx.lineTo(p.x - 0.01, p.y + 0.035);
      ctx.lineTo(p.x + 0.045, p.y - 0.035);
      ctx.lineWidth = 0.024;
      ctx.stroke();
      return;
    }
    ctx.fillStyle = style === "hover" ? "rgba(255,216,74,0.72)" : `rgba(255,216,74,${glow(0.34, 0.22).toFixed(3)})`;
    ctx.fill();
    ctx.lineWidth = 0.07;
    ctx.strokeStyle = "rgba(61, 42, 0, 0.75)";
    ctx.stroke();
    ctx.lineWidth = style === "hover" ? 0.045 : glow(0.028, 0.014);
    ctx.strokeStyle = C.legal;
    ctx.stroke();
  }
  /** Is the hex at world (x, y) within the viewport (device px bounds)? `c` holds the world transform. */
  function visible(c, x, y) {
    const m = c.getTransform();
    const dx = m.a * x + m.e;
    const dy = m.d * y + m.f;
    const r = 1.1 * m.a;
    return dx > -r && dy > -r && dx < canvas.width + r && dy < canvas.height + r;
  }

  // -- highlights ----------------------------------------------------------

  /** An empty place where a card may be laid, drawn with art `a` (of the board's layer). */
  function markHex(a, q, r, style) {
    const c = a.ctx;
    const p = G.hexCenter(q, r);
    a.hexPath(p.x, p.y, 0.93);
    c.fillStyle = style === "hover" ? "rgba(255,216,74,0.30)" : "rgba(255,255,255,0.10)";
    c.fill();
    c.setLineDash([0.09, 0.06]);
    c.lineWidth = style === "hover" ? 0.05 : 0.035;
    c.strokeStyle = style === "hover" ? C.legal : "rgba(255,255,255,0.75)";
    c.stroke();
    c.setLineDash([]);
  }

  function markSlice(tile, edge, style) {
    const c = G.hexCenter(tile.q, tile.r);
    const dir = G.worldDirection(edge, tile.rotation);
    const cs = G.hexCorners(c.x, c.y, 0.97);
    const a = cs[(dir + 5) % 6];
    const b = cs[dir];
    // the slice from the island's rim out: its value and name stay in sight (a click on the green acts the same)
    const k = G.ISLAND.body / Math.cos(Math.PI / 6) / 0.97; // the inner side touches the green
    const inner = (p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k });
    const ai = inner(a);
    const bi = inner(b);
    ctx.beginPath();
    ctx.moveTo(ai.x, ai.y);
    ctx.lineTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.lineTo(bi.x, bi.y);
    ctx.closePath();
    ctx.fillStyle = style === "hover" ? "rgba(255,216,74,0.5)" : `rgba(255,216,74,${glow(0.18, 0.16).toFixed(3)})`;
    ctx.fill();
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = "rgba(61, 42, 0, 0.6)";
    ctx.stroke();
    ctx.lineWidth = style === "hover" ? 0.04 : glow(0.022, 0.012);
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
      ctx.arc(c.x, c.y, G.ISLAND.body + 0.03, 0, 2 * Math.PI);
      ctx.lineWidth = 0.07;
      ctx.strokeStyle = "rgba(61, 42, 0, 0.6)";
      ctx.stroke();
      ctx.lineWidth = style === "hover" ? 0.06 : glow(0.035, 0.02);
      ctx.setLineDash(style === "hover" ? [] : [0.07, 0.045]);
      ctx.strokeStyle = C.legal;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    hexPath(c.x, c.y, 0.96);
    ctx.lineWidth = 0.07;
    ctx.strokeStyle = "rgba(61, 42, 0, 0.55)";
    ctx.stroke();
    ctx.lineWidth = style === "hover" ? 0.06 : glow(0.035, 0.02);
    ctx.strokeStyle = C.legal;
    ctx.stroke();
  }

  // -- the whole scene -----------------------------------------------------

  let oceanCache = null; // the ocean gradient, rendered once per canvas size

  /** The ocean on context `c`, from its cached gradient. */
  function background(c) {
    c.setTransform(1, 0, 0, 1, 0, 0);
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
    c.drawImage(oceanCache, 0, 0);
  }

  /** Faint wave marks that move with the table, on context `c` in world coordinates. */
  function waves(c) {
    const step = 1.1;
    const tl = { x: cam.x - cam.w / 2 / cam.scale, y: cam.y - cam.h / 2 / cam.scale };
    const br = { x: cam.x + cam.w / 2 / cam.scale, y: cam.y + cam.h / 2 / cam.scale };
    if ((br.x - tl.x) / step > 90) return;
    c.beginPath();
    for (let y = Math.floor(tl.y / step) * step; y < br.y + step; y += step) {
      const row = Math.round(y / step);
      for (let x = Math.floor(tl.x / step) * step + (row % 2 ? step / 2 : 0); x < br.x + step; x += step) {
        c.moveTo(x - 0.12, y);
        c.quadraticCurveTo(x - 0.06, y - 0.06, x, y);
        c.quadraticCurveTo(x + 0.06, y + 0.06, x + 0.12, y);
      }
    }
    c.lineWidth = 0.02;
    c.strokeStyle = "rgba(255,255,255,0.10)";
    c.stroke();
  }

  // -- the board: ocean, waves, places to lay a card, laid cards -------------

  /** The board of `scene` drawn with art `a` (on the canvas itself, or on its layer). */
  function drawBoard(a, scene, colors, k) {
    const c = a.ctx;
    background(c);
    setWorld(c);
    waves(c);
    const hexes = scene.marks && scene.marks.hexes;
    if (hexes) {
      for (const [key, style] of hexes) {
        const [q, r] = key.split(",").map(Number);
        markHex(a, q, r, style);
      }
    }
    const budget = { left: sprites.size ? 6 : 64 };
    for (const t of scene.tiles || []) {
      const p = G.hexCenter(t.q, t.r);
      if (!visible(c, p.x, p.y)) continue;
      c.globalAlpha = t._alpha ?? 1;
      if (k <= SPRITE_MAX_K) blitTile(c, t, colors, k, budget);
      else a.drawTile({ ...t, name: nameOf(t) }, colors);
      c.globalAlpha = 1;
    }
  }

  /** What the board shows: the layer is drawn again when this changes. */
  function boardKey(scene, colors) {
    const parts = [canvas.width, canvas.height, dpr, cam.x, cam.y, cam.scale, cam.w, cam.h, colors.join()];
    const hexes = scene.marks && scene.marks.hexes;
    if (hexes) for (const [key, style] of hexes) parts.push(key, style);
    for (const t of scene.tiles || []) parts.push(spriteKey(t, colors), t.q, t.r, t._alpha ?? 1);
    return parts.join(";");
  }

  let layer = null; // { canvas, art, key }: the board kept (key null: nothing kept)
  let lastKey = null; // the board of the frame before

  /**
   * The board of `scene` on the canvas: copied from the layer when it shows
   * the same. A board seen for the first time is drawn straight onto the
   * canvas (a pan or a zoom shows a new one every frame, and keeping it would
   * only cost one more copy); when the next frame shows it again, it is drawn
   * into the layer and kept. Sets `incomplete`.
   */
  function board(scene, colors, k) {
    const key = boardKey(scene, colors);
    const again = key === lastKey;
    lastKey = key;
    if (layer && layer.key === key) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(layer.canvas, 0, 0);
      return;
    }
    if (!again) {
      drawBoard(art, scene, colors, k);
      return;
    }
    if (!layer || layer.canvas.width !== canvas.width || layer.canvas.height !== canvas.height) {
      const c = document.createElement("canvas");
      c.width = canvas.width;
      c.height = canvas.height;
      layer = { canvas: c, art: createArt(c.getContext("2d", { alpha: false }), () => dpr), key: null };
    }
    drawBoard(layer.art, scene, colors, k);
    layer.key = incomplete ? null : key; // a card drawn from a stale sprite: not kept
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(layer.canvas, 0, 0);
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
   *  group        { tile (card id), seats, at } ships arriving, drawn at `at` (scene.js groupSpot)
 *  ghostShips   [{ tile, beach, place, seat }] a landing as it would go (pale ships)
   *  overlays     [fn(api)] drawn last in world coordinates
 *  pulse        0..1, the targets' gentle pulse (0: still)
   */
  function draw(scene, camera) {
    cam = camera;
    incomplete = false;
    pulse = scene.pulse || 0;
    const k = dpr * cam.scale;
    const colors = scene.colors || [];
    const marks = scene.marks || {};
    board(scene, colors, k);
    setWorld(ctx);
    const byCard = new Map();
    const shown = [];
    for (const t of scene.tiles || []) {
      byCard.set(t.card, t);
      const c = G.hexCenter(t.q, t.r);
      if (visible(ctx, c.x, c.y)) shown.push(t);
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
    if (scene.ghostShips) {
      // the landing as it would go (scene.js landingPlan): pale ships on their places
      for (const g of scene.ghostShips) {
        const t = byCard.get(g.tile);
        if (!t || !t.beaches || !t.beaches[g.beach] || g.place >= t.beaches[g.beach].places) continue;
        const p = G.placePosition(t, g.beach, g.place);
        ctx.beginPath();
        ctx.arc(p.x, p.y, 0.09, 0, 2 * Math.PI);
        ctx.setLineDash([0.03, 0.02]);
        ctx.lineWidth = 0.018;
        ctx.strokeStyle = "rgba(255,255,255,0.9)";
        ctx.stroke();
        ctx.setLineDash([]);
        boat(p.x, p.y, G.unitAngle(G.placeUnit(t, g.beach, g.place)), colors[g.seat] || "#888", 0.19, 0.5);
      }
    }
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
    for (const f of scene.overlays || []) f(art);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (sprites.size > 120) sprites.clear(); // cards that left, old kings: start afresh
  }

  return {
    canvas,
    resize,
    draw,
    /** Cards' names as drawn: `fn(tile)` (the table's language, issue 30). */
    setNames(fn) {
      nameOf = fn;
    },
    get dpr() {
      return dpr;
    },
    /** True when the last frame used a stale sprite: draw once more to sharpen it. */
    get incomplete() {
      return incomplete;
    },
  };
}
