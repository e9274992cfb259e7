// Geometry of the table: pure functions, no DOM, no drawing.
//
// Both the renderer (render.js) and the hit testing (input.js via hitTest)
// use this one module, so what is drawn is exactly what is clicked.
//
// Vocabulary follows Red Blob Games' hexagon guide: flat-top hexes in axial
// coordinates (q, r); "size" s is the distance from a hex centre to a corner.
// World coordinates are screen-like: x to the right, y DOWN.
//
// docs/rules.md §1.1: world directions 0 = south, 1 = south-west, 2 = north-west,
// 3 = north, 4 = north-east, 5 = south-east; a card lying with rotation k has
// its edge e facing world direction (e + k) mod 6.
//
// Angles: we measure "edge units" u around a card, where u = e is the middle
// of edge e; u grows clockwise on screen. Screen angle (radians, y down) of
// world edge unit u is  PI/2 + u * PI/3  (u = 0 points straight down).

export const SQRT3 = Math.sqrt(3);
export const APOTHEM = SQRT3 / 2; // centre to edge midpoint, in units of s

/** (dq, dr) for world directions 0..5 (docs/rules.md §1.1 table). */
export const DIRECTIONS = Object.freeze([
  [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0],
]);

export const DIRECTION_NAMES = Object.freeze([
  "south", "south-west", "north-west", "north", "north-east", "south-east",
]);
export const DIRECTION_SHORT = Object.freeze(["S", "SW", "NW", "N", "NE", "SE"]);

export function mod6(n) {
  return ((n % 6) + 6) % 6;
}

/** World direction faced by card edge `edge` of a card lying with `rotation`. */
export function worldDirection(edge, rotation) {
  return mod6(edge + rotation);
}

/** Card edge of a card lying with `rotation` that faces world direction `dir`. */
export function cardEdge(dir, rotation) {
  return mod6(dir - rotation);
}

/** Screen angle (radians, y down) of world edge unit u (may be fractional). */
export function unitAngle(u) {
  return Math.PI / 2 + (u * Math.PI) / 3;
}

/** Inverse of unitAngle, normalised to [0, 6). */
export function angleToUnit(angle) {
  const u = ((angle - Math.PI / 2) * 3) / Math.PI;
  return ((u % 6) + 6) % 6;
}

/** Pixel centre of hex (q, r): x = 1.5 s q, y = sqrt(3) s (r + q/2). */
export function hexCenter(q, r, s = 1) {
  return { x: 1.5 * s * q, y: SQRT3 * s * (r + q / 2) };
}

export function neighbor(q, r, dir) {
  const [dq, dr] = DIRECTIONS[mod6(dir)];
  return { q: q + dq, r: r + dr };
}

/** The hex (q, r) containing world point (x, y) (cube rounding). */
export function pixelToHex(x, y, s = 1) {
  const fq = ((2 / 3) * x) / s;
  const fr = ((-1 / 3) * x + (SQRT3 / 3) * y) / s;
  return hexRound(fq, fr);
}

export function hexRound(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const sc = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(sc - fs);
  if (dq > dr && dq > ds) q = -r - sc;
  else if (dr > ds) r = -q - sc;
  // Normalise -0 to 0 so keys like "0,0" are stable.
  return { q: q + 0, r: r + 0 };
}

export function hexKey(q, r) {
  return `${q},${r}`;
}

/**
 * Corners of the hex centred at (cx, cy). Corner i lies between world
 * directions i and i + 1, so edge d joins corners d - 1 and d.
 */
export function hexCorners(cx, cy, s = 1) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = unitAngle(i + 0.5);
    out.push({ x: cx + s * Math.cos(a), y: cy + s * Math.sin(a) });
  }
  return out;
}

/** Point at distance `dist` from (cx, cy) toward world edge unit u. */
export function polar(cx, cy, u, dist) {
  const a = unitAngle(u);
  return { x: cx + dist * Math.cos(a), y: cy + dist * Math.sin(a) };
}

/** Midpoint of the hex side facing world direction dir. */
export function edgeMidpoint(cx, cy, dir, s = 1) {
  return polar(cx, cy, dir, APOTHEM * s);
}

/**
 * The world direction of the pie slice containing (x, y) for a hex centred at
 * (cx, cy): the six slices are the triangles centre-corner-corner, one per side.
 */
export function sliceDirection(cx, cy, x, y) {
  const u = angleToUnit(Math.atan2(y - cy, x - cx));
  return mod6(Math.round(u));
}

