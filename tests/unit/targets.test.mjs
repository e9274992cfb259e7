// Unit tests of www/targets.js: what a click on the board means for each
// decision, with hits made by geometry.hitTest at the points a person clicks.
import test from "node:test";
import assert from "node:assert/strict";
import * as G from "../../www/geometry.js";
import * as T from "../../www/targets.js";
import { translate } from "../../www/i18n.js";
import { smallSnapshot, islandTile, waterTile, players } from "./fixtures.mjs";

/** A hint of targets.js ({ key, args }) in English words, as ui.js says it. */
const say = (h) => (h ? translate("en", h.key, ...h.args.map((a) => (a && typeof a === "object" && "card" in a ? a.name : a))) : "");
const snapWith = (over) => ({ ...smallSnapshot(), ...over });
const tileOf = (snap, card) => snap.tiles.find((t) => t.card === card);
const hitBeach = (snap, card, b) => {
  const p = G.beachPoint(tileOf(snap, card), b);
  return G.hitTest(snap.tiles, p.x, p.y);
};
const hitCore = (snap, card) => {
  const t = tileOf(snap, card);
  const c = G.hexCenter(t.q, t.r);
  return G.hitTest(snap.tiles, c.x, c.y);
};
const hitSlice = (snap, card, edge) => {
  const p = G.slicePoint(tileOf(snap, card), edge);
  return G.hitTest(snap.tiles, p.x, p.y);
};
const hitHex = (snap, q, r) => {
  const c = G.hexCenter(q, r);
  return G.hitTest(snap.tiles, c.x, c.y);
};

test("setup: a beach of Tonga places a ship there; the island core only hints", () => {
  const snap = snapWith({ phase: "setup", turn: 0, current: 0 });
  const legal = [0, 1, 2, 3, 4, 5].map((b) => ({ type: "setup_place", beach: b }));
  const ui = T.initialUi();
  for (let b = 0; b < 6; b++) assert.deepEqual(T.interpret(snap, legal, ui, hitBeach(snap, "tonga", b)), { kind: "apply", action: legal[b] });
  assert.equal(T.interpret(snap, legal, ui, hitCore(snap, "tonga")).kind, "hint");
  // A full beach is not in legalActions: the click goes to the engine for its reason.
  const some = legal.filter((a) => a.beach !== 3);
  assert.deepEqual(T.interpret(snap, some, ui, hitBeach(snap, "tonga", 3)), { kind: "illegal", action: { type: "setup_place", beach: 3 } });
  const m = T.marks(snap, some, ui, hitBeach(snap, "tonga", 1));
  assert.equal(m.beaches.get("tonga/1"), "hover");
  assert.equal(m.beaches.get("tonga/0"), "legal");
  assert.equal(m.beaches.has("tonga/3"), false);
});

