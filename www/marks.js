// Each player's mark (issue 14): colour is never the only thing that tells
// whose boat or chip it is. Every colour has a shape of its own — blue a
// ring, yellow a triangle, green a square, orange a diamond, red a cross (x),
// purple a plus — drawn white with a dark outline on the boats' sails, on
// king masks and on the colour chips of the panels, so that the players
// stay apart for a colour-blind eye and in a grey printout.

export const MARKS = Object.freeze({
  blue: "ring",
  yellow: "triangle",
  green: "square",
  orange: "diamond",
  red: "cross",
  purple: "plus",
});

/** The player colours as CSS (render.js PLAYER_COLORS repeats them). */
const HEX = Object.freeze({
  "#2f6fe4": "blue",
  "#f7cf1d": "yellow",
  "#23a047": "green",
  "#f5821f": "orange",
  "#dc2f2f": "red",
  "#9146d6": "purple",
});

/** The mark of a colour, given by name ("blue") or as drawn ("#2f6fe4"); null for another colour. */
export function markOf(color) {
  const c = String(color || "").toLowerCase();
  return MARKS[c] || MARKS[HEX[c]] || null;
}

/** The mark's outline as points or arcs around (0, 0) with radius 1, for canvas and SVG alike. */
function outline(mark) {
  const poly = (n, r, rot) => Array.from({ length: n }, (_, i) => [r * Math.cos(rot + (i * Math.PI * 2) / n), r * Math.sin(rot + (i * Math.PI * 2) / n)]);
  switch (mark) {
    case "triangle":
      return poly(3, 1.1, -Math.PI / 2).map(([x, y]) => [x, y + 0.12]);
    case "square":
      return [[-0.78, -0.78], [0.78, -0.78], [0.78, 0.78], [-0.78, 0.78]];
    case "diamond":
      return poly(4, 1.05, -Math.PI / 2);
    case "cross":
    case "plus": {
      const a = 0.36;
      const b = 1;
      const arm = [[-a, -b], [a, -b], [a, -a], [b, -a], [b, a], [a, a], [a, b], [-a, b], [-a, a], [-b, a], [-b, -a], [-a, -a]];
      if (mark === "plus") return arm;
      const c = Math.SQRT1_2;
      return arm.map(([x, y]) => [c * (x - y), c * (x + y)]);
    }
    default:
      return null; // the ring
  }
}

/**
 * Draw `mark` centred on (x, y) with radius r on a canvas context: white,
 * outlined in `ink` (line width relative to r).
 */
export function drawMark(ctx, mark, x, y, r, ink = "#1d232c") {
  if (!mark) return;
  ctx.save();
  ctx.beginPath();
  const pts = outline(mark);
  if (pts) {
    pts.forEach(([px, py], i) => (i ? ctx.lineTo(x + px * r, y + py * r) : ctx.moveTo(x + px * r, y + py * r)));
    ctx.closePath();
  } else {
    ctx.arc(x, y, r * 0.9, 0, Math.PI * 2);
    ctx.moveTo(x + r * 0.42, y);
    ctx.arc(x, y, r * 0.42, 0, Math.PI * 2, true);
  }
  ctx.fillStyle = "#ffffff";
  ctx.fill("evenodd");
  ctx.lineJoin = "round";
  ctx.lineWidth = r * 0.3;
  ctx.strokeStyle = ink;
  ctx.stroke();
  ctx.restore();
}

/** The mark as the inside of an SVG with viewBox "-1 -1 2 2" (the panels' colour chips). */
export function markSvg(mark) {
  if (!mark) return "";
  const pts = outline(mark);
  const f = (v) => (Math.round(v * 0.62 * 1000) / 1000).toString();
  const shape = pts
    ? `<path d="M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join("L")}Z"/>`
    : `<path fill-rule="evenodd" d="M-0.56 0a0.56 0.56 0 1 0 1.12 0a0.56 0.56 0 1 0 -1.12 0ZM-0.26 0a0.26 0.26 0 1 1 0.52 0a0.26 0.26 0 1 1 -0.52 0Z"/>`;
  return `<svg viewBox="-1 -1 2 2" aria-hidden="true" focusable="false"><g fill="#fff" stroke="#1d232c" stroke-width="0.16" stroke-linejoin="round">${shape}</g></svg>`;
}
