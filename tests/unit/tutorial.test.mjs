// The guided first game (issue 14): its words in every language, its script
// and, when the wasm package is built (pkg/), the script replayed with the
// engine: every move legal in turn, the learner's moves in the learner's
// seat, and every idea the steps speak of happening where they say so.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SCRIPT, STEPS, DECK, SEATS, SEED, act, scriptActions } from "../../www/tutorial-steps.js";
import { allLessonTexts } from "../../www/tutorial.js";
import { takeBackPoint, moveRecord, revealsCard } from "../../www/history.js";

const TUTORIAL_TEXT = await allLessonTexts(); // the page fetches them on demand (issue 15)

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "pkg");

test("every language has the lesson's words: the same keys as English, of the same kind", () => {
  const en = TUTORIAL_TEXT.en;
  for (const [lang, words] of Object.entries(TUTORIAL_TEXT)) {
    assert.deepEqual(Object.keys(words).sort(), Object.keys(en).sort(), `${lang}: keys`);
    for (const k of Object.keys(en)) {
      assert.equal(typeof words[k], typeof en[k], `${lang}.${k}`);
      if (typeof en[k] === "string") assert.ok(words[k].trim().length > 0, `${lang}.${k} is empty`);
    }
    assert.match(words.stepOf(3, 28), /3.*28/, `${lang}: stepOf`);
    assert.match(words.watch("Moana"), /Moana/, `${lang}: watch`);
  }
});

test("every step has its words; a step's own 'why' belongs to a step; steps are two or three sentences", () => {
  const en = TUTORIAL_TEXT.en;
  for (const key of STEPS) assert.equal(typeof en[key], "string", `words for step ${key}`);
  for (const k of Object.keys(en)) if (k.endsWith(".why")) assert.ok(STEPS.includes(k.slice(0, -4)), `${k} names a step`);
  for (const key of STEPS) {
    const sentences = en[key].split(/[.!?](?:\s|$)/).filter((x) => x.trim()).length;
    assert.ok(sentences >= 1 && sentences <= 3, `${key}: ${sentences} sentences`);
  }
  assert.equal(new Set(STEPS).size, STEPS.length, "each step once");
});

test("the script: a jump only after a step to read; each entry one kind", () => {
  SCRIPT.forEach((e, i) => {
    const kinds = ["you", "bot", "auto", "jump"].filter((k) => e[k]);
    assert.ok(kinds.length <= 1, `entry ${i}: one kind`);
    if (!e.say) assert.equal(kinds.length, 1, `entry ${i}: says something or moves`);
    if (e.jump) assert.ok(SCRIPT[i - 1].say && !SCRIPT[i - 1].you, `entry ${i}: a jump follows a step to read`);
  });
  assert.ok(SCRIPT[0].say && !SCRIPT[0].you, "it opens with words");
  assert.ok(SCRIPT[SCRIPT.length - 1].say && !SCRIPT[SCRIPT.length - 1].you, "it ends with words");
  assert.deepEqual(act("e tonga 3,4"), { type: "expand", tile: "tonga", beaches: [3, 4] });
  assert.deepEqual(act("e tahiti 0 fidschi 0"), { type: "expand", tile: "tahiti", beaches: [0], take: { tile: "fidschi", beach: 0 } });
  assert.deepEqual(act("m tubuai 0 1"), { type: "emigrate", tile: "tubuai", beach: 0, jetty: 1 });
  assert.deepEqual(act("l 1 2"), { type: "land", seat: 1, beach: 2 });
  assert.throws(() => act("z 1"));
  assert.equal(DECK.length, 31);
  assert.equal(new Set(DECK).size, 31);
  assert.ok(!DECK.includes("tonga"));
});

test("take back: the last person's choice, never across a revealed card", () => {
  const m = (seat, choice, revealed = false) => ({ seat, choice, revealed });
  const person = (seat) => seat === 0;
  assert.deepEqual(takeBackPoint([], person), { k: null, why: "nothing" });
  assert.deepEqual(takeBackPoint([m(0, true), m(1, true), m(1, false)], person), { k: 0 });
  assert.deepEqual(takeBackPoint([m(0, true), m(0, false)], person), { k: 0 }, "a forced move is not a decision");
  assert.deepEqual(takeBackPoint([m(0, true), m(1, true, true)], person), { k: null, why: "revealed" }, "a bot's reveal after it");
  assert.deepEqual(takeBackPoint([m(0, true, true)], person), { k: null, why: "revealed" }, "its own reveal");
  assert.deepEqual(takeBackPoint([m(0, true), m(0, true, true), m(0, true)], person), { k: 2 });
  assert.equal(revealsCard([{ type: "crossed" }, { type: "card_revealed" }]), true);
  assert.equal(revealsCard([{ type: "card_drawn" }]), true);
  assert.equal(revealsCard([{ type: "arrived" }]), false);
  assert.deepEqual(moveRecord({ current: 2 }, [{}, {}], []), { seat: 2, choice: true, revealed: false });
});

test("the script replayed with the engine: legal in turn, and every idea where its step says", { skip: !existsSync(join(PKG, "tongiaki_bg.wasm")) && "pkg/ is not built" }, async () => {
  const engine = await import(pathToFileURL(join(PKG, "tongiaki.js")).href);
  engine.initSync({ module: readFileSync(join(PKG, "tongiaki_bg.wasm")) });
  const players = SEATS.map((p) => ({ name: p.name, color: p.color }));
  const game = new engine.Game({ players, seed: SEED, deck: [...DECK] });
  const seen = new Map(); // step -> event types that happened before the next step
  let step = null;
  for (const e of SCRIPT) {
    if (e.say) step = e.say;
    if (e.jump) {
      for (const a of e.jump) game.apply(a);
      continue;
    }
    const a = e.you || e.bot || e.auto;
    if (!a) continue;
    const snap = game.snapshot();
    if (e.bot) assert.notEqual(snap.current, 0, `${step}: a bot moves for an opponent`);
    else assert.equal(snap.current, 0, `${step}: the learner's seat moves`);
    const events = game.apply(a);
    const list = seen.get(step) || [];
    list.push(...events.map((x) => x.type));
    seen.set(step, list);
  }
  const has = (s, type) => (seen.get(s) || []).includes(type);
  assert.ok(has("sail", "card_revealed") && has("sail", "crossed") && has("sail", "arrived"), "the first voyage reveals water, crosses a 2 and lands");
  assert.ok(has("land3", "voyage_failed"), "Tavita's one-colour group is wrecked before the wreck step");
  assert.ok(has("surplus2", "ship_returned"), "a surplus ship goes home");
  assert.ok(has("jetty", "card_revealed") && has("jetty", "arrived"), "the chosen jetty reveals an island");
  assert.ok(has("king", "kingdom_founded"), "a king island");
  assert.ok(has("lastLand", "game_over"), "the last landing ends the game");
  const end = game.snapshot();
  assert.equal(end.phase, "over");
  assert.deepEqual(end.ranking, [[0], [1], [2]]);
  assert.equal(JSON.parse(game.save()).actions.length, scriptActions().length);
  // the end step: one island card and one water card left in the pile
  const cut = scriptActions().slice(0, scriptActions().length - 4);
  const before = engine.Game.load(JSON.stringify({ format: "tongiaki-save", version: 1, options: { players, seed: SEED, deck: [...DECK] }, actions: cut }));
  assert.deepEqual(before.snapshot().pile, { islands: 1, water: 1 });
  before.free();
  game.free();
});
