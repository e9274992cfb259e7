// Unit tests of www/odds.js and www/explain.js (issue 14): the engine's
// voyage odds and its outcome events in words, in every language.
import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, LANGUAGES, loadAllLanguages } from "../../www/i18n.js";

await loadAllLanguages(); // the languages but English are fetched on demand
import { oddsFor, oddsOfAction, percent, oddsLines, oddsShort, needsWords } from "../../www/odds.js";
import { explainEvents } from "../../www/explain.js";
import { islandTile, waterTile, players } from "./fixtures.mjs";

const en = createI18n("en").t;

function snapshot() {
  return {
    phase: "emigrate",
    current: 0,
    turn: 9,
    players: players(3),
    tiles: [
      islandTile("tonga", 0, 0, 0, [[], [], [], [0, 1, 1], [], []]),
      { ...waterTile("water-c", 0, -1, 0), name: "Water C" },
      islandTile("samoa", 1, -1, 1, null, 2),
    ],
    pile: { islands: 13, water: 14 },
    revealed: { islands: 2, water: 1 },
    removed: [],
    pending: { full: [{ tile: "tonga", beach: 3 }] },
  };
}

const entry = (o) => ({
  action: { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 },
  arrive: 0.4,
  new_island: 0.25,
  fail: 0.6,
  turn_back: 0,
  stay: 0,
  exact: true,
  colours: 2,
  needs: 0,
  known: [],
  ...o,
});

test("the entry of a jetty is found by tile and jetty", () => {
  const list = [entry(), entry({ action: { type: "emigrate", tile: "tonga", beach: 4, jetty: 4 }, turn_back: 1, arrive: 0, fail: 0 })];
  assert.equal(oddsFor(list, "tonga", 4).turn_back, 1);
  assert.equal(oddsFor(list, "tonga", 5), null);
  assert.equal(oddsFor(null, "tonga", 4), null);
  assert.equal(oddsOfAction(list, { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 }).fail, 0.6);
  assert.equal(oddsOfAction(list, { type: "land", seat: 0, beach: 3 }), null);
});

test("chances read as whole percents, never 0% or 100% when they are not", () => {
  assert.equal(percent(0.4), "40%");
  assert.equal(percent(0), "0%");
  assert.equal(percent(1), "100%");
  assert.equal(percent(0.001), "<1%");
  assert.equal(percent(0.999), ">99%");
  assert.equal(percent(0.625, "de").replace(/\s/g, " "), "63 %");
});

test("the tip lists the outcomes that can happen, and how the figures were made", () => {
  const snap = snapshot();
  const lines = oddsLines(entry(), snap, en);
  assert.deepEqual(
    lines.map((l) => l.kind),
    ["arrive", "new", "fail", "how"],
  );
  assert.equal(lines[0].text, "Reaches an island: 40%");
  assert.equal(lines[2].text, "Wrecked: 60%");
  assert.match(lines[3].text, /Exact/);
  const est = oddsLines(entry({ exact: false, turn_back: 0.1, stay: 0.05, fail: 0.45 }), snap, en);
  assert.deepEqual(
    est.map((l) => l.kind),
    ["arrive", "new", "fail", "back", "stay", "how"],
  );
  assert.match(est[est.length - 1].text, /±1%/);
  assert.equal(oddsShort(entry(), en), "arrives 40% · new island 25% · wrecked 60%");
  assert.match(oddsShort(entry({ exact: false }), en), /estimated$/);
});

