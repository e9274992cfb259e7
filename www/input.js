// Pointer, wheel and keyboard input on the board canvas. It turns DOM
// events into intents for the controller — hover(world), click(world),
// rotate(step), and camera moves (pan, zoom, pinch) — and knows nothing of
// the game.

import { screenToWorld, zoomAt, panBy } from "./camera.js";

const DRAG_THRESHOLD = 6; // CSS px before a press becomes a pan

/**
 * handlers: {
 *   camera()            -> the camera object (mutated by pan/zoom)
 *   hover(world|null)
 *   click(world, event)
 *   wheelRotates()      -> true when the wheel should turn a card being laid
 *   rotate(step)        -> turn the card being laid by +1/-1 legal rotation
 *   key(event)          -> true if the controller handled it
 *   changed()           -> the camera moved: redraw
 * }
 */
export function attachInput(canvas, handlers) {
  const pointers = new Map(); // pointerId -> {x, y}
  let press = null; // { id, x, y, moved }
  let pinch = null; // { dist, cx, cy }
  let lastWheelRotate = 0;

  const local = (e) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    const p = local(e);
    pointers.set(e.pointerId, p);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
      press = null;
    } else if (pointers.size === 1) {
      press = { id: e.pointerId, x: p.x, y: p.y, lastX: p.x, lastY: p.y, moved: false };
    }
  });

  canvas.addEventListener("pointermove", (e) => {
    const p = local(e);
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, p);
    const cam = handlers.camera();
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const cx = (a.x + b.x) / 2;
      const cy = (a.y + b.y) / 2;
      if (pinch.dist > 0) zoomAt(cam, dist / pinch.dist, cx, cy);
      panBy(cam, cx - pinch.cx, cy - pinch.cy);
      pinch = { dist, cx, cy };
      handlers.changed();
      return;
    }
    if (press && press.id === e.pointerId) {
      if (!press.moved && Math.hypot(p.x - press.x, p.y - press.y) > DRAG_THRESHOLD) press.moved = true;
      if (press.moved) {
        panBy(cam, p.x - press.lastX, p.y - press.lastY);
        press.lastX = p.x;
        press.lastY = p.y;
        canvas.style.cursor = "grabbing";
        handlers.changed();
        return;
      }
    }
    handlers.hover(screenToWorld(cam, p.x, p.y));
  });

  const end = (e) => {
    const p = local(e);
    const wasPress = press && press.id === e.pointerId ? press : null;
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (e.type === "pointerup" && wasPress && !wasPress.moved) {
      handlers.click(screenToWorld(handlers.camera(), p.x, p.y), e);
    }
    if (wasPress) press = null;
    canvas.style.cursor = "";
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("pointerleave", (e) => {
    if (!pointers.has(e.pointerId)) handlers.hover(null);
  });

  canvas.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const p = local(e);
      if (!e.ctrlKey && handlers.wheelRotates()) {
        // one rotation per notch, not per pixel of a smooth wheel
        const t = performance.now();
        if (t - lastWheelRotate > 120 || Math.abs(e.deltaY) >= 50) {
          lastWheelRotate = t;
          handlers.rotate(e.deltaY > 0 ? 1 : -1);
        }
        return;
      }
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      zoomAt(handlers.camera(), factor, p.x, p.y);
      handlers.changed();
    },
    { passive: false },
  );

  document.addEventListener("keydown", (e) => {
    const inner = e.composedPath ? e.composedPath()[0] : e.target; // the real target inside a shadow root
    const tag = (inner && inner.tagName) || "";
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(tag) || inner?.isContentEditable) return;
    // (by its place, KeyZ, on a layout without Latin letters: a11y/index.js latinKey)
    const undoKey = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === "z" || e.key === "Z" || (e.code === "KeyZ" && !/^[A-Za-z]$/.test(e.key)));
    if ((e.altKey || e.metaKey || e.ctrlKey) && !undoKey) return;
    if (handlers.accepts && !handlers.accepts(e)) return;
    if (handlers.key(e)) e.preventDefault();
  });
}
