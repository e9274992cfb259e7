// Unit tests of www/geometry.js (run: node --test tests/unit/).
import test from "node:test";
import assert from "node:assert/strict";
import * as G from "../../www/geometry.js";
import { ISLANDS, WATERS, islandTile, waterTile } from "./fixtures.mjs";

const close = (a, b, eps = 1e-9, msg = "") => assert.ok(Math.abs(a - b) <= eps, `${msg} ${a} != ${b}`);
const dist = (p, q) => Math.hypot(p.x - q.x, p.y - q.y);

test("hex centres follow RULES §1.1: x = 1.5 s q, y = sqrt3 s (r + q/2)", () => {
  for (const [q, r] of [[0, 0], [1, 0], [0, 1], [-2, 3], [4, -7]]) {
    for (const s of [1, 37.5]) {
      const c = G.hexCenter(q, r, s);
      close(c.x, 1.5 * s * q);
      close(c.y, Math.sqrt(3) * s * (r + q / 2));
    }
  }
});

test("world directions: 0 south, 1 south-west, 2 north-west, 3 north, 4 north-east, 5 south-east", () => {
  const expectSign = [
    [0, +1], // south: x = 0, y down
    [-1, +1],
    [-1, -1],
    [0, -1],
    [+1, -1],
    [+1, +1],
  ];
  for (let d = 0; d < 6; d++) {
    const n = G.neighbor(0, 0, d);
    const c = G.hexCenter(n.q, n.r, 1);
    close(Math.hypot(c.x, c.y), Math.sqrt(3), 1e-9, `neighbour ${d} at distance sqrt3`);
    assert.equal(Math.sign(Math.round(c.x * 1000)), expectSign[d][0], `dir ${d} x sign`);
    assert.equal(Math.sign(Math.round(c.y * 1000)), expectSign[d][1], `dir ${d} y sign`);
    // The neighbour lies exactly in the direction of the slice/edge unit d.
    const a = G.unitAngle(d);
    close(c.x, Math.sqrt(3) * Math.cos(a), 1e-9);
    close(c.y, Math.sqrt(3) * Math.sin(a), 1e-9);
  }
});

test("rotation k turns edge e to world direction (e + k) mod 6, and back", () => {
  for (let k = 0; k < 6; k++) {
    for (let e = 0; e < 6; e++) {
      const d = G.worldDirection(e, k);
      assert.equal(d, (e + k) % 6);
      assert.equal(G.cardEdge(d, k), e);
    }
  }
  // R21: a card revealed while leaving in direction d lies with rotation
  // (d + 3) mod 6, so its emblem edge 0 faces back where the group came from.
  for (let d = 0; d < 6; d++) assert.equal(G.worldDirection(0, (d + 3) % 6), (d + 3) % 6);
});

test("pixelToHex inverts hexCenter and rounds points inside the hex to it", () => {
  for (let q = -5; q <= 5; q++) {
    for (let r = -5; r <= 5; r++) {
      for (const s of [1, 50]) {
        const c = G.hexCenter(q, r, s);
        assert.deepEqual(G.pixelToHex(c.x, c.y, s), { q, r });
        // Points 0.8 of the way to each corner stay in the hex.
        for (const k of G.hexCorners(c.x, c.y, s)) {
          const p = { x: c.x + 0.8 * (k.x - c.x), y: c.y + 0.8 * (k.y - c.y) };
          assert.deepEqual(G.pixelToHex(p.x, p.y, s), { q, r });
          assert.ok(G.insideHex(c.x, c.y, p.x, p.y, s));
        }
        // A point just across a side belongs to the neighbour in that direction.
        for (let d = 0; d < 6; d++) {
          const p = G.polar(c.x, c.y, d, G.APOTHEM * s * 1.05);
          assert.deepEqual(G.pixelToHex(p.x, p.y, s), G.neighbor(q, r, d));
          assert.ok(!G.insideHex(c.x, c.y, p.x, p.y, s));
        }
      }
    }
  }
});

test("corners: flat top and bottom; side d joins corners d-1 and d at its midpoint", () => {
  const cs = G.hexCorners(0, 0, 1);
  // Flat-top: the bottom side (direction 0) is horizontal.
  close(cs[5].y, cs[0].y); // corners 5 and 0 bound side 0
  close(cs[2].y, cs[3].y); // corners 2 and 3 bound side 3 (top)
  for (let d = 0; d < 6; d++) {
    const a = cs[(d + 5) % 6];
    const b = cs[d];
    const m = G.edgeMidpoint(0, 0, d, 1);
    close((a.x + b.x) / 2, m.x, 1e-9, `side ${d} midpoint x`);
    close((a.y + b.y) / 2, m.y, 1e-9, `side ${d} midpoint y`);
    close(dist(a, b), 1, 1e-9, "side length is s");
  }
  close(G.edgeMidpoint(0, 0, 0, 1).y, G.APOTHEM); // south = down on screen
});

