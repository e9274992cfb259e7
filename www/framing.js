// Framing (issue 30): where the camera looks. Pure math on world points and
// bounds (geometry.js units, hex size 1) and a view of w×h CSS pixels; no
// DOM. scene.js asks it, for the decision at hand, where to put the camera:
//
//  - the table: the whole board, filling the free area (between decisions,
//    "Fit board", and whenever the board shows every target well apart);
//  - a decision's targets: every point a click may act on, on screen and at
//    least GAP_GOOD CSS px from any other, or GAP_MIN where the screen does
//    not allow more; the camera zooms in no more than it must, and shows as
//    much of the table around the targets as it can;
//  - when even GAP_MIN cannot be had with every target on screen (a phone,
//    a wide board): no frame (null), and scene.js offers the targets' cards
//    instead, one click to come close to one of them (targets.js `coarse`).

export const GAP_MIN = 24; // CSS px between two targets, at least
export const GAP_GOOD = 44; // CSS px between two targets where the screen allows
export const MAX_SCALE = 190; // CSS px per hex radius the camera frames at most
export const READABLE = 56; // a decision's cards are shown at least this large when they fit
export const PAD = 10; // CSS px kept free at the view's edges
export const SMALL_TARGET = 40; // CSS px per hex radius at least, where a target is a beach or a jetty's slice
export const CARD_TARGET = 20; // ... where the targets are whole cards (a place to lay one, a card to come close to)

/** The least distance between two of `points` ({x, y}), or Infinity for fewer than two. */
export function minGap(points) {
  let d = Infinity;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const x = Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y);
      if (x < d) d = x;
    }
  }
  return d;
}

/** The free part of view `v` ({w, h, insets?: {top, right, bottom, left}}): {left, top, w, h}. */
export function freeArea(v) {
  const i = v.insets || {};
  const left = (i.left || 0) + PAD;
  const top = (i.top || 0) + PAD;
  return { left, top, w: Math.max(1, v.w - left - (i.right || 0) - PAD), h: Math.max(1, v.h - top - (i.bottom || 0) - PAD) };
}

/** The largest scale at which world bounds `b` fit the free area of view `v`. */
export function fitScale(b, v) {
  const f = freeArea(v);
  return Math.min(f.w / Math.max(1e-6, b.maxX - b.minX), f.h / Math.max(1e-6, b.maxY - b.minY));
}

/** The camera {x, y, scale} that looks at world point (cx, cy) of the free area's middle at `scale` (insets shift it). */
function lookAt(cx, cy, scale, v) {
  const f = freeArea(v);
  // the world point at the free area's middle is (cx, cy): the camera's own middle is the view's
  return { x: cx - (f.left + f.w / 2 - v.w / 2) / scale, y: cy - (f.top + f.h / 2 - v.h / 2) / scale, scale };
}

/** The whole table: board bounds `b` filling the free area of view `v` (at most `max` px per hex radius). */
export function frameTable(b, v, max = MAX_SCALE) {
  const scale = Math.min(max, fitScale(b, v));
  return { ...lookAt((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, scale, v), table: true };
}

/**
 * The camera for a decision: `points` are its targets' world points,
 * `area` the world bounds that must be seen with them (their cards),
 * `board` the whole table's, `minScale` the scale below which a target is
 * too small to hit (a beach or a jetty's slice: SMALL_TARGET; a whole
 * card: CARD_TARGET). Returns {x, y, scale, gap} (gap: the CSS px between
 * the two closest targets), or null when the targets cannot all be on
 * screen GAP_MIN apart.
 */
export function frameTargets(points, area, board, v, minScale = SMALL_TARGET) {
  const d = minGap(points);
  const table = Math.min(MAX_SCALE, fitScale(board, v));
  const good = Math.max(GAP_GOOD / d, minScale);
  if (table >= good) return { ...frameTable(board, v), gap: d * table }; // the table shows them well apart
  const fits = fitScale(area, v);
  const least = fits >= good ? good : Math.max(GAP_MIN / d, minScale);
  if (fits < least) return null;
  // zoom in no more than needed, but show the cards at a readable size when they fit
  const scale = Math.min(fits, MAX_SCALE, Math.max(least, table, Math.min(READABLE, fits)));
  // keep the targets' area in view, as close to the table's middle as that allows
  const f = freeArea(v);
  const hw = f.w / 2 / scale;
  const hh = f.h / 2 / scale;
  const clamp = (c, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, c)));
  const cx = clamp((board.minX + board.maxX) / 2, area.maxX - hw, area.minX + hw);
  const cy = clamp((board.minY + board.maxY) / 2, area.maxY - hh, area.minY + hh);
  return { ...lookAt(cx, cy, scale, v), gap: d * scale };
}

/** A camera between `a` and `b` at t in [0, 1]: the zoom moves evenly in log scale, the middle with it. */
export function between(a, b, t) {
  const k = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
  const scale = Math.exp(Math.log(a.scale) + (Math.log(b.scale) - Math.log(a.scale)) * k);
  return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k, scale };
}

/** Are the world points all inside view `cam` ({x, y, scale, w, h}), `margin` CSS px from its edges? */
export function allInView(cam, points, margin = 0) {
  return points.every((p) => {
    const sx = (p.x - cam.x) * cam.scale + cam.w / 2;
    const sy = (p.y - cam.y) * cam.scale + cam.h / 2;
    return sx >= margin && sy >= margin && sx <= cam.w - margin && sy <= cam.h - margin;
  });
}
