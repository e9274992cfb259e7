// Unit tests of www/review-words.js and the hint log of www/review.js
// (issue 32): what the review shows (the costly moves, the luck, the
// chart's lines) and its sentences in every language, from the engine's
// figures and facts only.
import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, LANGUAGES, loadAllLanguages } from "../../www/i18n.js";

await loadAllLanguages();
import { createWords } from "../../www/words.js";
import { costOf, costlyMoves, luckExtremes, chartSeries, decisionAt, luckAt, winsText, createReviewWords } from "../../www/review-words.js";
import { historyAt, hintsIn } from "../../www/review.js";
import { actionPoint, actionTile } from "../../www/review-draw.js";
import { islandTile, waterTile, players } from "./fixtures.mjs";

function snapshot() {
  return {
    phase: "emigrate",
    current: 0,
    turn: 9,
    players: players(3),
    tiles: [islandTile("tonga", 0, 0, 0, [[], [], [], [0, 1, 1], [], []]), { ...waterTile("water-c", 0, -1, 0), name: "Water C" }, islandTile("tahiti", 1, -1, 1, null, null)],
    pile: { islands: 13, water: 14 },
    revealed: { islands: 2, water: 1 },
    removed: [],
    pending: { full: [{ tile: "tonga", beach: 3 }] },
  };
}

const dec = (n, seat, value, best_value, extra = {}) => ({
  n,
  seat,
  action: { type: "land", seat, beach: 0 },
  best: best_value > value ? { type: "land", seat, beach: 1 } : { type: "land", seat, beach: 0 },
  value,
  best_value,
  wins: seat === 0 ? [value, 1 - value] : [1 - value, value],
  options: 3,
  compared: 3,
  ...extra,
});

function review() {
  return {
    decisions: [dec(0, 0, 0.5, 0.5), dec(2, 1, 0.4, 0.55), dec(3, 0, 0.6, 0.62), dec(5, 1, 0.3, 0.6), dec(7, 0, 0.7, 0.7)],
    luck: [
      { n: 3, seat: 0, outcome: "arrive", chance: 0.25, expected: [0.6, 0.4], after: [0.8, 0.2], revealed: ["samoa"] },
      { n: 6, seat: 1, outcome: "fail", chance: 0.5, expected: [0.6, 0.4], after: [0.7, 0.3], revealed: ["water-a"] },
    ],
    players: [
      { seat: 0, skill_loss: 0.02, luck: 0.3, decisions: 3, mistakes: 1 },
      { seat: 1, skill_loss: 0.45, luck: -0.3, decisions: 2, mistakes: 2 },
    ],
    moves: 9,
    reviewed: 9,
    iterations: 600,
    final: [1, 0],
  };
}

test("the moves that cost most: costliest first, only those with a better move", () => {
  const r = review();
  assert.equal(costOf(r.decisions[0]), 0);
  assert.ok(Math.abs(costOf(r.decisions[3]) - 0.3) < 1e-9);
  assert.deepEqual(
    costlyMoves(r, 5).map((d) => d.n),
    [5, 2, 3],
  );
  assert.deepEqual(
    costlyMoves(r, 2).map((d) => d.n),
    [5, 2],
  );
  assert.deepEqual(costlyMoves(null), []);
});

test("the luckiest and unluckiest reveals, for the seat that sailed", () => {
  const { luckiest, unluckiest } = luckExtremes(review());
  assert.equal(luckiest.n, 3); // +0.2 for seat 0
  assert.equal(unluckiest.n, 6); // −0.1 for seat 1
  assert.deepEqual(luckExtremes({ luck: [] }), { luckiest: null, unluckiest: null });
});

test("the chart: a line per seat, the jump of a reveal kept, the result at the end", () => {
  const r = review();
  const [a, b] = chartSeries(r, 2);
  assert.deepEqual(
    a.map((p) => p.x),
    [1, 3, 3.5, 4, 6, 6.5, 7, 8, 9],
  );
  assert.deepEqual(
    a.map((p) => p.y),
    [0.5, 0.6, 0.6, 0.8, 0.7, 0.6, 0.7, 0.7, 1],
  );
  assert.equal(b.length, a.length);
  for (let i = 0; i < a.length; i++) assert.ok(Math.abs(a[i].y + b[i].y - 1) < 1e-9);
  // a review stopped half way: no result at the end
  const [c] = chartSeries({ ...r, reviewed: 4 }, 2);
  assert.notEqual(c[c.length - 1].x, 9);
  assert.equal(decisionAt(r, 5).seat, 1);
  assert.equal(decisionAt(r, 4), null);
  assert.equal(luckAt(r, 6).outcome, "fail");
});