test("known trails ahead: the colours they need and the group's colours", () => {
  const snap = snapshot();
  // Tonga beach 3 holds blue, yellow, yellow: two colours; Water C's trail from edge 0 is marked 4.
  const wreck = entry({ known: [{ card: "water-c", from: 0, to: null, danger: 4 }], needs: 4, fail: 1, arrive: 0, new_island: 0 });
  assert.equal(
    needsWords(wreck, snap, en),
    "A trail marked 4 ahead needs 4 colours; the group has only 2 (blue and yellow) and is wrecked there.",
  );
  const pass = entry({ known: [{ card: "water-c", from: 2, to: 4, danger: 0 }, { card: "water-c", from: 1, to: 5, danger: 3 }], needs: 3, colours: 3 });
  assert.match(needsWords(pass, snap, en), /need 3 colours; the group has 3 \(blue and yellow\)/);
  assert.match(needsWords(entry({ known: [{ card: "water-c", from: 2, to: 4, danger: 0 }] }), snap, en), /no danger number/);
  assert.equal(needsWords(entry(), snap, en), null);
});

test("every language says the odds and the explanations", () => {
  const snap = snapshot();
  const o = entry({ exact: false, turn_back: 0.1, stay: 0.05, known: [{ card: "water-c", from: 0, to: null, danger: 4 }], needs: 4 });
  for (const { id } of LANGUAGES) {
    const t = createI18n(id).t;
    for (const l of oddsLines(o, snap, t, id)) assert.ok(l.text && !l.text.includes("undefined") && !l.text.startsWith("o."), `${id}: ${l.text}`);
    assert.ok(!oddsShort(o, t, id).includes("undefined"));
    for (const w of explainEvents(snap, snap, EVENTS, t)) assert.ok(w.text && !w.text.includes("undefined") && !w.text.startsWith("x."), `${id}: ${w.text}`);
  }
});

const EVENTS = [
  { type: "emigrated", seat: 0, tile: "tonga", beach: 3, jetty: 3, group: [0, 1, 1] },
  { type: "voyage_failed", card: "water-c", from: 0, danger: 4, colours: 2, returned: [0, 1, 1] },
  { type: "turned_back", card: "samoa", tile: "tonga" },
  { type: "island_removed", tile: "tonga", returned: [0, 2] },
  { type: "arrived", tile: "tonga", group: [1] },
  { type: "ship_returned", seat: 1 },
  { type: "game_over", ranking: [[0], [1, 2]], scores: [5, 3, 3] },
];

test("outcomes are explained from the events' own fields, next to their card", () => {
  const snap = snapshot();
  const why = explainEvents(snap, snap, EVENTS, en);
  assert.deepEqual(
    why.map((w) => [w.index, w.type, w.replaces]),
    [
      [1, "voyage_failed", true],
      [2, "turned_back", true],
      [3, "island_removed", true],
      [5, "ship_returned", true],
      [6, "game_over", false],
    ],
  );
  assert.equal(
    why[0].text,
    "Wrecked: the trail marked 4 needs 4 colours; the group had only blue and yellow. 3 ships go home.",
  );
  assert.deepEqual(why[0].at, { card: "water-c", q: 0, r: -1 });
  assert.equal(why[1].text, "Samoa is Cy's king island, where no group may land: the group sails back the way it came and lands on Tonga.");
  assert.match(why[2].text, /^Tonga leaves the game: .*\. 2 ships \(blue and green\) go home\.$/);
  assert.equal(why[3].text, "No free place left on Tonga: a yellow ship goes home.");
  assert.equal(why[4].text, "Samoa is the last island card: the game ends at once.");
  // issue 30: what a player reads during play cites no rule, and names no water card by its letter
  for (const w of why) assert.doesNotMatch(w.text, /\bR\d+\b|Water [A-P]\b/);
});

test("the landing island of a sent-home ship is the pending one, or the one just arrived at", () => {
  const snap = { ...snapshot(), phase: "land", pending: { tile: "samoa", group: [1] } };
  const [w] = explainEvents(snap, snap, [{ type: "ship_returned", seat: 1 }], en);
  assert.equal(w.text, "No free place left on Samoa: a yellow ship goes home.");
  const [v] = explainEvents(snapshot(), snapshot(), [{ type: "arrived", tile: "tonga", group: [0] }, { type: "ship_returned", seat: 0 }], en);
  assert.match(v.text, /on Tonga: a blue ship/);
});
