// The camera's framing (www/framing.js, issue 30): the targets of a
// decision all on screen and GAP_GOOD apart where the screen allows, else
// GAP_MIN, else none (the caller offers their cards); the table filling the
// free area between decisions.
import test from "node:test";
import assert from "node:assert/strict";
import { frameTable, frameTargets, minGap, between, allInView, GAP_MIN, GAP_GOOD, MAX_SCALE, PAD, CARD_TARGET, SMALL_TARGET } from "../../www/framing.js";
import * as G from "../../www/geometry.js";
import { targetList, coarseTargets, landPolicy } from "../../www/targets.js";
import { smallSnapshot, islandTile } from "./fixtures.mjs";

const toScreen = (cam, v, p) => ({ x: (p.x - cam.x) * cam.scale + v.w / 2, y: (p.y - cam.y) * cam.scale + v.h / 2 });
const onView = (cam, v, p) => {
  const s = toScreen(cam, v, p);
  return s.x >= 0 && s.y >= 0 && s.x <= v.w && s.y <= v.h;
};

/** The beach points of Tonga and the centres of a ring of islands `n` hexes out. */
function spread(n) {
  const tiles = [{ q: 0, r: 0 }];
  for (let d = 0; d < 6; d++) tiles.push({ q: G.DIRECTIONS[d][0] * n, r: G.DIRECTIONS[d][1] * n });
  return tiles;
}

test("the table fills the free area, up to the largest scale", () => {
  const v = { w: 1000, h: 800 };
  const b = G.boundsOf(spread(3), 1, 0);
  const cam = frameTable(b, v);
  const free = { w: v.w - 2 * PAD, h: v.h - 2 * PAD };
  const fill = Math.max(((b.maxX - b.minX) * cam.scale) / free.w, ((b.maxY - b.minY) * cam.scale) / free.h);
  assert.ok(Math.abs(fill - 1) < 1e-9, `one side is filled (${fill})`);
  // a lone Tonga is shown large, not a small card in a wide ocean
  const lone = frameTable(G.boundsOf([{ q: 0, r: 0 }], 1, 0), v);
  assert.equal(lone.scale, MAX_SCALE);
  assert.ok(2 * lone.scale > 0.35 * v.w, "Tonga fills a good part of the view");
});

test("targets far enough apart on the whole table: the table is the frame", () => {
  const v = { w: 1000, h: 800 };
  const board = G.boundsOf(spread(2), 1, 0);
  const pts = spread(2).map((h) => G.hexCenter(h.q, h.r)); // islands: 2 hexes apart at least
  const cam = frameTargets(pts, board, board, v);
  assert.ok(cam.table, "the table");
  assert.ok(cam.gap >= GAP_GOOD);
});

test("beaches of one island on a wide board: zoomed in just enough, every beach on screen, 44 px apart", () => {
  const v = { w: 1000, h: 800 };
  const board = G.boundsOf(spread(5), 1, 0);
  const tonga = islandTile("tonga", 0, 0, 0);
  const pts = tonga.beaches.map((_, b) => G.beachPoint(tonga, b));
  const cam = frameTargets(pts, G.boundsOf([{ q: 0, r: 0 }], 1, 0), board, v);
  assert.ok(cam && !cam.table);
  assert.ok(cam.gap >= GAP_GOOD - 1e-9, `gap ${cam.gap}`);
  for (const p of pts) assert.ok(onView(cam, v, p), "every beach on screen");
  // no more zoom than needed or readable
  assert.ok(cam.scale <= Math.max(GAP_GOOD / minGap(pts), 56) + 1e-9, `scale ${cam.scale}`);
});

test("on a phone, targets too spread for 24 px: no frame, their cards instead; 24 px where 44 does not fit", () => {
  const phone = { w: 390, h: 440 };
  const board = G.boundsOf(spread(4), 1, 0);
  // the six beaches of each of seven islands across the board
  const islands = spread(4).map((h) => islandTile("tonga", h.q, h.r, 0));
  const beaches = islands.flatMap((t) => t.beaches.map((_, b) => G.beachPoint(t, b)));
  const cam = frameTargets(beaches, board, board, phone);
  assert.equal(cam, null, "beaches of islands across the board cannot all be 24 px apart on a phone");
  const cards = islands.map((t) => G.hexCenter(t.q, t.r));
  const coarse = frameTargets(cards, board, board, phone, CARD_TARGET);
  assert.ok(coarse, "their cards can");
  assert.ok(coarse.gap >= GAP_MIN - 1e-9);
  for (const p of cards) assert.ok(onView(coarse, phone, p));
  // the beaches of two islands side by side: not 44 px apart on the phone's width, but 24
  const pair = [islandTile("tonga", 0, 0, 0), islandTile("tonga", 3, 0, 0)];
  const pts = pair.flatMap((t) => t.beaches.map((_, b) => G.beachPoint(t, b)));
  const mid = frameTargets(pts, G.boundsOf(pair, 1, 0), board, phone);
  assert.ok(mid, "framed");
  assert.ok(mid.gap >= GAP_MIN - 1e-9 && mid.gap < GAP_GOOD, `between 24 and 44 px: ${mid.gap}`);
  for (const p of pts) assert.ok(onView(mid, phone, p));
});

