// Play without a mouse, and without sight (issue 33): the board as places
// the keyboard goes to and as words (www/a11y/describe.js), a jetty's route
// read off the cards (checked against the engine's own voyage odds when the
// wasm package is built), the letter keys on any layout (a11y/index.js
// latinKey), and the grouped list of legal actions (ui/actions.js).
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as D from "../../www/a11y/describe.js";
import { latinKey } from "../../www/a11y/index.js";
import { groupActions, previewOf } from "../../www/ui/actions.js";
import { createWords } from "../../www/words.js";
import { createI18n, LANGUAGES, loadAllLanguages } from "../../www/i18n.js";
import { initialUi } from "../../www/targets.js";
import { islandTile, waterTile, players } from "./fixtures.mjs";

await loadAllLanguages();
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "pkg");
const en = createWords(createI18n("en").t);

// Tonga at the centre; north of it (direction 3) water-c, then Samoa; to the
// north-east (4) water-a and beyond it the open sea.
function board() {
  return {
    phase: "emigrate",
    current: 0,
    turn: 4,
    players: players(2),
    tiles: [
      islandTile("tonga", 0, 0, 0, [[], [], [], [0, 1, 1], [], []]),
      { ...waterTile("water-c", 0, -1, 0), name: "Water C" },
      islandTile("samoa", 0, -2, 0, [[0], [1, 1]]),
      { ...waterTile("water-a", 1, -1, 0), name: "Water A" },
    ],
    pile: { islands: 13, water: 14 },
    revealed: { islands: 2, water: 2 },
    removed: [],
    pending: { full: [{ tile: "tonga", beach: 3 }] },
  };
}

test("a jetty's route follows the drawn trails to an island or the open sea", () => {
  const snap = board();
  // Tonga's jetty north (edge 3): water-c enters at its edge 0, trail 0-3 (danger 4), out north into Samoa.
  assert.deepEqual(D.route(snap, "tonga", 3), { steps: [{ card: "water-c", from: 0, to: 3, danger: 4 }], end: { kind: "island", card: "samoa", king: null } });
  // north-east (edge 4): water-a entered at its edge 1 (from the south-west), trail 1-5 (danger 4), out south-east: open sea at (2, -1).
  assert.deepEqual(D.route(snap, "tonga", 4), { steps: [{ card: "water-a", from: 1, to: 5, danger: 4 }], end: { kind: "open", q: 2, r: -1 } });
  // south (edge 0): straight to the open sea.
  assert.deepEqual(D.route(snap, "tonga", 0), { steps: [], end: { kind: "open", q: 0, r: 1 } });
  const words = D.createBoardWords(en);
  assert.equal(words.routeWords(snap, "tonga", 3), "via a water card north of Tonga (danger 4) to Samoa");
  assert.equal(words.routeWords(snap, "tonga", 0), "to open sea: a card from the pile");
  snap.tiles[2].king = 1;
  assert.equal(words.routeWords(snap, "tonga", 3), "via a water card north of Tonga (danger 4) to Samoa, king island of Bo: turned back");
});