test("figures in the table's language", () => {
  assert.equal(winsText(0.3149, "en"), "0.31");
  assert.equal(winsText(-0.12, "en"), "0.12");
  assert.equal(winsText(0.3149, "de"), "0,31");
});

const facts = {
  reaches: { type: "emigrate", tile: "tonga", beach: 3, jetty: 3, direction: 3, arrive: 1, fail: 0, turn_back: 0, stay: 0, colours: 1, needs: 0, reaches: "tahiti", fails_at: null },
  danger: { type: "emigrate", tile: "tonga", beach: 3, jetty: 3, direction: 3, arrive: 0.4, fail: 0.6, turn_back: 0, stay: 0, colours: 3, needs: 4, reaches: null, fails_at: null },
  unknown: { type: "emigrate", tile: "tonga", beach: 3, jetty: 3, direction: 3, arrive: 0.55, fail: 0.45, turn_back: 0, stay: 0, colours: 2, needs: 0, reaches: null, fails_at: null },
  wreck: { type: "emigrate", tile: "tonga", beach: 3, jetty: 3, direction: 3, arrive: 0, fail: 1, turn_back: 0, stay: 0, colours: 1, needs: 3, reaches: null, fails_at: { card: "water-c", danger: 3 } },
  expand: { type: "expand", tile: "tahiti", ships: 2, take: false, fills: 1, points: 4, points_after: 4 },
  king: { type: "found_kingdom", tile: "tahiti", value: 4, ships_home: 1, kings: 0 },
  resettle: { type: "resettle", ships: 8, points: 11, points_after: 0, pile_islands: 2, pile_water: 3 },
  place_new: { type: "place_new", tile: "tonga", ships: 2, fills: 0, points: 0, points_after: 0 },
  land: { type: "land", seat: 1, own: false, tile: "tahiti", beach: 0, value: 4, gains: true },
  land2: { type: "land", seat: 0, own: true, tile: "tahiti", beach: 1, value: 4, gains: false },
  return: { type: "return", seat: 2, own: false, tile: "tahiti" },
  place_card: { type: "place_card", card: "samoa", island: true, q: 0, r: 1, rotation: 3 },
  place_ship: { type: "place_ship", tile: "tahiti", beach: 2, value: 4 },
  setup_place: { type: "setup_place", tile: "tonga", beach: 4 },
};

test("a move's facts in English: the sentence of the issue", () => {
  const t = createI18n("en").t;
  const w = createReviewWords(t, createWords(t), "en");
  const snap = snapshot();
  assert.equal(w.clause(facts.danger, snap), "3 colours aboard for a danger-4 route: 40% to arrive");
  assert.equal(w.clause(facts.reaches, snap), "the jetty to the north reaches Tahiti with certainty");
  const d = { ...dec(4, 0, 0.3, 0.55), why: { action: facts.danger, best: facts.reaches } };
  assert.equal(w.why(d, snap), "3 colours aboard for a danger-4 route: 40% to arrive; the jetty to the north reaches Tahiti with certainty.");
  assert.equal(w.costText(d), "−0.25 wins: 30% to win instead of 55%");
  // two moves the facts do not tell apart: said once, not twice
  const alike = { ...dec(4, 0, 0.3, 0.55), why: { action: facts.expand, best: { ...facts.expand, take: true } } };
  assert.equal(w.why(alike, snap), "Expanding on Tahiti puts 2 ships there and fills 1 beach that must sail either way; played out to the end, the better move wins more often.");
  assert.equal(w.clause(facts.unknown, snap), "the jetty to the north sails into the unknown: 55% to arrive");
  assert.match(w.clause(facts.wreck, snap), /danger-3 trail that 1 colour cannot pass/);
  assert.equal(w.clause(facts.king, snap), "a king island on Tahiti keeps its 4 points for good");
  assert.match(w.clause(facts.resettle, snap), /gives up 11 points on the table, with 2 islands and 3 water cards left/);
  assert.match(w.clause(facts.land, snap), /landing yellow on Tahiti wins yellow its 4 points/);
  assert.match(w.clause(facts.expand, snap), /fills 1 beach that must sail/);
  const p = w.playerLine({ seat: 1, skill_loss: 0.314, luck: -0.12 }, snap, 2);
  assert.equal(p, "Bo: lost 0.31 wins to choices, 0.12 to the cards. 2 hints used.");
  const q = w.playerLine({ seat: 0, skill_loss: 0, luck: 0.2 }, snap);
  assert.match(q, /gained 0.20 from the cards\.$/);
  const l = w.luckLine(review().luck[0], snap, { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 });
  assert.equal(l, "Ana's voyage from Tonga to the north: 25% to arrive, and it did (+0.20 wins).");
});