test("expansion: forced choice on the island; beach selection applies when complete; a second click unselects", () => {
  const snap = smallSnapshot();
  const legal = [
    { type: "expand", tile: "tonga", beaches: [0, 1] },
    { type: "expand", tile: "tonga", beaches: [0, 3] },
    { type: "expand", tile: "tonga", beaches: [1, 3] },
    { type: "expand", tile: "samoa", beaches: [0, 1, 2] },
    { type: "found_kingdom", tile: "samoa" },
    { type: "resettle" },
  ];
  let ui = T.initialUi();
  assert.equal(T.decision(snap, legal), "turn");
  // Samoa: one expansion only -> a click on the island makes it.
  assert.deepEqual(T.interpret(snap, legal, ui, hitCore(snap, "samoa")), { kind: "apply", action: legal[3] });
  // Tonga: several -> the island click asks for beaches.
  const r0 = T.interpret(snap, legal, ui, hitCore(snap, "tonga"));
  assert.equal(r0.kind, "select");
  // Beach 3, then beach 3 again (unselect), then 3 and 0: applies {0, 3}.
  let r = T.interpret(snap, legal, ui, hitBeach(snap, "tonga", 3));
  assert.equal(r.kind, "select");
  assert.deepEqual(r.ui.selection.beaches, [3]);
  ui = r.ui;
  assert.equal(T.marks(snap, legal, ui, null).beaches.get("tonga/3"), "selected");
  assert.match(say(T.selectionHint(snap, legal, ui)), /1 more beach of Tonga/);
  r = T.interpret(snap, legal, ui, hitBeach(snap, "tonga", 3));
  assert.equal(r.kind, "select");
  assert.equal(r.ui.selection, null);
  ui = T.interpret(snap, legal, r.ui, hitBeach(snap, "tonga", 3)).ui;
  r = T.interpret(snap, legal, ui, hitBeach(snap, "tonga", 0));
  assert.deepEqual(r, { kind: "apply", action: legal[1] });
  // Beach 2 of Tonga is in no expansion: the engine is asked why.
  r = T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "tonga", 2));
  assert.deepEqual(r, { kind: "illegal", action: { type: "expand", tile: "tonga", beaches: [2] } });
  // An island without expansion (a king island) also goes to the engine.
  r = T.interpret(snap, legal, T.initialUi(), hitCore(snap, "tubuai"));
  assert.equal(r.kind, "illegal");
  assert.equal(r.action.tile, "tubuai");
  // A click on open water only hints.
  assert.equal(T.interpret(snap, legal, T.initialUi(), hitHex(snap, 5, 5)).kind, "hint");
});

test("king mode: a click on the island founds the kingdom, or asks the engine why not", () => {
  const snap = smallSnapshot();
  const legal = [{ type: "expand", tile: "samoa", beaches: [0] }, { type: "found_kingdom", tile: "samoa" }, { type: "resettle" }];
  const ui = { ...T.initialUi(), mode: "king" };
  assert.deepEqual(T.interpret(snap, legal, ui, hitBeach(snap, "samoa", 2)), { kind: "apply", action: legal[1] });
  assert.deepEqual(T.interpret(snap, legal, ui, hitCore(snap, "tonga")), { kind: "illegal", action: { type: "found_kingdom", tile: "tonga" } });
  assert.equal(T.marks(snap, legal, ui, null).tiles.get("samoa"), "legal");
  // Without a legal kingdom the picker falls back to expansion.
  assert.equal(T.effectiveMode([legal[0]], "king"), "expand");
});

test("R51 take: first the beach to take from, then where it goes", () => {
  const snap = smallSnapshot();
  const legal = [
    { type: "expand", tile: "tonga", beaches: [1], take: { tile: "tonga", beach: 3 } },
    { type: "expand", tile: "samoa", beaches: [2], take: { tile: "tonga", beach: 3 } },
    { type: "expand", tile: "tonga", beaches: [3], take: { tile: "samoa", beach: 1 } },
  ];
  assert.match(say(T.selectionHint(snap, legal, T.initialUi())), /first click the beach to take a ship from/);
  let r = T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "tonga", 3));
  assert.equal(r.kind, "select");
  assert.deepEqual(r.ui.selection.take, { tile: "tonga", beach: 3 });
  assert.match(say(T.selectionHint(snap, legal, r.ui)), /where the taken ship goes/);
  const m = T.marks(snap, legal, r.ui, null);
  assert.equal(m.beaches.get("tonga/3"), "selected");
  assert.equal(m.beaches.get("samoa/2"), "legal");
  const done = T.interpret(snap, legal, r.ui, hitBeach(snap, "samoa", 2));
  assert.deepEqual(done, { kind: "apply", action: legal[1] });
  // Clicking the source again unselects it.
  assert.equal(T.interpret(snap, legal, r.ui, hitBeach(snap, "tonga", 3)).ui.selection, null);
});