test("a lone target is shown large enough to hit (a beach at least SMALL_TARGET px per hex radius)", () => {
  const phone = { w: 390, h: 440 };
  const board = G.boundsOf(spread(6), 1, 0); // a table far wider than the phone
  const tonga = islandTile("tonga", 0, 0, 0);
  const cam = frameTargets([G.beachPoint(tonga, 2)], G.boundsOf([{ q: 0, r: 0 }], 1, 0), board, phone);
  assert.ok(cam.scale >= SMALL_TARGET, `scale ${cam.scale}`);
  assert.ok(onView(cam, phone, G.beachPoint(tonga, 2)));
});

test("the glide ends where it goes; allInView", () => {
  const a = { x: 0, y: 0, scale: 50 };
  const b = { x: 4, y: -2, scale: 120 };
  const start = between(a, b, 0);
  assert.ok(Math.abs(start.x) < 1e-9 && Math.abs(start.y) < 1e-9 && Math.abs(start.scale - 50) < 1e-9);
  const end = between(a, b, 1);
  assert.ok(Math.abs(end.x - 4) < 1e-9 && Math.abs(end.y + 2) < 1e-9 && Math.abs(end.scale - 120) < 1e-9);
  const mid = between(a, b, 0.5);
  assert.ok(mid.scale > 50 && mid.scale < 120);
  assert.ok(allInView({ x: 0, y: 0, scale: 50, w: 400, h: 300 }, [{ x: 1, y: 1 }], 10));
  assert.ok(!allInView({ x: 0, y: 0, scale: 50, w: 400, h: 300 }, [{ x: 5, y: 0 }], 10));
});

test("targetList: where a click acts, per decision; coarse targets are their cards", () => {
  const s = smallSnapshot();
  s.current = 0;
  // setup: Tonga's beaches
  const setup = { ...s, phase: "setup" };
  const legal = [0, 2, 5].map((beach) => ({ type: "setup_place", beach }));
  assert.deepEqual(
    targetList(setup, legal, { mode: "expand" }).map((t) => t.target),
    [0, 2, 5].map((beach) => ({ tile: "tonga", beach })),
  );
  // an emigration: the slices toward the jetties
  const em = { ...s, phase: "emigrate", pending: { full: [{ tile: "samoa", beach: 1 }] } };
  const jets = [3, 4].map((jetty) => ({ type: "emigrate", tile: "samoa", beach: 1, jetty }));
  assert.deepEqual(
    targetList(em, jets, {}).map((t) => t.target),
    [{ tile: "samoa", jetty: 3 }, { tile: "samoa", jetty: 4 }],
  );
  // expansion: each island and the beaches an expansion may use; a focus keeps one card's
  const ex = [
    { type: "expand", tile: "tonga", beaches: [0, 1] },
    { type: "expand", tile: "samoa", beaches: [2] },
  ];
  const all = targetList(s, ex, { mode: "expand", selection: null }).map((t) => JSON.stringify(t.target));
  for (const x of [{ tile: "tonga" }, { tile: "tonga", beach: 0 }, { tile: "tonga", beach: 1 }, { tile: "samoa" }, { tile: "samoa", beach: 2 }]) assert.ok(all.includes(JSON.stringify(x)), JSON.stringify(x));
  const focused = targetList(s, ex, { mode: "expand", selection: null, focus: "samoa" });
  assert.ok(focused.every((t) => t.target.tile === "samoa"));
  assert.deepEqual(
    coarseTargets(targetList(s, ex, { mode: "expand" })).map((t) => t.target),
    [{ tile: "tonga" }, { tile: "samoa" }],
  );
});

test("landPolicy: one of the legal landing moves, the mover's own ship first; a ship home only when none can land", () => {
  const s = { ...smallSnapshot(), phase: "land", current: 2, pending: { tile: "samoa", group: [0, 2, 2], received: [], owed: [0, 1] } };
  const legal = [
    { type: "land", seat: 0, beach: 0 },
    { type: "land", seat: 0, beach: 1 },
    { type: "land", seat: 2, beach: 1 },
    { type: "return", seat: 0 },
  ];
  assert.deepEqual(landPolicy(s, legal), { type: "land", seat: 2, beach: 1 });
  assert.deepEqual(landPolicy(s, legal.slice(0, 2)), { type: "land", seat: 0, beach: 0 });
  assert.deepEqual(landPolicy(s, [{ type: "return", seat: 2 }, { type: "return", seat: 0 }]), { type: "return", seat: 0 });
  assert.equal(landPolicy({ ...s, phase: "turn" }, [{ type: "resettle" }]), null);
});
