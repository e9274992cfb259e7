// Unit tests of www/words.js: actions, events and the ranking in words.
import test from "node:test";
import assert from "node:assert/strict";
import * as W from "../../www/words.js";
import { smallSnapshot } from "./fixtures.mjs";

test("beaches are named by the world directions their jetties face", () => {
  const s = smallSnapshot();
  // Tonga lies unrotated: beach 0's jetty is edge 0, facing south.
  assert.equal(W.beachWords(s, "tonga", 0), "beach 1 (south)");
  // Samoa lies with rotation 3: beach 1 (jetties 3, 4) faces south and south-west.
  assert.equal(W.beachWords(s, "samoa", 1), "beach 2 (south, south-west)");
});

test("every action type reads as a sentence naming its island and beach", () => {
  const s = { ...smallSnapshot(), pending: { tile: "hiva-oa", group: [0, 2], received: [], card: "water-f" } };
  const cases = [
    [{ type: "setup_place", beach: 3 }, /Tonga, beach 4 \(north\)/],
    [{ type: "expand", tile: "tonga", beaches: [0, 3] }, /Expand on Tonga: 2 ships on beach 1 \(south\) and beach 4 \(north\)/],
    [{ type: "expand", tile: "samoa", beaches: [2], take: { tile: "tonga", beach: 1 } }, /take a ship from Tonga beach 2/],
    [{ type: "found_kingdom", tile: "samoa" }, /king island on Samoa/],
    [{ type: "resettle" }, /Resettle/],
    [{ type: "place_new", tile: "tonga", beaches: [2, 2] }, /2 new ships on Tonga/],
    [{ type: "emigrate", tile: "samoa", beach: 2, jetty: 5 }, /Emigrate from Samoa beach 3 \(north-west\) through the jetty facing north-west/],
    [{ type: "land", seat: 2, beach: 0 }, /Land a green ship \(Cy\) on Hiva Oa beach 1/],
    [{ type: "return", seat: 0 }, /Send a blue ship \(Ana\) home/],
    [{ type: "place_card", q: 2, r: -1, rotation: 3 }, /Lay Water F at \(2, -1\), turned 180°, emblem facing north/],
    [{ type: "place_ship", beach: 1 }, /Put a ship on Hiva Oa beach 2/],
  ];
  for (const [a, re] of cases) assert.match(W.describeAction(s, a), re);
});

test("events read as log lines; unknown events are skipped", () => {
  const s = smallSnapshot();
  assert.match(W.describeEvent(s, s, { type: "voyage_failed", card: "water-c", from: 0, danger: 4, colours: 2, returned: [0, 1, 1] }), /needs 4 colours, the group has 2\. 3 ships go home/);
  assert.match(W.describeEvent(s, s, { type: "turned_back", card: "tubuai", tile: "tonga" }), /Tubuai is a king island: the group turns back to Tonga/);
  assert.match(W.describeEvent(s, s, { type: "crossed", card: "water-e", from: 0, to: 1, danger: 3, colours: 3 }), /danger 3, 3 colours/);
  assert.equal(W.describeEvent(s, s, { type: "something_new" }), null);
});

test("R62 tie-breaks explained: points, then islands, then fewer ships; shared places", () => {
  const p = (name, score, islands, ships) => ({ name, color: "blue", score, islands, ships_on_table: ships, kings: [], supply: 15 - ships });
  const snap = {
    players: [p("Ana", 12, 4, 9), p("Bo", 12, 3, 5), p("Cy", 12, 3, 7), p("Dee", 8, 2, 4), p("Eli", 8, 2, 4)],
    ranking: [[0], [1], [2], [3, 4]],
  };
  const rows = W.explainRanking(snap);
  assert.deepEqual(rows.map((r) => r.place), [1, 2, 3, 4]);
  assert.match(rows[0].why, /Equal points \(12\); ahead with more islands \(4 to 3\)/);
  assert.match(rows[1].why, /Equal points and islands; ahead with fewer ships on the table \(5 to 7\)/);
  assert.match(rows[2].why, /Ahead on points \(12 to 8\)/);
  assert.match(rows[3].why, /Shared/);
  assert.equal(W.ordinal(1), "1st");
  assert.equal(W.ordinal(2), "2nd");
  assert.equal(W.ordinal(3), "3rd");
  assert.equal(W.ordinal(11), "11th");
});