test("R50 place_new: the same Tonga beach may be clicked twice; one click on another island", () => {
  const snap = smallSnapshot();
  const legal = [
    { type: "place_new", tile: "tonga", beaches: [2, 2] },
    { type: "place_new", tile: "tonga", beaches: [2, 5] },
    { type: "place_new", tile: "samoa", beaches: [2] },
  ];
  assert.equal(T.decision(snap, legal), "place_new");
  let r = T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "tonga", 2));
  assert.equal(r.kind, "select");
  assert.deepEqual(T.interpret(snap, legal, r.ui, hitBeach(snap, "tonga", 2)), { kind: "apply", action: legal[0] });
  assert.deepEqual(T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "samoa", 2)), { kind: "apply", action: legal[2] });
});

test("emigration: the pie slice toward a jetty emigrates through it", () => {
  const snap = { ...smallSnapshot(), phase: "emigrate", pending: { full: [{ tile: "samoa", beach: 2 }] } };
  const samoa = tileOf(snap, "samoa");
  // Samoa's beach 2 has its jetty at card edge 5.
  const legal = [{ type: "emigrate", tile: "samoa", beach: 2, jetty: 5 }];
  assert.deepEqual(T.interpret(snap, legal, T.initialUi(), hitSlice(snap, "samoa", 5)), { kind: "apply", action: legal[0] });
  // The slice toward edge 3 belongs to beach 1: not full -> the engine says why.
  assert.deepEqual(T.interpret(snap, legal, T.initialUi(), hitSlice(snap, "samoa", 3)), {
    kind: "illegal",
    action: { type: "emigrate", tile: "samoa", beach: G.beachOfJetty(samoa, 3), jetty: 3 },
  });
  const m = T.marks(snap, legal, T.initialUi(), hitSlice(snap, "samoa", 5));
  assert.equal(m.slices.get("samoa/5"), "hover");
  assert.equal(m.beaches.get("samoa/2"), "legal");
});

test("landing: the tray colour decides which ship lands; other islands only hint", () => {
  const snap = { ...smallSnapshot(), phase: "land", pending: { tile: "hiva-oa", group: [0, 2, 2], received: [], owed: [0, 1], last: false } };
  const legal = [
    { type: "land", seat: 0, beach: 0 },
    { type: "land", seat: 0, beach: 1 },
    { type: "land", seat: 2, beach: 0 },
    { type: "land", seat: 2, beach: 1 },
  ];
  const ui = T.initialUi();
  assert.equal(T.traySeat(snap, ui), 0, "the lowest seat in the group by default");
  assert.deepEqual(T.interpret(snap, legal, ui, hitBeach(snap, "hiva-oa", 1)), { kind: "apply", action: legal[1] });
  const ui2 = { ...ui, traySeat: 2 };
  assert.deepEqual(T.interpret(snap, legal, ui2, hitBeach(snap, "hiva-oa", 0)), { kind: "apply", action: legal[2] });
  // beach 2 has no room: illegal, for the engine to explain
  assert.deepEqual(T.interpret(snap, legal, ui2, hitBeach(snap, "hiva-oa", 2)), { kind: "illegal", action: { type: "land", seat: 2, beach: 2 } });
  // a beach of another island must never be mistaken for one of the landing island
  assert.equal(T.interpret(snap, legal, ui2, hitBeach(snap, "tonga", 0)).kind, "hint");
  // a seat no longer in the group falls back to the lowest
  assert.equal(T.traySeat(snap, { ...ui, traySeat: 1 }), 0);
  assert.deepEqual([...T.marks(snap, legal, ui2, null).beaches.keys()].sort(), ["hiva-oa/0", "hiva-oa/1"]);
});

