// Meeting strangers (issue 31) without a browser: the game so far replayed
// from the server's `history` with the page's engine (past.js), the chat's
// lines (chat.js), the lobby's words (dialog.js), the seats and the name
// this browser keeps (api.js), a spectator's hello (connection.js).
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PILE, cardsSeen, replayOptions, replayPast, sinceLastMove, moveLines } from "../../www/online/past.js";
import { PHRASES, lineText, mergeLines, speakerKey } from "../../www/online/chat.js";
import { waitedWords, lobbySeatWords } from "../../www/online/dialog.js";
import { keptSeats, keepSeat, rememberedName, rememberName } from "../../www/online/api.js";
import { createConnection } from "../../www/online/connection.js";
import { createI18n, loadLanguage } from "../../www/i18n.js";
import { createWords } from "../../www/words.js";
import { ISLANDS, WATERS } from "./fixtures.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = join(ROOT, "pkg");
const built = existsSync(join(PKG, "tongiaki_bg.wasm"));

await loadLanguage("de");
await loadLanguage("he");

test("the pile's ids are the 31 cards but Tonga, each once", () => {
  const all = [...ISLANDS.map((c) => c.card).filter((c) => c !== "tonga"), ...WATERS.map((c) => c.card)];
  assert.equal(PILE.length, 31);
  assert.equal(new Set(PILE).size, 31);
  assert.deepEqual([...PILE].sort(), all.sort());
});

test("the cards as they came out, then the rest: a pile the engine takes", () => {
  const moves = [
    { action: {}, events: [{ type: "turn_started" }] },
    { action: {}, events: [{ type: "card_revealed", card: "water-c" }, { type: "card_revealed", card: "samoa" }] },
    { action: {}, events: [{ type: "card_drawn", card: "nauru" }] },
    { action: {}, events: [{ type: "card_revealed", card: "nauru" }] },
  ];
  assert.deepEqual(cardsSeen(moves), ["water-c", "samoa", "nauru"]);
  const o = replayOptions([{ name: "Ana", color: "blue", score: 3 }, { name: "Bo", color: "red" }], moves);
  assert.deepEqual(o.players, [{ name: "Ana", color: "blue" }, { name: "Bo", color: "red" }]);
  assert.deepEqual(o.deck.slice(0, 3), ["water-c", "samoa", "nauru"]);
  assert.deepEqual([...o.deck].sort(), [...PILE].sort());
  assert.equal(replayOptions([], [{ events: [{ type: "card_revealed", card: "atlantis" }] }]), null, "an unknown card: no replay");
});

test("while you were away: the moves since your last one", () => {
  assert.deepEqual(sinceLastMove([0, 1, 0, 1, 1, 2], 0), { from: 3, count: 3 });
  assert.equal(sinceLastMove([0, 1, 0], 0), null, "nothing since");
  assert.equal(sinceLastMove([1, 1], 0), null, "no move of ours yet");
  assert.equal(sinceLastMove([0, 1], null), null, "a spectator");
});

test("the game so far, replayed with the cards as they came out, is the game the players saw", { skip: !built && "pkg/ is not built" }, async () => {
  const engine = await import(pathToFileURL(join(PKG, "tongiaki.js")).href);
  engine.initSync({ module: readFileSync(join(PKG, "tongiaki_bg.wasm")) });
  const i18n = createI18n("en");
  const words = createWords(i18n.t);
  // The server's game: a seed the page never learns.
  const players = [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }];
  const server = new engine.Game({ players, seed: 90210 });
  const history = [];
  const snaps = [server.snapshot()];
  let x = 7;
  for (let n = 0; n < 160 && server.snapshot().phase !== "over"; n++) {
    const legal = server.legalActions();
    x = (x * 1103515245 + 12345) >>> 0;
    // resettle now and then: it reveals cards (R40)
    const pick = legal.find((a) => a.type === "resettle" && x % 5 === 0) || legal[x % legal.length];
    const seat = server.snapshot().current;
    history.push({ n, seat, action: pick, events: server.apply(pick) });
    snaps.push(server.snapshot());
  }
  assert.ok(cardsSeen(history).length >= 3, "cards came out of the pile");
  const r = replayPast(engine.Game, words, snaps[snaps.length - 1].players, history);
  assert.ok(r, "it replays");
  try {
    assert.deepEqual(r.game.snapshot(), snaps[snaps.length - 1], "the same table at the end");
    assert.deepEqual(r.seats, history.map((m) => m.seat), "who made each move");
    assert.equal(r.lines.length, history.length);
    // each move's lines as the log said them when it was played
    for (const k of [0, 10, history.length - 1]) {
      assert.deepEqual(r.lines[k], moveLines(words, snaps[k], snaps[k + 1], history[k].events), `move ${k}`);
    }
    assert.ok(r.lines.flat().some((l) => /laid|Turn/.test(l.text)));
    // the public save: the replay viewer loads it, cut anywhere
    const save = JSON.parse(r.save);
    assert.equal(save.actions.length, history.length);
    const cut = engine.Game.load(JSON.stringify({ ...save, actions: save.actions.slice(0, 40) }));
    assert.deepEqual(cut.snapshot(), snaps[40]);
    cut.free();
  } finally {
    r.game.free();
    server.free();
  }
  // A move that is not what was played: no replay (the page does without the past).
  const bad = [...history.slice(0, 3), { action: { type: "resettle" }, events: [] }];
  assert.equal(replayPast(engine.Game, words, snaps[0].players, bad), null);
});

