// Unit tests of www/anim.js: the timeline built from engine events ends in
// the state the events describe, and every step draws without failing.
import test from "node:test";
import assert from "node:assert/strict";
import { buildTimeline, createAnimator } from "../../www/anim.js";
import { smallSnapshot, waterTile } from "./fixtures.mjs";

const noop = () => {};
const ctxMock = new Proxy({}, { get: (t, k) => (k in t ? t[k] : noop), set: (t, k, v) => ((t[k] = v), true) });
const calls = [];
const api = {
  ctx: ctxMock,
  boat: (...a) => calls.push(["boat", ...a]),
  boatCluster: (...a) => calls.push(["cluster", ...a]),
  text: (...a) => calls.push(["text", ...a]),
  hexPath: noop,
};

function voyage() {
  const before = smallSnapshot();
  before.phase = "emigrate";
  const tonga = before.tiles[0];
  tonga.beaches[1].ships = [1, 2, 2];
  const after = JSON.parse(JSON.stringify(before));
  after.phase = "land";
  after.tiles[0].beaches[1].ships = [];
  after.tiles.push(waterTile("water-f", -1, 2, 4));
  after.pending = { tile: "tubuai", group: [1, 2, 2], received: [] };
  // Tonga beach 1 (jetty edge 1, south-west) -> (-1, 1) water-j ... we only
  // need the events to be consistent with the cards on the table.
  const events = [
    { type: "emigrated", seat: 1, tile: "tonga", beach: 1, jetty: 1, group: [1, 2, 2] },
    { type: "crossed", card: "water-j", from: 4, to: 3, danger: 2, colours: 2 },
    { type: "card_revealed", card: "water-f", q: -1, r: 2, rotation: 4 },
    { type: "crossed", card: "water-f", from: 0, to: 3, danger: 3, colours: 2 },
    { type: "arrived", tile: "tubuai", group: [1, 2, 2] },
  ];
  return { before, after, events };
}

test("a voyage's timeline: the beach empties, the card appears, the group waits at the island", () => {
  const { before, after, events } = voyage();
  const tl = buildTimeline(events, before, after);
  assert.equal(tl.steps.length, events.length);
  tl.state.colors = ["#00f", "#ff0", "#0f0"];
  for (const s of tl.steps) {
    s.enter && s.enter(tl.state);
    calls.length = 0;
    s.draw(api, 0.5, tl.state);
    s.leave && s.leave(tl.state);
  }
  assert.ok(tl.state.hidden.has("tonga/1"), "the emigrating beach is drawn empty");
  assert.deepEqual(tl.state.tiles.find((t) => t.card === "tonga").beaches[1].ships, []);
  assert.ok(tl.state.tiles.some((t) => t.card === "water-f"), "the revealed card is laid");
  assert.equal(tl.state.sea, null);
  assert.equal(tl.state.group.tile, "tubuai");
  assert.deepEqual(tl.state.group.seats, [1, 2, 2]);
  assert.ok(tl.state.group.at, "the group waits where it came in");
});

test("a failed crossing sinks the group; landings add ships to beaches", () => {
  const before = smallSnapshot();
  const after = JSON.parse(JSON.stringify(before));
  const tl = buildTimeline(
    [
      { type: "emigrated", seat: 0, tile: "tonga", beach: 0, jetty: 0, group: [0] },
      { type: "voyage_failed", card: "water-o", from: 3, danger: 2, colours: 1, returned: [0] },
      { type: "ship_placed", seat: 2, tile: "samoa", beach: 2 },
      { type: "turn_started", seat: 1, turn: 8 },
    ],
    before,
    after,
  );
  assert.equal(tl.steps.length, 3, "turn_started has no animation");
  tl.state.colors = ["a", "b", "c"];
  let frames = 0;
  const queue = [];
  let clock = 0;
  const anim = createAnimator({
    onFrame: (parts) => {
      frames++;
      parts.overlay(api);
    },
    onDone: noop,
    now: () => clock,
    raf: (f) => queue.push(f),
  });
  anim.play(tl, ["a", "b", "c"], 1);
  assert.ok(anim.busy);
  while (queue.length) {
    clock += 50;
    queue.shift()();
  }
  assert.ok(!anim.busy);
  assert.ok(frames > 10, `animated over several frames (${frames})`);
  assert.equal(tl.state.sea, null, "the wrecked group is gone");
  assert.deepEqual(tl.state.tiles.find((t) => t.card === "samoa").beaches[2].ships, [2]);
});

test("speed 0 (instant) finishes at once with the same end state", () => {
  const { before, after, events } = voyage();
  const tl = buildTimeline(events, before, after);
  let done = 0;
  const anim = createAnimator({ onFrame: () => assert.fail("no frame at speed 0"), onDone: () => done++, raf: () => assert.fail("no frame at speed 0") });
  anim.play(tl, [], 0);
  assert.equal(done, 1);
  assert.equal(anim.busy, false);
  assert.equal(tl.state.group.tile, "tubuai");
});