test("pie slices: six triangles centre-corner-corner, one per side", () => {
  for (let d = 0; d < 6; d++) {
    for (const off of [-0.45, -0.2, 0, 0.2, 0.45]) {
      for (const rad of [0.1, 0.5, 0.8]) {
        const p = G.polar(10, 20, d + off, rad);
        assert.equal(G.sliceDirection(10, 20, p.x, p.y), d, `slice ${d} off ${off}`);
      }
    }
  }
});

test("every island's beaches: sectors ordered, disjoint, holding their jetties", () => {
  for (const isl of ISLANDS) {
    const lay = G.islandLayout(isl.beaches);
    assert.equal(lay.length, isl.beaches.length);
    let total = 0;
    lay.forEach((b, i) => {
      assert.ok(b.from < b.to, `${isl.card} beach ${i} non-empty`);
      assert.ok(b.hitFrom <= b.from && b.to <= b.hitTo, `${isl.card} beach ${i} sand inside its hit arc`);
      total += b.hitTo - b.hitFrom;
      for (const e of isl.beaches[i].jetties) {
        // jetty edge e (possibly seen as e + 6 or e - 6 on the rim)
        const ok = [e - 6, e, e + 6].some((u) => u >= b.from + 0.2 && u <= b.to - 0.2);
        assert.ok(ok, `${isl.card} beach ${i}: jetty ${e} lies in sand [${b.from}, ${b.to}]`);
      }
      assert.equal(b.places.length, isl.beaches[i].places);
    });
    close(total, 6, 1e-9, `${isl.card}: hit arcs cover the rim exactly once`);
  }
});

test("places never crowd: any two ship spots on a card are at least 0.15 s apart", () => {
  for (const isl of ISLANDS) {
    for (let rot = 0; rot < 6; rot++) {
      const t = islandTile(isl.card, 2, -1, rot);
      const pts = [];
      t.beaches.forEach((b, bi) => {
        for (let j = 0; j < b.places; j++) pts.push(G.placePosition(t, bi, j, 1));
      });
      for (let i = 0; i < pts.length; i++) {
        const c = G.hexCenter(2, -1, 1);
        assert.ok(G.insideHex(c.x, c.y, pts[i].x, pts[i].y, 1));
        for (let j = i + 1; j < pts.length; j++) {
          assert.ok(dist(pts[i], pts[j]) >= 0.15, `${isl.card} places ${i},${j} too close: ${dist(pts[i], pts[j])}`);
        }
      }
    }
  }
});

test("hit testing: every place, beach point and the core of every island at every rotation", () => {
  for (const isl of ISLANDS) {
    for (let rot = 0; rot < 6; rot++) {
      for (const s of [1, 64]) {
        const t = islandTile(isl.card, -1, 2, rot);
        const tiles = [t, waterTile("water-a", 0, 0, 0)];
        t.beaches.forEach((b, bi) => {
          for (let j = 0; j < b.places; j++) {
            const p = G.placePosition(t, bi, j, s);
            const hit = G.hitTest(tiles, p.x, p.y, s);
            assert.equal(hit.tile, t);
            assert.equal(hit.beach, bi, `${isl.card} rot ${rot} place ${bi}/${j}`);
          }
          const bp = G.beachPoint(t, bi, s);
          assert.equal(G.hitTest(tiles, bp.x, bp.y, s).beach, bi);
        });
        const c = G.hexCenter(-1, 2, s);
        const core = G.hitTest(tiles, c.x, c.y, s);
        assert.equal(core.tile, t);
        assert.equal(core.beach, -1, "the island core is not a beach");
      }
    }
  }
});

