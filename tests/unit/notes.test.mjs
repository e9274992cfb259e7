// Notes beside the action (notes.js placeNote, issue 30): a note goes
// beside its card, never over it, never over a target of the decision at
// hand or another note, inside the board, in free ocean where there is
// some; where no place is free it goes to the panel (null).
import test from "node:test";
import assert from "node:assert/strict";
import { placeNote, coverOf } from "../../www/notes.js";

const inside = (r, W, H) => r.left >= 0 && r.top >= 0 && r.left + r.w <= W && r.top + r.h <= H;
const apart = (a, b) => a.left + a.w <= b.left || b.left + b.w <= a.left || a.top + a.h <= b.top || b.top + b.h <= a.top;
const covers = (r, p, pad = 0) => p.x > r.left - pad && p.x < r.left + r.w + pad && p.y > r.top - pad && p.y < r.top + r.h + pad;
const hexBox = (c, R) => ({ left: c.x - R * 0.95, top: c.y - R * 0.87, w: 1.9 * R, h: 1.74 * R });

test("a note goes beside its card, not on it, inside the board", () => {
  const W = 1000;
  const H = 700;
  const anchor = { x: 500, y: 350 };
  const r = placeNote({ w: 300, h: 50, anchor, radius: 80, W, H });
  assert.ok(inside(r, W, H), JSON.stringify(r));
  assert.ok(apart(r, hexBox(anchor, 80)), `clear of its card: ${JSON.stringify(r)}`);
  assert.ok(Math.hypot(r.left + 150 - 500, r.top + 25 - 350) < 400, "near its card");
});

test("never over a target, nor over another note; several notes all find room", () => {
  const W = 1000;
  const H = 700;
  const anchor = { x: 500, y: 350 };
  // the targets of the decision at hand ring the card
  const targets = [];
  for (let a = 0; a < 12; a++) targets.push({ x: 500 + 160 * Math.cos((a * Math.PI) / 6), y: 350 + 160 * Math.sin((a * Math.PI) / 6) });
  const placed = [];
  for (let i = 0; i < 3; i++) {
    const r = placeNote({ w: 280, h: 48, anchor, radius: 80, targets, placed, W, H });
    assert.ok(r, `note ${i} found room`);
    assert.ok(inside(r, W, H));
    for (const p of targets) assert.ok(!covers(r, p, 20), `note ${i} clear of target ${JSON.stringify(p)}: ${JSON.stringify(r)}`);
    for (const p of placed) assert.ok(apart(r, p), `note ${i} clear of note ${JSON.stringify(p)}`);
    assert.ok(apart(r, hexBox(anchor, 80)));
    placed.push(r);
  }
});

test("free ocean first: of two places beside the card the one over no card wins", () => {
  const W = 800;
  const H = 600;
  const anchor = { x: 400, y: 300 };
  // cards fill the right and the top of the board; the left is open sea
  const tiles = [hexBox({ x: 560, y: 300 }, 80), hexBox({ x: 400, y: 160 }, 80), hexBox({ x: 560, y: 160 }, 80), hexBox({ x: 400, y: 440 }, 80)];
  const r = placeNote({ w: 200, h: 40, anchor, radius: 80, tiles, W, H });
  assert.ok(r.left + r.w <= 400 - 70, `left of the card, in the open sea: ${JSON.stringify(r)}`);
});

test("a phone's board with no free place: the note goes to the panel (null)", () => {
  const W = 390;
  const H = 420;
  const anchor = { x: 195, y: 210 };
  const targets = [];
  for (let x = 10; x < W; x += 40) for (let y = 10; y < H; y += 40) targets.push({ x, y });
  assert.equal(placeNote({ w: 360, h: 60, anchor, radius: 120, targets, W, H }), null);
  // a note wider than the board never fits
  assert.equal(placeNote({ w: 400, h: 60, anchor: null, W, H }), null);
  // with nothing in the way it does fit, beside its card
  const r = placeNote({ w: 360, h: 60, anchor, radius: 120, W, H });
  assert.ok(r && inside(r, W, H) && apart(r, hexBox(anchor, 120)), JSON.stringify(r));
});

test("a note never hides much of a card: where only cards lie around, it goes to the panel (null)", () => {
  // a phone's board filled with cards: every place beside the anchor is over cards
  const W = 390;
  const H = 440;
  const R = 60;
  const tiles = [];
  for (let x = 0; x < W + R; x += 1.5 * R) for (let y = 0; y < H + R; y += 1.732 * R) tiles.push({ ...hexBox({ x, y: y + ((x / (1.5 * R)) % 2) * 0.866 * R }, R), hex: { x, y: y + ((x / (1.5 * R)) % 2) * 0.866 * R, R } });
  assert.equal(placeNote({ w: 320, h: 60, anchor: { x: 195, y: 220 }, radius: R, tiles, W, H }), null);
  // the same board without its cards has room: it is the cards that send the note away
  assert.ok(placeNote({ w: 320, h: 60, anchor: { x: 195, y: 220 }, radius: R, W, H }));
});

test("a pocket of free ocean farther off is taken rather than a place over a card", () => {
  const W = 800;
  const H = 600;
  const R = 80;
  // cards all around the anchor; open sea only at the bottom-left corner
  const centres = [];
  for (let x = 200; x <= 800; x += 1.5 * R) for (let y = 0; y <= 600; y += 1.732 * R) centres.push({ x, y });
  const tiles = centres.filter((c) => !(c.x < 300 && c.y > 350)).map((c) => ({ ...hexBox(c, R), hex: { ...c, R } }));
  const r = placeNote({ w: 180, h: 40, anchor: { x: 440, y: 277 }, radius: R, tiles, W, H });
  assert.ok(r, "a place is found");
  assert.ok(coverOf(r, tiles) <= 0.2, `over free ocean: ${JSON.stringify(r)} covers ${coverOf(r, tiles)}`);
});

test("coverOf measures a card by its hexagon: its box's corners are ocean", () => {
  const c = { x: 200, y: 200 };
  const tile = { ...hexBox(c, 100), hex: { ...c, R: 100 } };
  // a note in the box's top-left corner, outside the hexagon
  const corner = { left: 105, top: 113, w: 30, h: 20 };
  assert.equal(coverOf(corner, [tile]), 0);
  assert.ok(coverOf(corner, [{ ...tile, hex: undefined }]) > 0.9, "the box alone would call it covered");
  assert.equal(coverOf({ left: 170, top: 190, w: 60, h: 20 }, [tile]), 1);
});
