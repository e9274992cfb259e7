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
    // issue 30: where a card goes in words a player can find it by, not a coordinate or an angle
    [{ type: "place_card", q: 2, r: -1, rotation: 3 }, /^Lay a water card north-east of Hiva Oa, emblem facing north$/],
    [{ type: "place_ship", beach: 1 }, /Put a ship on Hiva Oa beach 2/],
  ];
  for (const [a, re] of cases) assert.match(W.describeAction(s, a), re);
});

test("events read as log lines; unknown events are skipped", () => {
  const s = smallSnapshot();
  assert.match(W.describeEvent(s, s, { type: "voyage_failed", card: "water-c", from: 0, danger: 4, colours: 2, returned: [0, 1, 1] }), /needs 4 colours, the group has 2\. 3 ships go home/);
  assert.match(W.describeEvent(s, s, { type: "turned_back", card: "tubuai", tile: "tonga" }), /Tubuai is a king island: the group turns back to Tonga/);
  assert.match(W.describeEvent(s, s, { type: "crossed", card: "water-e", from: 0, to: 1, danger: 3, colours: 3 }), /trail marked 3 with 3 colours: safe/);
  assert.equal(W.describeEvent(s, s, { type: "something_new" }), null);
});

test("issue 30: plain words — where a card is laid, no coordinates, angles or rule numbers; a water card is no letter", () => {
  const s = smallSnapshot();
  const after = { ...s, tiles: [...s.tiles, { card: "water-k", kind: "water", q: 0, r: 2, rotation: 0, name: "Water K", trails: [], ships: [] }] };
  // (0, 2): the nearest island is Hiva Oa at (1, 0), up and to the right of it
  assert.equal(W.describeEvent(s, after, { type: "card_revealed", card: "water-k", q: 0, r: 2, rotation: 0 }), "A water card is laid south-west of Hiva Oa.");
  assert.equal(W.describeEvent(s, after, { type: "card_revealed", card: "water-k", q: 0, r: -3, rotation: 0 }), "A water card is laid north of Samoa.");
  const isl = { ...s, tiles: [...s.tiles, { card: "fidschi", kind: "island", q: 2, r: -1, rotation: 0, name: "Fidschi", value: 5, king: null, beaches: [] }] };
  assert.equal(W.describeEvent(s, isl, { type: "card_revealed", card: "fidschi", q: 2, r: -1, rotation: 0 }), "Fiji is discovered north-east of Hiva Oa.");
  assert.equal(W.describeEvent(s, s, { type: "crossed", card: "water-e", from: 0, to: 1, danger: 0, colours: 3 }), "The group follows a trail with no number.");
  for (const e of [
    { type: "card_drawn", card: "water-k" },
    { type: "stayed_on_water", card: "water-c", group: [0, 1] },
    { type: "voyage_failed", card: "water-c", from: 0, danger: 4, colours: 2, returned: [0] },
  ]) {
    const text = W.describeEvent(s, after, e);
    assert.doesNotMatch(text, /\(-?\d+, -?\d+\)|°|\bR\d+\b|Water [A-P]\b/, text);
  }
});

test("issue 30: the seat named You reads in the second person; an orange ship has its article", () => {
  const s = smallSnapshot();
  s.players[0].name = "You";
  s.players[2].color = "orange";
  assert.equal(W.describeEvent(s, s, { type: "ship_placed", seat: 0, tile: "tonga", beach: 0 }), "You put a ship on Tonga, beach 1 (south).");
  assert.equal(W.describeEvent(s, s, { type: "ship_placed", seat: 1, tile: "tonga", beach: 0 }), "Bo puts a ship on Tonga, beach 1 (south).");
  assert.equal(W.describeEvent(s, s, { type: "turn_started", seat: 0, turn: 4 }), "Turn 4: your turn (blue).");
  assert.equal(W.describeEvent(s, s, { type: "ship_landed", seat: 2, tile: "samoa", beach: 0 }).slice(0, 16), "An orange ship l");
  assert.equal(W.describeEvent(s, s, { type: "ship_landed", seat: 1, tile: "samoa", beach: 0 }).slice(0, 14), "A yellow ship ");
  assert.equal(W.said(s, "q.land", 0, "Samoa"), "You land the arriving ships on Samoa.");
  assert.equal(W.said(s, "q.land", 1, "Samoa"), "Bo lands the arriving ships on Samoa.");
});

test("issue 30: island names in each language's usual spelling; the engine's refusals without rule numbers", async () => {
  const { loadAllLanguages, createI18n } = await import("../../www/i18n.js");
  await loadAllLanguages();
  const names = { en: "Fiji", de: "Fidschi", nl: "Fiji", hu: "Fidzsi", it: "Figi", he: "Fiji" };
  for (const [lang, fiji] of Object.entries(names)) assert.equal(W.localCardName(createI18n(lang).t, "fidschi", "Fidschi"), fiji, lang);
  assert.equal(W.localCardName(createI18n("hu").t, "samoa", "Samoa"), "Szamoa");
  assert.equal(W.localCardName(createI18n("de").t, "water-c", "Water C"), "eine Wasserkarte");
  const e = Object.assign(new Error("Fidschi is a king island: no one may expand there (R31)."), { key: "illegal.king_island", args: { island: "Fidschi" } });
  assert.equal(W.createWords(createI18n("en").t).errorWords(e), "Fiji is a king island: no one may expand there.");
  assert.equal(W.createWords(createI18n("de").t).errorWords(e), "Fidschi ist eine Königsinsel: dort darf sich niemand vermehren.");
  assert.equal(W.withoutRules("You: place a ship on a beach of Tonga (setup, R2)."), "You: place a ship on a beach of Tonga (setup).");
  assert.equal(W.withoutRules("R62: most points"), "most points");
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