test("jetties point at their card edge turned by the rotation; slice points hit that edge", () => {
  for (const isl of ISLANDS) {
    for (let rot = 0; rot < 6; rot++) {
      const t = islandTile(isl.card, 3, 1, rot);
      const c = G.hexCenter(3, 1, 1);
      for (const j of G.jettySegments(t, 1)) {
        assert.equal(j.dir, (j.edge + rot) % 6);
        const m = G.edgeMidpoint(c.x, c.y, j.dir, 1);
        assert.ok(dist(j.to, m) < 0.05, "jetty reaches toward the side's midpoint");
        assert.ok(dist(j.to, m) < dist(j.from, m));
        assert.equal(G.beachOfJetty(t, j.edge), j.beach);
        // The jetty's root sits on its own beach.
        assert.equal(G.beachAt(t, j.from.x, j.from.y, 1), j.beach);
        const sp = G.slicePoint(t, j.edge, 1);
        const hit = G.hitTest([t], sp.x, sp.y, 1);
        assert.equal(hit.edge, j.edge);
        assert.equal(hit.dir, j.dir);
      }
    }
  }
  assert.equal(G.beachOfJetty(islandTile("samoa", 0, 0, 0), 0), -1, "no island but Tonga has a jetty at edge 0");
  assert.equal(G.beachOfJetty(islandTile("tonga", 0, 0, 0), 0), 0);
});

test("trails: meet both sides at right angles at their midpoints; shapes by distance", () => {
  for (const w of WATERS) {
    for (let rot = 0; rot < 6; rot++) {
      const t = waterTile(w.card, 1, 1, rot);
      const c = G.hexCenter(1, 1, 1);
      const trails = G.tileTrails(t, 1);
      assert.equal(trails.length, 3);
      const ends = new Set();
      for (const tr of trails) {
        const [d0, d1] = tr.dirs;
        ends.add(d0);
        ends.add(d1);
        const p0 = G.trailPoint(tr.path, 0);
        const p1 = G.trailPoint(tr.path, 1);
        assert.ok(dist(p0, G.edgeMidpoint(c.x, c.y, d0, 1)) < 1e-9);
        assert.ok(dist(p1, G.edgeMidpoint(c.x, c.y, d1, 1)) < 1e-9);
        // Heading at the start points inward, perpendicular to the side.
        const inward = G.unitAngle(d0) + Math.PI;
        close(Math.cos(p0.heading - inward), 1, 1e-9, `${w.card} trail enters square`);
        const outward = G.unitAngle(d1);
        close(Math.cos(p1.heading - outward), 1, 1e-9, `${w.card} trail leaves square`);
        const mid = G.trailPoint(tr.path, 0.5);
        const dc = dist(mid, c);
        const gap = G.mod6(d1 - d0);
        if (gap === 3) {
          assert.equal(tr.path.kind, "line");
          close(dc, 0, 1e-9, "opposite sides: straight through the centre");
        } else if (gap === 2 || gap === 4) {
          assert.equal(tr.path.kind, "arc");
          assert.ok(dc > 0.15 && dc < 0.3, `two apart: bows toward the centre (${dc})`);
        } else {
          assert.equal(tr.path.kind, "arc");
          assert.ok(dc > 0.45, `neighbours: a tight arc near the corner (${dc})`);
          close(tr.path.radius, 0.5, 1e-9);
        }
        // Every point of the trail stays on the card.
        for (let k = 0; k <= 20; k++) {
          const p = G.trailPoint(tr.path, k / 20);
          assert.ok(G.insideHex(c.x, c.y, p.x, p.y, 1.0001));
        }
        for (const lp of G.dangerLabelPoints(tr.path, 0.2)) assert.ok(G.insideHex(c.x, c.y, lp.x, lp.y, 0.95));
      }
      assert.equal(ends.size, 6, "every side ends exactly one trail");
    }
  }
});

test("hitTest on empty sea gives only the hex; on a water card the slice", () => {
  const tiles = [islandTile("tonga", 0, 0, 0), waterTile("water-k", 0, -1, 3)];
  const e = G.hexCenter(5, -2, 1);
  assert.deepEqual(G.hitTest(tiles, e.x, e.y, 1), { q: 5, r: -2 });
  const w = G.hexCenter(0, -1, 1);
  const p = G.polar(w.x, w.y, 4, 0.5);
  const hit = G.hitTest(tiles, p.x, p.y, 1);
  assert.equal(hit.tile.card, "water-k");
  assert.equal(hit.dir, 4);
  assert.equal(hit.edge, 1); // rotation 3: world 4 is card edge 1
  assert.equal(hit.beach, undefined);
});

test("boundsOf covers every hex with its margin", () => {
  const b = G.boundsOf([{ q: 0, r: 0 }, { q: 2, r: -1 }], 10, 0.5);
  close(b.minX, -10 - 5);
  close(b.maxX, 30 + 10 + 5);
  assert.ok(b.minY < -8.66 && b.maxY > 8.66);
});