/** Is (x, y) inside the hex centred at (cx, cy)? (flat-top, size s) */
export function insideHex(cx, cy, x, y, s = 1) {
  const dx = Math.abs(x - cx) / s;
  const dy = Math.abs(y - cy) / s;
  if (dy > APOTHEM) return false;
  return SQRT3 * dx + dy <= SQRT3 + 1e-9;
}

// ---------------------------------------------------------------------------
// Islands: where beaches, places and jetties sit on a card.
//
// The layout is computed from the tile's own data (beaches with places and
// jetties, as the snapshot lists them), so the front end needs no card table.
// Each beach gets an arc of the card's rim (a "sector" in card edge units)
// that contains all its jetty edges; the arcs share the rim in proportion to
// the beaches' numbers of places. All numbers below are in units of s.

export const ISLAND = Object.freeze({
  core: 0.34, // hit radius of the island itself ({tile} target)
  body: 0.43, // drawn radius of the green island
  sandIn: 0.40, // beach sand ring, inner radius
  sandOut: 0.74, // beach sand ring, outer radius
  place: 0.585, // radius at which places (ship spots) sit
  jettyFrom: 0.66, // jetty planks run from here ...
  jettyTo: 0.84, // ... to almost the card edge (apothem 0.866)
  margin: 0.3, // a jetty lies at least this far (edge units) inside its beach
  gap: 0.05, // half the sand-free gap between neighbouring beaches
  perPlace: 0.62, // a beach is at most this many edge units per place wide
});

/**
 * Rim sectors of an island's beaches, in card edge units (unrotated card).
 * Returns [{ from, to, hitFrom, hitTo }] per beach, in the tile's beach order:
 * [from, to] is the drawn sand arc, [hitFrom, hitTo] the arc whose clicks
 * mean that beach (the hit arcs together cover the whole rim).
 */
export function beachSectors(beaches) {
  const n = beaches.length;
  if (n === 0) return [];
  const spans = beaches.map((b, i) => {
    const js = (b.jetties && b.jetties.length ? b.jetties : [0]).map(mod6);
    let lo = Math.min(...js);
    let hi = Math.max(...js);
    // A set wrapping through edge 0 (e.g. [5, 0]) is treated as [5, 6].
    if (hi - lo > 3) {
      const lifted = js.map((e) => (e < 3 ? e + 6 : e));
      lo = Math.min(...lifted);
      hi = Math.max(...lifted);
    }
    return { i, lo, hi, places: Math.max(1, b.places || 1) };
  });
  if (n === 1) {
    const mid = (spans[0].lo + spans[0].hi) / 2;
    const half = Math.max(
      (spans[0].hi - spans[0].lo) / 2 + ISLAND.margin,
      Math.min(3, (spans[0].places * ISLAND.perPlace) / 2),
    );
    return [{ from: mid - half, to: mid + half, hitFrom: mid - 3, hitTo: mid + 3 }];
  }
  // Order around the rim by first jetty.
  const order = spans.slice().sort((a, b) => a.lo - b.lo);
  const m = ISLAND.margin;
  // Boundary k lies between order[k] and order[k+1] (the last wraps by +6).
  const minB = [];
  const maxB = [];
  for (let k = 0; k < n; k++) {
    const a = order[k];
    const b = order[(k + 1) % n];
    const bLo = k + 1 < n ? b.lo : b.lo + 6;
    minB.push(a.hi + m);
    maxB.push(Math.max(a.hi + m, bLo - m));
  }
  const B = minB.map((lo, k) => (lo + maxB[k]) / 2);
  const clamp = (v, k) => Math.min(maxB[k], Math.max(minB[k], v));
  // Relax: each boundary splits the arc between its neighbours in proportion
  // to the places of the two beaches it separates.
  for (let iter = 0; iter < 60; iter++) {
    for (let k = 0; k < n; k++) {
      const left = k === 0 ? B[n - 1] - 6 : B[k - 1];
      const right = k === n - 1 ? B[0] + 6 : B[k + 1];
      const pa = order[k].places;
      const pb = order[(k + 1) % n].places;
      B[k] = clamp(left + ((right - left) * pa) / (pa + pb), k);
    }
  }
  const result = new Array(n);
  for (let k = 0; k < n; k++) {
    const sp = order[k];
    const hitFrom = k === 0 ? B[n - 1] - 6 : B[k - 1];
    const hitTo = B[k];
    let from = hitFrom + ISLAND.gap;
    let to = hitTo - ISLAND.gap;
    // Do not stretch a small beach over a long empty rim: cap its width,
    // keeping its jetties inside, centred on them as far as possible.
    const need = sp.hi - sp.lo + 2 * m;
    const cap = Math.max(need, sp.places * ISLAND.perPlace);
    if (to - from > cap) {
      const mid = (sp.lo + sp.hi) / 2;
      let a = mid - cap / 2;
      a = Math.max(from, Math.min(a, to - cap));
      from = a;
      to = a + cap;
    }
    result[sp.i] = { from, to, hitFrom, hitTo };
  }
  return result;
}

