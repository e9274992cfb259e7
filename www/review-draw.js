// A move drawn on the board (issue 32): the review's better move and the
// move played, the hint's move. An overlay for layers.js (fn(art), in world
// coordinates, as render.js draws scene.overlays), from the snapshot of the
// position where the move is made and the action itself: the island ringed,
// the beaches or the jetty's slice marked, an arrow out through the jetty
// and on to the island it reaches for certain, the place of a card, each
// with a word tag ("better", "played", "hint") so that colour is never the
// only sign. Pure apart from drawing: no state, no rule.

import * as G from "./geometry.js";

/** The looks: fill and line colours, dashed or not. */
export const STYLES = Object.freeze({
  better: { line: "#3ddc84", fill: "rgba(61,220,132,0.28)", text: "#0b3d22", dash: null },
  played: { line: "#ff8a4c", fill: "rgba(255,138,76,0.22)", text: "#4a1c04", dash: [0.08, 0.06] },
  hint: { line: "#7cc7ff", fill: "rgba(124,199,255,0.28)", text: "#06304d", dash: null },
});

const tileOf = (snap, card) => ((snap && snap.tiles) || []).find((t) => t.card === card) || null;

/** The island an action is about (its tile), from the snapshot of the position where it is made. */
export function actionTile(snap, a) {
  if (!a) return null;
  const p = (snap && snap.pending) || {};
  switch (a.type) {
    case "setup_place":
      return tileOf(snap, "tonga");
    case "expand":
    case "found_kingdom":
    case "place_new":
    case "emigrate":
      return tileOf(snap, a.tile);
    case "land":
    case "return":
    case "place_ship":
      return tileOf(snap, p.tile);
    default:
      return null;
  }
}

/** Where on the board an action is (world point), for a tag and to bring it into view; null if nowhere. */
export function actionPoint(snap, a) {
  if (a && a.type === "place_card") return G.hexCenter(a.q, a.r);
  const tile = actionTile(snap, a);
  if (!tile) return null;
  if (a.type === "emigrate") return G.slicePoint(tile, a.jetty);
  if ((a.type === "land" || a.type === "place_ship" || a.type === "setup_place") && tile.beaches) return G.beachPoint(tile, a.beach);
  return G.hexCenter(tile.q, tile.r);
}

/**
 * The overlay that draws action `a` of the position `snap` in `style`
 * ("better", "played", "hint") with the word `tag`; `reaches` the card an
 * emigration reaches for certain (its facts), if any. Null when there is
 * nothing to draw (a resettlement: it takes every ship back, drawn as a
 * tag on each island the mover leaves).
 */
