// Notes on the board (notes.js): several at once never cover each other
// and stay inside the board, on a phone's board too.
import test from "node:test";
import assert from "node:assert/strict";
import { placeNote, notesToDrop } from "../../www/notes.js";

const inside = (r, W, H) => r.left >= 0 && r.top >= 0 && r.left + r.w <= W && r.top + r.h <= H;
const apart = (a, b) => a.left + a.w <= b.left || b.left + b.w <= a.left || a.top + a.h <= b.top || b.top + b.h <= a.top;

test("notes wished at one place stack, inside the board", () => {
  for (const [W, H, w, h] of [[1000, 700, 350, 40], [378, 420, 366, 80]]) {
    const placed = [];
    for (let i = 0; i < 3; i++) {
      const r = placeNote({ left: W / 2 - w / 2, top: 30, w, h }, placed, W, H);
      assert.ok(inside(r, W, H), `${W}x${H}: note ${i} inside: ${JSON.stringify(r)}`);
      for (const p of placed) assert.ok(apart(r, p), `${W}x${H}: note ${i} clear of ${JSON.stringify(p)}: ${JSON.stringify(r)}`);
      placed.push(r);
    }
  }
});

test("a lone note goes where it is wished (kept inside the board)", () => {
  assert.deepEqual(placeNote({ left: 100, top: 200, w: 50, h: 20 }, [], 800, 600), { left: 100, top: 200, w: 50, h: 20 });
  assert.deepEqual(placeNote({ left: -40, top: 590, w: 50, h: 20 }, [], 800, 600), { left: 6, top: 574, w: 50, h: 20 });
});

test("notes cover at most 30% of the board: the oldest go first, the newest always stays", () => {
  // a 390×480 phone board: three notes of 352×62 would cover 35%, so the oldest goes
  assert.equal(notesToDrop([352 * 62, 352 * 62, 352 * 62], 390, 480), 1);
  // smaller notes (the phone's font) all stay
  assert.equal(notesToDrop([330 * 48, 330 * 48, 330 * 48], 390, 480), 0);
  // a desktop board keeps three
  assert.equal(notesToDrop([350 * 40, 350 * 40, 350 * 40], 1000, 700), 0);
  // one note larger than the whole allowance still shows
  assert.equal(notesToDrop([400 * 300], 390, 480), 0);
  assert.equal(notesToDrop([100, 400 * 300], 390, 480), 1);
  assert.equal(notesToDrop([], 390, 480), 0);
});