const layoutCache = new Map();

/**
 * Card-local layout of an island (unrotated, centred at 0, s = 1):
 * per beach its sector, the unit angle of each place and the jetty edges.
 */
export function islandLayout(beaches) {
  const key = beaches.map((b) => `${b.places}:${(b.jetties || []).join(".")}`).join("|");
  let lay = layoutCache.get(key);
  if (lay) return lay;
  const sectors = beachSectors(beaches);
  lay = beaches.map((b, i) => {
    const sec = sectors[i];
    const p = Math.max(1, b.places || 1);
    const step = (sec.to - sec.from) / p;
    const places = [];
    for (let j = 0; j < p; j++) places.push(sec.from + step * (j + 0.5));
    return {
      ...sec,
      mid: (sec.from + sec.to) / 2,
      places, // edge units (card-local) of each place
      jetties: (b.jetties || []).map(mod6),
    };
  });
  layoutCache.set(key, lay);
  return lay;
}

/** Position of place j of beach b of an island tile, in world coordinates. */
export function placePosition(tile, b, j, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  const lay = islandLayout(tile.beaches)[b];
  return polar(c.x, c.y, lay.places[j] + tile.rotation, ISLAND.place * s);
}

/** Unit (world) angle of place j of beach b: boats point along it. */
export function placeUnit(tile, b, j) {
  return islandLayout(tile.beaches)[b].places[j] + tile.rotation;
}

/** Jetty planks of an island tile in world coordinates: [{beach, edge, dir, from, to}]. */
export function jettySegments(tile, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  const out = [];
  tile.beaches.forEach((b, i) => {
    for (const e of b.jetties || []) {
      const dir = worldDirection(e, tile.rotation);
      out.push({
        beach: i,
        edge: mod6(e),
        dir,
        from: polar(c.x, c.y, dir, ISLAND.jettyFrom * s),
        to: polar(c.x, c.y, dir, ISLAND.jettyTo * s),
      });
    }
  });
  return out;
}

/** Index of the beach whose jetty points at card edge `edge`, or -1. */
export function beachOfJetty(tile, edge) {
  if (!tile.beaches) return -1;
  const e = mod6(edge);
  return tile.beaches.findIndex((b) => (b.jetties || []).some((j) => mod6(j) === e));
}

/** Point where a click means beach b of the tile (middle of its places). */
export function beachPoint(tile, b, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  const lay = islandLayout(tile.beaches)[b];
  return polar(c.x, c.y, lay.mid + tile.rotation, ISLAND.place * s);
}

/** Point inside the pie slice toward card edge `edge` (emigration click). */
export function slicePoint(tile, edge, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  return polar(c.x, c.y, worldDirection(edge, tile.rotation), 0.62 * s);
}