export function moveOverlay(snap, a, style, tag, reaches = null) {
  const st = STYLES[style] || STYLES.better;
  if (!a) return null;
  return (art) => {
    const ctx = art.ctx;
    ctx.save();
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    const stroke = (w) => {
      ctx.setLineDash(st.dash || []);
      ctx.lineWidth = w;
      ctx.strokeStyle = st.line;
      ctx.stroke();
      ctx.setLineDash([]);
    };
    const ring = (tile, r = G.ISLAND.body + 0.06) => {
      const c = G.hexCenter(tile.q, tile.r);
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
      stroke(0.06);
    };
    const dot = (p, r = 0.11) => {
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
      ctx.fillStyle = st.fill;
      ctx.fill();
      stroke(0.045);
    };
    const label = (p, dy = -0.3) => {
      if (!tag) return;
      art.text(tag, p.x, p.y + dy, 0.15, { color: "#fff", outline: st.text, lw: 0.06, weight: "700" });
    };
    const tile = actionTile(snap, a);
    switch (a.type) {
      case "emigrate": {
        if (!tile) break;
        const c = G.hexCenter(tile.q, tile.r);
        const dir = G.worldDirection(a.jetty, tile.rotation);
        const cs = G.hexCorners(c.x, c.y, 0.97);
        ctx.beginPath();
        ctx.moveTo(c.x, c.y);
        ctx.lineTo(cs[(dir + 5) % 6].x, cs[(dir + 5) % 6].y);
        ctx.lineTo(cs[dir].x, cs[dir].y);
        ctx.closePath();
        ctx.fillStyle = st.fill;
        ctx.fill();
        stroke(0.04);
        // the arrow out through the jetty, and on to where it surely lands
        const from = G.polar(c.x, c.y, dir, 0.35);
        let to = G.polar(c.x, c.y, dir, 1.25);
        const dest = reaches && tileOf(snap, reaches);
        if (dest && dest.card !== tile.card) {
          const d = G.hexCenter(dest.q, dest.r);
          const len = Math.hypot(d.x - c.x, d.y - c.y) || 1;
          to = { x: d.x - ((d.x - c.x) / len) * 0.45, y: d.y - ((d.y - c.y) / len) * 0.45 };
          ring(dest);
        }
        arrow(ctx, from, to, st, stroke);
        label(G.polar(c.x, c.y, dir, 0.62), -0.22);
        break;
      }
      case "expand":
      case "place_new": {
        if (!tile) break;
        ring(tile);
        const beaches = a.beaches || [];
        for (const b of beaches) if (tile.beaches && tile.beaches[b]) dot(G.beachPoint(tile, b));
        if (a.take) {
          const from = tileOf(snap, a.take.tile);
          if (from && from.beaches) dot(G.beachPoint(from, a.take.beach), 0.08);
        }
        label(G.hexCenter(tile.q, tile.r), -0.05);
        break;
      }
      case "found_kingdom": {
        if (!tile) break;
        ring(tile);
        ring(tile, G.ISLAND.body + 0.14);
        label(G.hexCenter(tile.q, tile.r), -0.05);
        break;
      }
      case "land":
      case "place_ship":
      case "setup_place": {
        if (!tile || !tile.beaches) break;
        const p = G.beachPoint(tile, a.beach);
        dot(p, 0.14);
        label(p, -0.26);
        break;
      }
      case "return": {
        if (!tile) break;
        ring(tile);
        label(G.hexCenter(tile.q, tile.r), -0.05);
        break;
      }
      case "place_card": {
        const c = G.hexCenter(a.q, a.r);
        art.hexPath(c.x, c.y, 0.92);
        ctx.fillStyle = st.fill;
        ctx.fill();
        stroke(0.06);
        // the emblem edge (0) faces world direction `rotation`
        const e = G.polar(c.x, c.y, a.rotation, 0.7);
        dot(e, 0.08);
        label(c, 0);
        break;
      }
      case "resettle": {
        // every island where the mover has ships: they come back
        const seat = snap && snap.current;
        for (const t of (snap && snap.tiles) || []) {
          if (t.kind !== "island" || t.king !== null && t.king !== undefined) continue;
          if ((t.beaches || []).some((b) => (b.ships || []).includes(seat))) {
            ring(t);
            label(G.hexCenter(t.q, t.r), -0.05);
          }
        }
        break;
      }
      default:
        break;
    }
    // a pin where the move is (where a click would make it), solid, so the eye finds it at once
    const pin = actionPoint(snap, a);
    if (pin) {
      ctx.beginPath();
      ctx.arc(pin.x, pin.y, 0.075, 0, 2 * Math.PI);
      ctx.fillStyle = st.line;
      ctx.fill();
      ctx.lineWidth = 0.025;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
    }
    ctx.restore();
  };
}

function arrow(ctx, from, to, st, stroke) {
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  stroke(0.05);
  const ang = Math.atan2(to.y - from.y, to.x - from.x);
  const h = 0.14;
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - h * Math.cos(ang - 0.45), to.y - h * Math.sin(ang - 0.45));
  ctx.lineTo(to.x - h * Math.cos(ang + 0.45), to.y - h * Math.sin(ang + 0.45));
  ctx.closePath();
  ctx.fillStyle = st.line;
  ctx.fill();
}
