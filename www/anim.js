// Animations of what happened inside one apply(): a timeline built from the
// engine's events and the snapshots before and after. Nothing here decides
// anything; it only shows, in order, what the events report:
//  card revealed and laid, the group sailing along each foam trail, a failed
//  crossing sinking, turned back from a king island, ships landing, ...
// At the end the board simply shows the snapshot after the action.
//
// One timeline for board and words (issue 30): every step knows the index of
// the event it shows (`step.index`), and `sayAlong` hangs each event's words
// (log lines, notes, sounds) on the step that shows it, or on the step before
// for an event with no animation of its own; the animator hands them out
// (`onStep`) when that step has been drawn to its end. So nothing names a
// card, a landing or an outcome before the board has shown it.

import * as G from "./geometry.js";

const DUR = {
  ship_placed: 260,
  ship_taken: 240,
  emigrated: 420,
  card_drawn: 350,
  card_revealed: 480,
  crossed: 620,
  voyage_failed: 1000,
  turned_back: 520,
  arrived: 420,
  ship_landed: 300,
  ship_returned: 320,
  stayed_on_water: 420,
  kingdom_founded: 600,
  resettled: 520,
  island_removed: 800,
};

const clone = (x) => JSON.parse(JSON.stringify(x));
const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
const lerp = (a, b, t) => a + (b - a) * t;

/** A straight segment from p to q as a function t -> {x, y, heading}. */
function line(p, q) {
  const heading = Math.atan2(q.y - p.y, q.x - p.x);
  return (t) => ({ x: lerp(p.x, q.x, t), y: lerp(p.y, q.y, t), heading });
}

function reverse(seg) {
  return (t) => {
    const p = seg(1 - t);
    return { ...p, heading: p.heading + Math.PI };
  };
}

/**
 * Build the timeline. Returns { state, steps } where state is mutable
 * (tiles to draw, beaches whose ships are hidden, the group at sea, the
 * arriving group) and each step is { dur, enter(state), draw(api, t, state), leave(state) }.
 */