test("laying a card: the chosen rotation if legal at that hex, else the first legal one", () => {
  const snap = { ...smallSnapshot(), phase: "place_card", pending: { card: "water-f", kind: "water", reason: "resettle" } };
  const legal = [
    { type: "place_card", q: 1, r: -2, rotation: 1 },
    { type: "place_card", q: 1, r: -2, rotation: 2 },
    { type: "place_card", q: -1, r: -1, rotation: 0 },
  ];
  const ui = { ...T.initialUi(), rotation: 2 };
  assert.deepEqual(T.interpret(snap, legal, ui, hitHex(snap, 1, -2)), { kind: "apply", action: legal[1] });
  assert.deepEqual(T.interpret(snap, legal, ui, hitHex(snap, -1, -1)), { kind: "apply", action: legal[2] });
  assert.deepEqual(T.rotationsAt(legal, 1, -2), [1, 2]);
  // an empty hex with no legal placement, and an occupied one, go to the engine
  assert.deepEqual(T.interpret(snap, legal, ui, hitHex(snap, 6, 0)), { kind: "illegal", action: { type: "place_card", q: 6, r: 0, rotation: 2 } });
  assert.equal(T.interpret(snap, legal, ui, hitCore(snap, "tonga")).kind, "illegal");
  const m = T.marks(snap, legal, ui, hitHex(snap, 1, -2));
  assert.equal(m.hexes.get("1,-2"), "hover");
  assert.equal(m.hexes.get("-1,-1"), "legal");
});

test("place_ship: only beaches of the new island", () => {
  const snap = { ...smallSnapshot(), phase: "place_ship", pending: { tile: "tahiti" } };
  const legal = [0, 1, 2].map((b) => ({ type: "place_ship", beach: b }));
  assert.deepEqual(T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "tahiti", 2)), { kind: "apply", action: legal[2] });
  assert.equal(T.interpret(snap, legal, T.initialUi(), hitBeach(snap, "samoa", 2)).kind, "hint");
});

test("sameAction: expand beaches as a set, take compared by value", () => {
  assert.ok(T.sameAction({ type: "expand", tile: "a", beaches: [2, 0] }, { type: "expand", tile: "a", beaches: [0, 2] }));
  assert.ok(!T.sameAction({ type: "expand", tile: "a", beaches: [0] }, { type: "expand", tile: "b", beaches: [0] }));
  assert.ok(T.sameAction({ type: "expand", tile: "a", beaches: [0], take: { tile: "x", beach: 1 } }, { type: "expand", tile: "a", beaches: [0], take: { beach: 1, tile: "x" } }));
  assert.ok(!T.sameAction({ type: "place_new", tile: "tonga", beaches: [1, 1] }, { type: "place_new", tile: "tonga", beaches: [1, 2] }));
});

test("fixtures used here are shaped like docs/api.md snapshots", () => {
  const s = smallSnapshot();
  assert.equal(s.players.length, 3);
  assert.ok(s.tiles.every((t) => ["island", "water"].includes(t.kind)));
  assert.deepEqual(Object.keys(islandTile("samoa", 0, 0, 0)).sort(), ["beaches", "card", "kind", "king", "name", "q", "r", "rotation", "value"]);
  assert.equal(waterTile("water-a", 0, 0, 0).trails.length, 3);
  assert.equal(players(6)[5].color, "purple");
});

test("issue 30: a hint names its island as the table's language spells it, not by the engine's name", async () => {
  const { loadAllLanguages, createI18n } = await import("../../www/i18n.js");
  const { hintWords } = await import("../../www/words.js");
  await loadAllLanguages();
  const snap = smallSnapshot();
  const legal = [
    { type: "expand", tile: "samoa", beaches: [0] },
    { type: "expand", tile: "samoa", beaches: [1] },
    { type: "resettle" },
  ];
  const r = T.interpret(snap, legal, T.initialUi(), hitCore(snap, "samoa"));
  assert.equal(r.kind, "select");
  assert.equal(hintWords(createI18n("en").t, r.hint), "Choose 1 beach of Samoa.");
  assert.equal(hintWords(createI18n("hu").t, r.hint), "Válassz 1 partszakaszt (Szamoa).", "Hungarian: Szamoa, not the engine's Samoa");
  const more = T.selectionHint(snap, [{ type: "expand", tile: "samoa", beaches: [0, 1] }], { ...T.initialUi(), selection: { type: "expand", tile: "samoa", beaches: [0], take: null } });
  assert.equal(hintWords(createI18n("hu").t, more), "Még 1 partszakaszt válassz (Szamoa).");
  assert.equal(hintWords(createI18n("en").t, null), "");
});