/** Beach of an island tile under world point (x, y), or -1 (core / outside). */
export function beachAt(tile, x, y, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  const dx = x - c.x;
  const dy = y - c.y;
  const d = Math.hypot(dx, dy) / s;
  if (d < ISLAND.core || !insideHex(c.x, c.y, x, y, s)) return -1;
  const lay = islandLayout(tile.beaches);
  const u = angleToUnit(Math.atan2(dy, dx)) - tile.rotation;
  for (let i = 0; i < lay.length; i++) {
    const { hitFrom, hitTo } = lay[i];
    for (const w of [-12, -6, 0, 6, 12]) {
      const uu = u + w;
      if (uu >= hitFrom && uu < hitTo) return i;
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------
// Water cards: the foam trails.
//
// Every trail meets its two sides at right angles at their midpoints:
// - opposite sides (3 apart): a straight line through the centre;
// - sides two apart: an arc around the far corner point where the two side
//   lines meet (radius 1.5 s), bowing toward the centre;
// - neighbouring sides: a tight arc of radius s/2 around their shared corner.

/**
 * Path of the trail joining world directions a and b on the hex centred at
 * (cx, cy): { kind: "line", x0, y0, x1, y1 } or
 * { kind: "arc", cx, cy, radius, start, end } (angles in radians, from end a
 * to end b, travelling the short way), plus `length`.
 */
export function trailPath(cx, cy, a, b, s = 1) {
  a = mod6(a);
  b = mod6(b);
  const pa = edgeMidpoint(cx, cy, a, s);
  const pb = edgeMidpoint(cx, cy, b, s);
  const diff = mod6(b - a);
  if (diff === 3) {
    return { kind: "line", x0: pa.x, y0: pa.y, x1: pb.x, y1: pb.y, length: 2 * APOTHEM * s, a, b };
  }
  let centre;
  let radius;
  if (diff === 1 || diff === 5) {
    // Shared corner between sides a and b.
    const cu = diff === 1 ? a + 0.5 : a - 0.5;
    centre = polar(cx, cy, cu, s);
    radius = s / 2;
  } else {
    // Sides two apart: lines meet beyond the side between them.
    const mid = diff === 2 ? a + 1 : a - 1;
    centre = polar(cx, cy, mid, SQRT3 * s);
    radius = 1.5 * s;
  }
  const start = Math.atan2(pa.y - centre.y, pa.x - centre.x);
  let end = Math.atan2(pb.y - centre.y, pb.x - centre.x);
  let sweep = end - start;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  while (sweep < -Math.PI) sweep += 2 * Math.PI;
  end = start + sweep;
  return { kind: "arc", cx: centre.x, cy: centre.y, radius, start, end, length: Math.abs(sweep) * radius, a, b };
}

/** Point at fraction t (0 = end a, 1 = end b) along a trail path, with heading. */
export function trailPoint(path, t) {
  if (path.kind === "line") {
    return {
      x: path.x0 + (path.x1 - path.x0) * t,
      y: path.y0 + (path.y1 - path.y0) * t,
      heading: Math.atan2(path.y1 - path.y0, path.x1 - path.x0),
    };
  }
  const ang = path.start + (path.end - path.start) * t;
  const dir = path.end > path.start ? 1 : -1;
  return {
    x: path.cx + path.radius * Math.cos(ang),
    y: path.cy + path.radius * Math.sin(ang),
    heading: ang + (dir * Math.PI) / 2,
  };
}

/**
 * World-space trails of a water tile: [{ edges: [e0, e1], dirs: [d0, d1],
 * danger, path }] where path runs from edge e0 to e1.
 */
export function tileTrails(tile, s = 1) {
  const c = hexCenter(tile.q, tile.r, s);
  return (tile.trails || []).map(([e0, e1, danger]) => {
    const d0 = worldDirection(e0, tile.rotation);
    const d1 = worldDirection(e1, tile.rotation);
    return { edges: [e0, e1], dirs: [d0, d1], danger, path: trailPath(c.x, c.y, d0, d1, s) };
  });
}

/** Where the danger number of a trail end sits: `inset` along the trail from the side. */
export function dangerLabelPoints(path, inset = 0.2) {
  const f = Math.min(0.45, inset / path.length);
  return [trailPoint(path, f), trailPoint(path, 1 - f)];
}

// ---------------------------------------------------------------------------
// Hit testing: world point -> what is there.

/** Index tiles by hex key. */
export function tileIndex(tiles) {
  const m = new Map();
  for (const t of tiles) m.set(hexKey(t.q, t.r), t);
  return m;
}

/**
 * What lies under world point (x, y): always { q, r } of the hex; plus, on a
 * card, `tile` (the tile object), `dir` (world direction of the pie slice),
 * `edge` (the card edge of that slice), and on an island `beach` (index or
 * -1 for the island core).
 */
export function hitTest(tiles, x, y, s = 1, index = null) {
  const { q, r } = pixelToHex(x, y, s);
  const idx = index || tileIndex(tiles);
  const tile = idx.get(hexKey(q, r));
  const hit = { q, r };
  if (!tile) return hit;
  const c = hexCenter(q, r, s);
  hit.tile = tile;
  hit.dir = sliceDirection(c.x, c.y, x, y);
  hit.edge = cardEdge(hit.dir, tile.rotation);
  if (tile.kind === "island" && tile.beaches) hit.beach = beachAt(tile, x, y, s);
  return hit;
}

/** Bounding box (world units) of a set of hexes [{q, r}], with margin in units of s. */
export function boundsOf(hexes, s = 1, margin = 0) {
  if (!hexes.length) return { minX: -s, minY: -s, maxX: s, maxY: s };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of hexes) {
    const c = hexCenter(h.q, h.r, s);
    minX = Math.min(minX, c.x - s);
    maxX = Math.max(maxX, c.x + s);
    minY = Math.min(minY, c.y - APOTHEM * s);
    maxY = Math.max(maxY, c.y + APOTHEM * s);
  }
  return { minX: minX - margin * s, minY: minY - margin * s, maxX: maxX + margin * s, maxY: maxY + margin * s };
}