test("every fact of every move has words in every language", () => {
  const snap = snapshot();
  for (const { id } of LANGUAGES) {
    const t = createI18n(id).t;
    const w = createReviewWords(t, createWords(t), id);
    for (const [name, f] of Object.entries(facts)) {
      const text = w.clause(f, snap);
      assert.ok(text && !/undefined|NaN|\[object/.test(text), `${id} ${name}: ${text}`);
    }
    const alike = w.why({ ...dec(4, 0, 0.3, 0.55), why: { action: facts.expand, best: facts.expand } }, snap);
    assert.ok(alike.includes("Tahiti") && !/undefined/.test(alike), `${id}: ${alike}`);
    const hint = w.hintText({ action: { type: "found_kingdom", tile: "tahiti" }, why: facts.king }, snap);
    assert.ok(hint.includes("Tahiti"), `${id}: ${hint}`);
    const place = { type: "setup_place", beach: 4 };
    const setup = w.hintText({ action: place, why: facts.setup_place }, snap);
    assert.equal(setup, t("rv.hintOnly", createWords(t).describeAction(snap, place)), `${id}: said once`);
    assert.ok(!/undefined/.test(setup), `${id}: ${setup}`);
    const line = w.playerLine({ seat: 0, skill_loss: 0.5, luck: -0.25 }, snap, 1);
    assert.ok(line.includes(winsText(0.5, id)) && line.includes(winsText(0.25, id)), `${id}: ${line}`);
  }
});

test("a hint counts in the review of the game it was used in, at its move", () => {
  const parsed = { options: { players: [{ name: "A" }, { name: "B" }], seed: 5 }, actions: [{ type: "setup_place", beach: 0 }, { type: "setup_place", beach: 1 }, { type: "setup_place", beach: 2 }] };
  const log = [
    { seat: 1, n: 1, key: historyAt(parsed, 1) },
    { seat: 0, n: 2, key: historyAt(parsed, 2) },
    // another game's hint, and one used after a take-back changed the history
    { seat: 0, n: 2, key: historyAt({ ...parsed, options: { ...parsed.options, seed: 6 } }, 2) },
    { seat: 0, n: 9, key: "00000000" },
  ];
  const h = hintsIn(parsed, 2, log);
  assert.deepEqual(h.bySeat, [1, 1]);
  assert.deepEqual([...h.at].sort(), [1, 2]);
  const other = { ...parsed, actions: [{ type: "setup_place", beach: 5 }, ...parsed.actions.slice(1)] };
  assert.deepEqual(hintsIn(other, 2, log).bySeat, [0, 0]);
});

test("where a move is drawn on the board", () => {
  const snap = snapshot();
  assert.equal(actionTile(snap, { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 }).card, "tonga");
  assert.ok(actionPoint(snap, { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 }).y < 0, "the slice to the north");
  assert.deepEqual(actionPoint(snap, { type: "place_card", q: 0, r: 1, rotation: 0 }), { x: 0, y: Math.sqrt(3) });
  const landing = { ...snap, phase: "land", pending: { tile: "tahiti", group: [0], received: [] } };
  assert.equal(actionTile(landing, { type: "land", seat: 0, beach: 1 }).card, "tahiti");
  assert.equal(actionPoint(snap, { type: "resettle" }), null);
});
