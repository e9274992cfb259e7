// The view onto the table: pan and zoom. Pure math, no DOM.
//
// World coordinates are those of geometry.js with hex size s = 1. The camera
// looks at world point (x, y) in the middle of a viewport of width w and
// height h CSS pixels, at `scale` CSS pixels per world unit.

export const MIN_SCALE = 12;
export const MAX_SCALE = 400;

export function createCamera() {
  return { x: 0, y: 0, scale: 70, w: 800, h: 600 };
}

export function worldToScreen(cam, wx, wy) {
  return { x: (wx - cam.x) * cam.scale + cam.w / 2, y: (wy - cam.y) * cam.scale + cam.h / 2 };
}

export function screenToWorld(cam, sx, sy) {
  return { x: (sx - cam.w / 2) / cam.scale + cam.x, y: (sy - cam.h / 2) / cam.scale + cam.y };
}

export function clampScale(scale) {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** Fit world bounds {minX, minY, maxX, maxY} into the viewport (with padding in CSS px). */
export function fitBounds(cam, b, pad = 16, maxScale = 130) {
  const bw = Math.max(1e-6, b.maxX - b.minX);
  const bh = Math.max(1e-6, b.maxY - b.minY);
  const sx = (cam.w - 2 * pad) / bw;
  const sy = (cam.h - 2 * pad) / bh;
  cam.scale = clampScale(Math.min(sx, sy, maxScale));
  cam.x = (b.minX + b.maxX) / 2;
  cam.y = (b.minY + b.maxY) / 2;
  return cam;
}

/** Zoom by `factor` keeping screen point (sx, sy) over the same world point. */
export function zoomAt(cam, factor, sx, sy) {
  const before = screenToWorld(cam, sx, sy);
  cam.scale = clampScale(cam.scale * factor);
  const after = screenToWorld(cam, sx, sy);
  cam.x += before.x - after.x;
  cam.y += before.y - after.y;
  return cam;
}

/** Pan by a screen-space drag of (dx, dy) CSS pixels. */
export function panBy(cam, dx, dy) {
  cam.x -= dx / cam.scale;
  cam.y -= dy / cam.scale;
  return cam;
}

/** Is screen point p inside the viewport, at least `margin` px from its border? */
export function onScreen(cam, p, margin = 0) {
  return p.x >= margin && p.y >= margin && p.x <= cam.w - margin && p.y <= cam.h - margin;
}