export function buildTimeline(events, before, after) {
  const state = {
    tiles: clone(before.tiles || []),
    hidden: new Set(),
    group: null, // ships arriving at an island: { tile, seats }
    sea: null, // the group under way: { seats, at: {x, y, heading} }
    colors: null,
  };
  const afterTiles = new Map((after.tiles || []).map((t) => [t.card, t]));
  const tileNow = (card) => state.tiles.find((t) => t.card === card) || afterTiles.get(card) || null;
  // A step's drawing: the group sails from where it is at sea to the middle of a card (arrived, stayed on water).
  const sailTo = (card, group) => (api, t, st) => {
    const tile = tileNow(card);
    if (!tile) return;
    const c = G.hexCenter(tile.q, tile.r);
    const from = st.sea ? st.sea.at : c;
    const k = ease(t);
    api.boatCluster(lerp(from.x, c.x, k), lerp(from.y, c.y, k), group, st.colors, 0.16);
  };
  const steps = [];
  let route = []; // segments sailed so far in this voyage (for turning back)
  let lastPoint = null;

  events.forEach((e, index) => {
    const dur = DUR[e.type];
    if (!dur) return;
    const first = steps.length;
    switch (e.type) {
      case "ship_placed":
      case "ship_landed": {
        const key = `${e.tile}/${e.beach}`;
        steps.push({
          dur,
          draw(api, t, st) {
            const tile = tileNow(e.tile);
            if (!tile || !tile.beaches) return;
            const b = tile.beaches[e.beach];
            const j = Math.min(b.places - 1, (b.ships || []).length);
            const p = G.placePosition(tile, e.beach, j);
            const c = G.hexCenter(tile.q, tile.r);
            const from = e.type === "ship_landed" ? c : { x: p.x, y: p.y - 0.6 };
            const k = ease(t);
            api.boat(lerp(from.x, p.x, k), lerp(from.y, p.y, k), 0, st.colors[e.seat], 0.19 * (0.7 + 0.3 * k), 0.3 + 0.7 * k);
          },
          leave(st) {
            const tile = st.tiles.find((x) => x.card === e.tile);
            if (tile && tile.beaches) {
              const b = tile.beaches[e.beach];
              b.ships = [...(b.ships || []), e.seat].sort((x, y) => x - y);
            }
            if (e.type === "ship_landed" && st.group) {
              const i = st.group.seats.indexOf(e.seat);
              if (i >= 0) st.group.seats.splice(i, 1);
            }
            st.hidden.delete(key);
          },
        });
        break;
      }
      case "ship_taken": {
        steps.push({
          dur,
          enter(st) {
            const tile = st.tiles.find((x) => x.card === e.tile);
            if (tile && tile.beaches) {
              const b = tile.beaches[e.beach];
              const i = b.ships.lastIndexOf(e.seat);
              if (i >= 0) b.ships.splice(i, 1);
            }
          },
          draw(api, t, st) {
            const tile = tileNow(e.tile);
            if (!tile) return;
            const p = G.beachPoint(tile, e.beach);
            api.boat(p.x, p.y - 0.5 * t, 0, st.colors[e.seat], 0.19, 1 - t);
          },
        });
        break;
      }
      case "emigrated": {
        route = [];
        steps.push({
          dur,
          enter(st) {
            st.hidden.add(`${e.tile}/${e.beach}`);
            const tile = st.tiles.find((x) => x.card === e.tile);
            if (tile && tile.beaches) tile.beaches[e.beach].ships = [];
          },
          draw(api, t, st) {
            const tile = tileNow(e.tile);
            if (!tile) return;
            const c = G.hexCenter(tile.q, tile.r);
            const dir = G.worldDirection(e.jetty, tile.rotation);
            const seg = line(G.beachPoint(tile, e.beach), G.edgeMidpoint(c.x, c.y, dir));
            const p = seg(ease(t));
            api.boatCluster(p.x, p.y, e.group, st.colors, 0.16, p.heading);
          },
          leave(st) {
            const tile = tileNow(e.tile);
            if (!tile) return;
            const c = G.hexCenter(tile.q, tile.r);
            const dir = G.worldDirection(e.jetty, tile.rotation);
            const seg = line(G.beachPoint(tile, e.beach), G.edgeMidpoint(c.x, c.y, dir));
            route.push(seg);
            lastPoint = seg(1);
            st.sea = { seats: e.group.slice(), at: lastPoint };
          },
        });
        break;
      }
      case "card_drawn":
        steps.push({ dur, draw() {} });
        break;
      case "card_revealed": {
        steps.push({
          dur,
          enter(st) {
            const t = afterTiles.get(e.card);
            if (t && !st.tiles.some((x) => x.card === e.card)) {
              const nt = clone(t);
              nt.q = e.q;
              nt.r = e.r;
              nt.rotation = e.rotation;
              if (nt.beaches) nt.beaches.forEach((b) => (b.ships = []));
              if (nt.ships) nt.ships = [];
              nt._alpha = 0;
              st.tiles.push(nt);
            }
          },
          draw(api, t, st) {
            const nt = st.tiles.find((x) => x.card === e.card);
            if (nt) nt._alpha = ease(t);
            const c = G.hexCenter(e.q, e.r);
            api.ctx.save();
            api.ctx.globalAlpha = 1 - t;
            api.hexPath(c.x, c.y, 0.98 + 0.25 * t);
            api.ctx.lineWidth = 0.06;
            api.ctx.strokeStyle = "#ffd84a";
            api.ctx.stroke();
            api.ctx.restore();
            if (st.sea) api.boatCluster(st.sea.at.x, st.sea.at.y, st.sea.seats, st.colors, 0.16, st.sea.at.heading);
          },
          leave(st) {
            const nt = st.tiles.find((x) => x.card === e.card);
            if (nt) delete nt._alpha;
          },
        });
        break;
      }
      case "crossed": {
        let seg = null;
        const make = () => {
          const tile = tileNow(e.card);
          if (!tile) return null;
          const c = G.hexCenter(tile.q, tile.r);
          const path = G.trailPath(c.x, c.y, G.worldDirection(e.from, tile.rotation), G.worldDirection(e.to, tile.rotation));
          return (t) => G.trailPoint(path, t);
        };
        steps.push({
          dur,
          draw(api, t, st) {
            seg = seg || make();
            if (!seg || !st.sea) return;
            const p = seg(ease(t));
            api.boatCluster(p.x, p.y, st.sea.seats, st.colors, 0.16, p.heading);
          },
          leave(st) {
            seg = seg || make();
            if (!seg) return;
            route.push(seg);
            lastPoint = seg(1);
            if (st.sea) st.sea.at = lastPoint;
          },
        });
        break;
      }
      case "voyage_failed": {
        steps.push({
          dur,
          draw(api, t, st) {
            const tile = tileNow(e.card);
            if (!tile || !st.sea) return;
            const c = G.hexCenter(tile.q, tile.r);
            const d0 = G.worldDirection(e.from, tile.rotation);
            const tr = (tile.trails || []).find((x) => x[0] === e.from || x[1] === e.from);
            let p;
            if (tr) {
              const other = tr[0] === e.from ? tr[1] : tr[0];
              const path = G.trailPath(c.x, c.y, d0, G.worldDirection(other, tile.rotation));
              p = G.trailPoint(path, 0.3 * Math.min(1, t * 2.5));
            } else {
              p = G.edgeMidpoint(c.x, c.y, d0);
            }
            const sink = Math.max(0, (t - 0.35) / 0.65);
            // ripples
            const ctx = api.ctx;
            ctx.save();
            for (const k of [0, 0.3]) {
              const rt = Math.max(0, sink - k);
              if (rt <= 0) continue;
              ctx.beginPath();
              ctx.arc(p.x, p.y, 0.1 + 0.35 * rt, 0, 2 * Math.PI);
              ctx.globalAlpha = 0.8 * (1 - rt);
              ctx.lineWidth = 0.03;
              ctx.strokeStyle = "#fff";
              ctx.stroke();
            }
            ctx.restore();
            api.boatCluster(p.x, p.y + 0.15 * sink, st.sea.seats, st.colors, 0.16 * (1 - 0.6 * sink), p.heading, 1 - sink);
            if (t > 0.2) api.text(`${e.colours} < ${e.danger}`, p.x, p.y - 0.3, 0.16, { color: "#ffe1e1", outline: "#7a1010", lw: 0.05 });
          },
          leave(st) {
            st.sea = null;
          },
        });
        break;
      }
      case "turned_back": {
        const back = route.slice().reverse().map(reverse);
        steps.push({
          dur: dur + 280 * back.length,
          draw(api, t, st) {
            if (!st.sea) return;
            const king = tileNow(e.card);
            if (king) {
              const c = G.hexCenter(king.q, king.r);
              api.ctx.save();
              api.ctx.beginPath();
              api.ctx.arc(c.x, c.y, 0.5, 0, 2 * Math.PI);
              api.ctx.globalAlpha = 0.6 * (1 - t);
              api.ctx.lineWidth = 0.08;
              api.ctx.strokeStyle = "#ff5a5a";
              api.ctx.stroke();
              api.ctx.restore();
            }
            if (!back.length) return;
            const k = ease(t) * back.length;
            const i = Math.min(back.length - 1, Math.floor(k));
            const p = back[i](k - i);
            api.boatCluster(p.x, p.y, st.sea.seats, st.colors, 0.16, p.heading);
          },
          leave(st) {
            if (back.length && st.sea) st.sea.at = back[back.length - 1](1);
          },
        });
        break;
      }
      case "arrived": {
        steps.push({
          dur,
          draw: sailTo(e.tile, e.group),
          leave(st) {
            const tile = tileNow(e.tile);
            // The group waits where it came in: on the side of the island card it crossed.
            let at = st.sea ? st.sea.at : null;
            if (at && tile) {
              const c = G.hexCenter(tile.q, tile.r);
              const d = Math.hypot(at.x - c.x, at.y - c.y) || 1;
              at = { x: c.x + ((at.x - c.x) / d) * 0.8, y: c.y + ((at.y - c.y) / d) * 0.8 };
            }
            st.sea = null;
            st.group = { tile: e.tile, seats: e.group.slice(), at };
          },
        });
        break;
      }
      case "ship_returned": {
        steps.push({
          dur,
          enter(st) {
            if (st.group) {
              const i = st.group.seats.indexOf(e.seat);
              if (i >= 0) st.group.seats.splice(i, 1);
            }
          },
          draw(api, t, st) {
            const card = (after.pending && after.pending.tile) || (before.pending && before.pending.tile);
            const tile = card && tileNow(card);
            if (!tile) return;
            const c = G.hexCenter(tile.q, tile.r);
            api.boat(c.x, c.y + 0.3 * t, 0, st.colors[e.seat], 0.19 * (1 - 0.5 * t), 1 - t);
          },
        });
        break;
      }
      case "stayed_on_water": {
        steps.push({
          dur,
          draw: sailTo(e.card, e.group),
          leave(st) {
            st.sea = null;
          },
        });
        break;
      }
      case "kingdom_founded":
      case "island_removed":
      case "resettled": {
        steps.push({
          dur,
          draw(api, t) {
            const card = e.tile;
            const tile = card && tileNow(card);
            if (!tile) return;
            const c = G.hexCenter(tile.q, tile.r);
            api.ctx.save();
            api.ctx.beginPath();
            api.ctx.arc(c.x, c.y, 0.45 + 0.5 * t, 0, 2 * Math.PI);
            api.ctx.globalAlpha = 1 - t;
            api.ctx.lineWidth = 0.07;
            api.ctx.strokeStyle = e.type === "island_removed" ? "#ff5a5a" : "#ffd84a";
            api.ctx.stroke();
            api.ctx.restore();
          },
          leave(st) {
            if (e.type === "island_removed") st.tiles = st.tiles.filter((x) => x.card !== e.tile);
            if (e.type === "kingdom_founded") {
              const tile = st.tiles.find((x) => x.card === e.tile);
              if (tile) Object.assign(tile, clone(afterTiles.get(e.tile) || tile));
            }
            if (e.type === "resettled") {
              for (const tile of st.tiles) {
                if (!tile.beaches || (tile.king !== null && tile.king !== undefined)) continue;
                for (const b of tile.beaches) b.ships = (b.ships || []).filter((s) => s !== e.seat);
              }
            }
          },
        });
        break;
      }
      default:
        break;
    }
    for (let i = first; i < steps.length; i++) steps[i].index = index;
  });
  return { state, steps };
}