test("chat lines: once each, in order, a phrase in the reader's language", () => {
  const a = { id: 3, seat: 0, name: "Ana", text: "hi" };
  const b = { id: 1, seat: null, name: null, text: "<b>x</b>" };
  const c = { id: 2, seat: 1, name: "Bo", text: "Good luck!", phrase: "good_luck" };
  assert.deepEqual(mergeLines([a], [b, c, a]).map((l) => l.id), [1, 2, 3]);
  assert.equal(mergeLines([], Array.from({ length: 250 }, (_, i) => ({ id: i }))).length, 200, "bounded");
  const de = createI18n("de");
  assert.equal(lineText(c, de.t), "Viel Glück!");
  assert.equal(lineText(a, de.t), "hi");
  assert.equal(lineText(b, de.t), "<b>x</b>", "text as sent (set as text, never HTML)");
  assert.equal(lineText({ ...c, phrase: "buy_now" }, de.t), "Good luck!", "an unknown phrase: its text");
  const he = createI18n("he");
  for (const p of PHRASES) assert.notEqual(he.t(`chat.phrase.${p}`), `chat.phrase.${p}`);
  assert.equal(speakerKey(a), "s:0");
  assert.equal(speakerKey({ seat: null, name: "Wim" }), "w:Wim");
});

test("the lobby in words: how long a table waited, a bot by its kind", () => {
  const t = createI18n("en").t;
  assert.equal(waitedWords(t, 42), "waiting 42 s");
  assert.equal(waitedWords(t, 185), "waiting 3 min");
  assert.equal(waitedWords(t, 7300), "waiting 2 h");
  assert.equal(lobbySeatWords(t, { name: "Ana", bot: null }), "Ana");
  assert.equal(lobbySeatWords(t, { name: "Greedy 3", bot: "greedy" }), t("bot.greedy"));
  const de = createI18n("de").t;
  assert.equal(waitedWords(de, 185), "wartet seit 3 Min.");
});

/** localStorage's interface over a Map. */
function fakeStorage() {
  const m = new Map();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
}

test("the seats this browser holds (My tables) and the name it remembers", () => {
  const st = fakeStorage();
  globalThis.localStorage = st;
  try {
    keepSeat("aaaaaaaaaaaaaaaa", { seat: 0, token: "t1", name: "Ana", at: 5 });
    keepSeat("bbbbbbbbbbbbbbbb", { seat: 2, token: "t2", name: "Ana", at: 9 });
    st.setItem("tongiaki.online.cccccccccccccccc", "{broken");
    st.setItem("tongiaki.autosave", "{}");
    assert.deepEqual(keptSeats(st).map((k) => [k.table, k.seat]), [["bbbbbbbbbbbbbbbb", 2], ["aaaaaaaaaaaaaaaa", 0]], "newest first, what is not a seat left out");
    assert.equal(rememberedName(st), "");
    rememberName("Ana", st);
    assert.equal(rememberedName(st), "Ana");
    assert.equal(keptSeats(st).length, 2, "the name is not a seat");
  } finally {
    delete globalThis.localStorage;
  }
});

test("a spectator's hello carries its name; a player's only its token", () => {
  const sent = [];
  class Sock {
    constructor() {
      this.readyState = 1;
      setTimeout(() => this.onopen && this.onopen(), 0);
    }
    send(m) {
      sent.push(JSON.parse(m));
    }
    close() {}
  }
  const watcher = createConnection({ url: "ws://x", token: null, name: "Wim", onMessage() {}, WebSocket: Sock });
  const player = createConnection({ url: "ws://x", token: "tok", name: "Wim", onMessage() {}, WebSocket: Sock });
  return new Promise((done) =>
    setTimeout(() => {
      watcher.stop();
      player.stop();
      assert.deepEqual(sent, [
        { type: "hello", token: null, name: "Wim" },
        { type: "hello", token: "tok" },
      ]);
      done();
    }, 10),
  );
});