test("every place that can be played now is a target; Enter there is the move a click there makes", () => {
  const snap = board();
  const legal = [
    { type: "emigrate", tile: "tonga", beach: 3, jetty: 3 },
  ];
  const targets = D.legalTargets(snap, legal, initialUi());
  assert.deepEqual(targets, [{ tile: "tonga", beach: 3, jetty: 3 }]);
  const here = D.legalAt(snap, legal, initialUi(), targets[0]);
  assert.deepEqual(here, { kind: "apply", action: legal[0] });
  // an emigration is never chosen at its beach or island: Enter goes in to the jetties
  assert.equal(D.legalAt(snap, legal, initialUi(), { tile: "tonga", beach: 3 }), null);
  assert.equal(D.legalAt(snap, legal, initialUi(), { tile: "tonga" }), null);
  assert.deepEqual(D.legalInside(snap, legal, initialUi(), { tile: "tonga" }), targets);
  const words = D.createBoardWords(en);
  assert.match(words.describe(snap, legal, initialUi(), { tile: "tonga" }), /^Tonga, island worth 0: Ana \(blue\) 1, Bo \(yellow\) 2; 6 beaches\. 1 choice inside \(Enter\)$/);
  assert.match(words.describe(snap, legal, initialUi(), targets[0]), /^jetty facing north: via a water card north of Tonga \(danger 4\) to Samoa\. Enter: Emigrate from Tonga beach 4 \(north\) through the jetty facing north$/);
  assert.match(words.describe(snap, legal, initialUi(), { tile: "tonga", beach: 3 }), /^beach 4 \(north\): 3 of 3 places taken \(1× blue|1 blue/);
  // the odds are read with the emigration's choice
  const odds = [{ action: legal[0], arrive: 0.25, new_island: 0, fail: 0.75, turn_back: 0, stay: 0, exact: true, colours: 2, needs: 4, known: [] }];
  assert.match(words.whatNow(snap, legal, initialUi(), targets[0], odds), /\(arrives 25% · wrecked 75%\)$/);
});

test("the arrows move by position: to the card that lies that way, and nowhere past the edge", () => {
  const snap = board();
  const up = D.move(snap, [], { tile: "tonga" }, "ArrowUp");
  assert.deepEqual(up, { tile: "water-c" });
  assert.deepEqual(D.move(snap, [], up, "ArrowUp"), { tile: "samoa" });
  assert.deepEqual(D.move(snap, [], { tile: "tonga" }, "ArrowRight"), { tile: "water-a" });
  assert.equal(D.move(snap, [], { tile: "tonga" }, "ArrowDown"), null);
  assert.equal(D.move(snap, [], { tile: "tonga" }, "ArrowLeft"), null);
  // on an island the arrows go round its beaches; on a beach, its jetties
  const north = { tile: "tonga", beach: 3 };
  assert.deepEqual(D.move(snap, [], north, "ArrowDown"), { tile: "tonga", beach: 0 });
  assert.deepEqual(D.move(snap, [], north, "ArrowRight"), { tile: "tonga", beach: 4 });
  assert.equal(D.move(snap, [], { tile: "tonga", beach: 3, jetty: 3 }, "ArrowUp"), null, "one jetty: nowhere to go");
  // the places to lay a card are among the cards
  const lay = [{ type: "place_card", q: -1, r: 0, rotation: 2 }];
  assert.deepEqual(D.move({ ...snap, phase: "place_card", pending: { card: "water-k" } }, lay, { tile: "tonga" }, "ArrowLeft"), { q: -1, r: 0 });
});

test("the text board names every island with its ships by player, beaches with ships by colour, jetties with their routes", () => {
  const snap = board();
  const legal = [{ type: "emigrate", tile: "tonga", beach: 3, jetty: 3 }];
  const tree = D.boardTree(snap, legal, initialUi(), en);
  const [islands, water, pile, scores] = tree;
  assert.equal(islands.name, "Islands (2)");
  assert.deepEqual(islands.children.map((n) => n.name.split(":")[0]), ["Tonga, island worth 0", "Samoa, island worth 5"]);
  assert.match(islands.children[1].name, /Ana \(blue\) 1, Bo \(yellow\) 2/);
  const tongaNorth = islands.children[0].children[3];
  assert.match(tongaNorth.name, /^beach 4 \(north\): 3 of 3 places taken \(1 blue and 2 yellow\); full/);
  assert.equal(tongaNorth.children.length, 1);
  assert.equal(tongaNorth.children[0].legal, true);
  assert.equal(islands.children[1].legal, false, "nothing to play on Samoa");
  assert.equal(water.name, "Water cards (2)");
  assert.match(water.children[0].name, /^a water card north of Tonga: trail south to north, danger 4; .*next to Tonga to the south, Samoa to the north, a water card north-east of Tonga to the south-east$/);
  assert.match(pile.name, /^Pile: 13 islands/);
  assert.equal(scores.children.length, 2);
});

test("in every language the board's words are words (no undefined, no key names)", () => {
  const snap = board();
  const legal = [{ type: "emigrate", tile: "tonga", beach: 3, jetty: 3 }];
  for (const { id } of LANGUAGES) {
    const w = createWords(createI18n(id).t);
    const names = [];
    const walk = (ns) => ns.forEach((n) => (names.push(n.name), walk(n.children)));
    walk(D.boardTree(snap, legal, initialUi(), w));
    for (const n of names) assert.ok(!/undefined|a11y\.|NaN/.test(n), `${id}: ${n}`);
  }
});

test("a letter on a layout without Latin letters is the letter at its place (R on a Hebrew keyboard is ר)", () => {
  const ev = (key, code, extra = {}) => ({ key, code, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, preventDefault() {}, ...extra });
  assert.equal(latinKey(ev("ר", "KeyR")).key, "r");
  assert.equal(latinKey(ev("ר", "KeyR", { shiftKey: true })).key, "R");
  const undo = latinKey(ev("ז", "KeyZ", { ctrlKey: true }));
  assert.equal(undo.key, "z");
  assert.equal(undo.ctrlKey, true);
  assert.equal(latinKey(ev("r", "KeyR")), null, "a Latin letter is left alone");
  assert.equal(latinKey(ev("ArrowLeft", "ArrowLeft")), null);
  assert.equal(latinKey(ev(".", "Slash")), null);
});

test("the list groups expansions by island, a ship taken by its beach, a card by its place", () => {
  const legal = [
    { type: "expand", tile: "tonga", beaches: [0, 1] },
    { type: "expand", tile: "tonga", beaches: [0, 2] },
    { type: "expand", tile: "tonga", beaches: [1, 2] },
    { type: "expand", tile: "samoa", beaches: [1] },
    { type: "found_kingdom", tile: "samoa" },
    { type: "resettle" },
  ];
  const g = groupActions(legal);
  assert.equal(g.length, 4);
  assert.equal(g[0].kind, "group");
  assert.deepEqual(g[0].beaches, [0, 1, 2]);
  assert.deepEqual(g[0].actions.map((x) => x.index), [0, 1, 2]);
  assert.deepEqual(g[1], { kind: "one", action: legal[3], index: 3 }, "one way to expand: no group");
  assert.deepEqual(g.slice(2).map((x) => x.action.type), ["found_kingdom", "resettle"]);
  const take = groupActions([
    { type: "expand", tile: "samoa", beaches: [0], take: { tile: "tonga", beach: 1 } },
    { type: "expand", tile: "samoa", beaches: [2], take: { tile: "tonga", beach: 1 } },
    { type: "expand", tile: "tonga", beaches: [3], take: { tile: "samoa", beach: 0 } },
  ]);
  assert.deepEqual(take.map((x) => x.kind), ["group", "one"]);
  assert.equal(take[0].beaches, null, "a taken ship's places are buttons");
  const cards = groupActions([0, 1, 2].map((rotation) => ({ type: "place_card", q: 1, r: 0, rotation })).concat([{ type: "place_card", q: 2, r: 0, rotation: 4 }]));
  assert.deepEqual(cards.map((x) => x.kind), ["group", "one"]);
  // an entry's places on the board
  assert.deepEqual(previewOf({ pending: null }, legal[0]), [{ tile: "tonga", beach: 0 }, { tile: "tonga", beach: 1 }]);
  assert.deepEqual(previewOf({ pending: { tile: "samoa" } }, { type: "land", seat: 0, beach: 2 }), [{ tile: "samoa", beach: 2 }]);
});

const built = existsSync(join(PKG, "tongiaki_bots_bg.wasm"));

test("routes agree with the engine's known trails, and every emigration, setup place, landing and new ship is a target", { skip: !built && "pkg/ is not built" }, async () => {
  const engine = await import(pathToFileURL(join(PKG, "tongiaki_bots.js")).href);
  engine.initSync({ module: readFileSync(join(PKG, "tongiaki_bots_bg.wasm")) });
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  let compared = 0;
  let reached = 0;
  for (const gameSeed of [3, 5, 8]) {
    const game = new engine.Game({ players: [{ name: "A" }, { name: "B" }, { name: "C" }], seed: gameSeed });
    for (let n = 0; n < 700; n++) {
      const legal = game.legalActions();
      if (!legal.length) break;
      const snap = game.snapshot();
      const ui = initialUi();
      const targets = D.legalTargets(snap, legal, ui);
      const applies = targets.map((t) => D.legalAt(snap, legal, ui, t)).filter((x) => x && x.kind === "apply").map((x) => JSON.stringify(x.action));
      const tray = snap.pending && snap.pending.group ? Math.min(...snap.pending.group) : null;
      for (const a of legal) {
        const must = ["emigrate", "setup_place", "place_ship"].includes(a.type) || (a.type === "land" && a.seat === tray);
        if (!must) continue;
        assert.ok(applies.includes(JSON.stringify(a)), `a target plays ${JSON.stringify(a)}`);
        reached++;
      }
      if (snap.phase === "emigrate" && compared < 60) {
        for (const o of game.voyageOdds()) {
          const r = D.route(snap, o.action.tile, o.action.jetty);
          o.known.forEach((k, i) => {
            assert.ok(r.steps[i], `step ${i} of ${JSON.stringify(o.action)}`);
            assert.equal(r.steps[i].card, k.card);
            assert.equal(r.steps[i].from, k.from);
            assert.equal(r.steps[i].danger, k.danger);
            if (k.to !== null) assert.equal(r.steps[i].to, k.to);
          });
          // no wreck on the way: the engine followed every trail up to where the route ends
          if (!o.known.some((k) => k.to === null)) assert.equal(o.known.length, r.steps.length, JSON.stringify([o.known, r]));
          compared++;
        }
      }
      game.apply(legal[Math.floor(rand() * legal.length)]);
    }
    game.free();
  }
  assert.ok(compared >= 10, `compared ${compared} routes`);
  assert.ok(reached >= 50, `reached ${reached} moves`);
});