/**
 * Hang words on the timeline: `items` are [{ index, ... }] (an event's
 * index and what to tell when it is shown). Each goes on the last step whose
 * event is at or before its own (`step.says`, in order); those before any
 * step are returned, to be told at once. Returns { now, timeline }.
 */
export function sayAlong(timeline, items) {
  const now = [];
  for (const s of timeline.steps) s.says = [];
  for (const it of items) {
    let at = null;
    for (const s of timeline.steps) if (s.index !== undefined && s.index <= it.index) at = s;
    if (at) at.says.push(it);
    else now.push(it);
  }
  return { now, timeline };
}

/**
 * Runs timelines one after another on requestAnimationFrame.
 * `onFrame(sceneParts)` is called each frame with { tiles, hidden, group,
 * overlay } to draw; `onStep(step)` when a step has been shown to its end
 * (or skipped over: every step's in order), for its words (`step.says`);
 * `onDone()` when a timeline ends or is skipped.
 */
export function createAnimator({ onFrame, onDone, onStep, now = () => performance.now(), raf = (f) => requestAnimationFrame(f) }) {
  let run = null; // { state, steps, i, t0, speed, entered }
  let frameQueued = false;

  function finish() {
    if (!run) return;
    const r = run;
    run = null; // a listener of onStep that skips finds nothing running
    // complete every remaining step's bookkeeping
    for (let i = r.i; i < r.steps.length; i++) {
      const s = r.steps[i];
      if (!(i === r.i && r.entered) && s.enter) s.enter(r.state);
      if (s.leave) s.leave(r.state);
      if (onStep) onStep(s);
    }
    onDone && onDone();
  }

  function frame() {
    frameQueued = false;
    if (!run) return;
    const t = now();
    const r = run;
    while (run === r && run.i < run.steps.length) {
      const s = run.steps[run.i];
      if (!run.entered) {
        s.enter && s.enter(run.state);
        run.entered = true;
        run.t0 = t;
      }
      const d = s.dur * run.speed;
      const k = d <= 0 ? 1 : (t - run.t0) / d;
      if (k >= 1) {
        s.leave && s.leave(run.state);
        run.i++;
        if (onStep) onStep(s); // its words: the board has shown it
        if (run !== r) return; // the words' listener skipped it, or played another
        run.entered = false;
        continue;
      }
      onFrame({
        tiles: run.state.tiles,
        hidden: run.state.hidden,
        group: run.state.group,
        overlay: (api) => s.draw && s.draw(api, k, run.state),
      });
      frameQueued = true;
      raf(frame);
      return;
    }
    if (run !== r) return;
    run = null;
    onDone && onDone();
  }

  return {
    /** Play a timeline; `speed` multiplies durations (0 = no animation). */
    play(timeline, colors, speed = 1) {
      if (run) finish();
      if (!timeline.steps.length || speed <= 0) {
        timeline.state.colors = colors;
        run = { ...timeline, i: 0, entered: false, speed: 0 };
        finish();
        return;
      }
      timeline.state.colors = colors;
      run = { ...timeline, i: 0, entered: false, t0: now(), speed };
      if (!frameQueued) {
        frameQueued = true;
        raf(frame);
      }
    },
    /** Jump to the end of the running timeline. */
    skip: finish,
    get busy() {
      return run !== null;
    },
  };
}
