// The online table's client (issue 12) without a browser: the backoff, the
// WebSocket's reconnecting (a fake socket and a fake clock), the game
// adapter that answers like the wasm Game, and the call back to a player in
// a background tab.
import test from "node:test";
import assert from "node:assert/strict";
import { backoffDelay, BACKOFF } from "../../www/online/backoff.js";
import { createConnection } from "../../www/online/connection.js";
import { OnlineGame } from "../../www/online/game.js";
import { createAttention } from "../../www/online/attention.js";
import { errorText, loadLanguage } from "../../www/i18n.js";

await loadLanguage("de"); // the languages but English are fetched on demand

test("backoff: doubles from 0.5 s, stops at 10 s, spread by a quarter either way", () => {
  const mid = () => 0.5;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, BACKOFF, mid)), [500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  assert.equal(backoffDelay(0, BACKOFF, () => 0), 375);
  assert.equal(backoffDelay(0, BACKOFF, () => 0.999999), 625);
  assert.equal(backoffDelay(10, BACKOFF, () => 0.999999), 12500);
  assert.equal(backoffDelay(-3, BACKOFF, mid), 500);
  assert.equal(backoffDelay("x", BACKOFF, mid), 500);
});

/** A clock whose timers run when the test says so. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    now: () => now,
    setTimeout: (f, ms) => {
      const id = next++;
      timers.set(id, { f, at: now + ms });
      return id;
    },
    clearTimeout: (id) => timers.delete(id),
    /** Move the clock on by `ms`, running the timers due, in order. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].f();
      }
      now = end;
    },
    pending: () => [...timers.values()].map((t) => t.at - now),
  };
}

/** A WebSocket stand-in: the test opens, answers and drops it. */
function fakeSockets() {
  const made = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      made.push(this);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.readyState = 3;
    }
    // the test's side
    open() {
      this.readyState = 1;
      this.onopen();
    }
    receive(msg) {
      this.onmessage({ data: JSON.stringify(msg) });
    }
    drop() {
      this.readyState = 3;
      this.onclose();
    }
  }
  return { FakeSocket, made };
}

function connect(options = {}) {
  const clock = fakeClock();
  const { FakeSocket, made } = fakeSockets();
  const messages = [];
  const statuses = [];
  const conn = createConnection({
    url: "ws://x/api/tables/t/ws",
    token: "tok",
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    WebSocket: FakeSocket,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    now: clock.now,
    random: () => 0.5,
    ...options,
  });
  return { conn, clock, made, messages, statuses };
}

test("connection: hello with the token first; messages only after the welcome may be sent", () => {
  const { conn, made, messages, statuses } = connect();
  assert.equal(made.length, 1);
  assert.equal(conn.send({ type: "act" }), false, "nothing goes out before the socket is open");
  made[0].open();
  assert.deepEqual(made[0].sent, [{ type: "hello", token: "tok" }]);
  assert.equal(conn.send({ type: "act" }), false, "nor before the welcome");
  made[0].receive({ type: "welcome", seat: 1 });
  made[0].receive({ type: "state", moves: 3 });
  assert.deepEqual(messages.map((m) => m.type), ["welcome", "state"]);
  assert.equal(statuses.at(-1).state, "open");
  assert.equal(statuses.at(-1).seat, 1);
  assert.equal(conn.send({ type: "act", moves: 3 }), true);
  assert.deepEqual(made[0].sent.at(-1), { type: "act", moves: 3 });
  assert.equal(conn.open, true);
});

test("connection: a lost connection comes back by itself after 0.5, 1, 2 s…, and a welcome starts the count again", () => {
  const { conn, clock, made, statuses } = connect();
  made[0].open();
  made[0].receive({ type: "welcome", seat: 0 });
  made[0].drop();
  assert.equal(conn.open, false);
  assert.equal(conn.send({ type: "act" }), false);
  const waits = [];
  for (let i = 0; i < 4; i++) {
    const w = statuses.at(-1);
    assert.equal(w.state, "waiting");
    waits.push(w.delay);
    clock.advance(w.delay - 1);
    assert.equal(made.length, 1 + i, "not before its time");
    clock.advance(1);
    assert.equal(made.length, 2 + i, "a new attempt");
    made.at(-1).drop(); // the server is still away
  }
  assert.deepEqual(waits, [500, 1000, 2000, 4000]);
  // It comes back: hello again with the same token; the count starts again.
  clock.advance(statuses.at(-1).delay);
  const back = made.at(-1);
  back.open();
  assert.deepEqual(back.sent[0], { type: "hello", token: "tok" });
  back.receive({ type: "welcome", seat: 0 });
  back.drop();
  assert.equal(statuses.at(-1).delay, 500);
  conn.stop();
  clock.advance(60000);
  assert.equal(made.length, 6, "stopped: no more attempts");
});

test("connection: reconnectNow skips the wait; a silent connection is dropped and tried again", () => {
  const { conn, clock, made } = connect({ pingEvery: 1000, silentAfter: 2500 });
  made[0].open();
  made[0].receive({ type: "welcome", seat: null });
  clock.advance(1000);
  assert.deepEqual(made[0].sent.at(-1), { type: "ping" });
  made[0].receive({ type: "pong" });
  clock.advance(2000);
  assert.equal(made.length, 1, "heard from within the bound: kept");
  clock.advance(1000);
  assert.equal(made[0].readyState, 3, "silent too long: closed");
  assert.equal(made.length, 1, "the next attempt waits its turn");
  conn.reconnectNow();
  assert.equal(made.length, 2, "at once");
  conn.stop();
});

test("connection: no such table, a token that proves no seat, an expired table: no more attempts", () => {
  for (const last of [{ type: "error", code: "no_table" }, { type: "error", code: "bad_token" }, { type: "expired" }]) {
    const { conn, clock, made, messages, statuses } = connect();
    made[0].open();
    if (last.type === "expired") made[0].receive({ type: "welcome", seat: 0 });
    made[0].receive(last);
    assert.equal(messages.at(-1).type, last.type, "the page hears why");
    assert.equal(statuses.at(-1).state, "stopped");
    assert.equal(conn.stopped, true);
    clock.advance(60000);
    assert.equal(made.length, 1);
  }
  // Other refusals (a refused act) keep the connection.
  const { conn, made } = connect();
  made[0].open();
  made[0].receive({ type: "welcome", seat: 0 });
  made[0].receive({ type: "error", code: "stale" });
  assert.equal(conn.stopped, false);
  assert.equal(conn.open, true);
});

const STATE = {
  type: "state",
  moves: 7,
  snapshot: { phase: "turn", current: 1, players: [{}, {}] },
  legal: [{ type: "resettle" }, { type: "found_kingdom", tile: "samoa" }],
  action: null,
  events: [],
};

test("the online game answers as the wasm Game does, and apply() sends an act for the move at hand", () => {
  const sent = [];
  const g = new OnlineGame((m) => (sent.push(m), true), 1);
  g.update(structuredClone(STATE));
  assert.equal(g.moves, 7);
  assert.deepEqual(g.legalActions(), STATE.legal);
  const snap = g.snapshot();
  snap.current = 0; // a copy: changing it changes nothing here
  assert.equal(g.snapshot().current, 1);
  assert.equal(g.apply({ type: "resettle" }), null, "null: the server's next state plays it");
  assert.deepEqual(sent, [{ type: "act", moves: 7, action: { type: "resettle" } }]);
  assert.deepEqual(g.legalActions(), [], "nothing more while the act is on its way");
  assert.equal(g.apply({ type: "resettle" }), null);
  assert.equal(sent.length, 1, "a second click sends no second act");
  g.refused();
  assert.equal(g.legalActions().length, 2, "refused: playable again");
  g.update({ ...structuredClone(STATE), moves: 8, snapshot: { phase: "turn", current: 0, players: [{}, {}] } });
  assert.throws(() => g.apply({ type: "resettle" }), (e) => e.key === "online.not_your_turn" && /not your turn/.test(e.message));
  assert.throws(() => g.save(), (e) => e.key === "online.not_over");
  assert.equal(errorText("de", (() => { try { g.save(); } catch (e) { return e; } })()), "Der Spielstand enthält den Seed: er wird erst nach dem Ende der Partie herausgegeben.");
  g.saveText = "{}";
  assert.equal(g.save(), "{}");
  const watcher = new OnlineGame(() => true, null);
  watcher.update(structuredClone(STATE));
  assert.throws(() => watcher.apply({ type: "resettle" }), (e) => e.key === "online.not_your_turn");
  const down = new OnlineGame(() => false, 1);
  down.update(structuredClone(STATE));
  assert.throws(() => down.apply({ type: "resettle" }), (e) => e.key === "online.offline");
});

test("the voyage odds are asked of the server: one question per move, answered by its odds message, dropped when the table moves on", async () => {
  const sent = [];
  const g = new OnlineGame((m) => (sent.push(m), true), 1);
  g.update(structuredClone(STATE));
  const entry = { action: { type: "emigrate", tile: "tonga", beach: 0, jetty: 0 }, arrive: 0.5, fail: 0.5, turn_back: 0, stay: 0, new_island: 0.25, exact: true };
  const p = g.askOdds();
  assert.equal(g.askOdds(), p, "a second question for the same move waits for the same answer");
  assert.deepEqual(sent, [{ type: "odds", moves: 7 }]);
  g.gotOdds({ type: "odds", moves: 6, odds: [] }); // an answer about another move: not ours
  g.gotOdds({ type: "odds", moves: 7, odds: [entry] });
  assert.deepEqual(await p, { odds: [entry], millis: null, worker: false });
  // the table moves on before the answer comes: the question is dropped
  const q = g.askOdds();
  g.update({ ...structuredClone(STATE), moves: 8 });
  await assert.rejects(q, (e) => e.key === "online.stale");
  // the server says the move has gone by
  const r = g.askOdds();
  g.gotOdds({ type: "odds", moves: 8, odds: null });
  await assert.rejects(r, (e) => e.key === "online.stale");
  const down = new OnlineGame(() => false, 1);
  down.update(structuredClone(STATE));
  await assert.rejects(down.askOdds(), (e) => e.key === "online.offline");
});

test("a background tab: the title says it is your turn, a notification once per decision where allowed", () => {
  const doc = { title: "Tongiaki", hidden: true };
  const shown = [];
  class Note {
    static permission = "granted";
    constructor(title, o) {
      shown.push([title, o.body]);
    }
    close() {}
  }
  const at = createAttention({ doc, Notification: Note });
  const words = { title: "Your turn", body: "It is your turn at Tongiaki." };
  at.update(5, words);
  assert.equal(doc.title, "▶ Your turn · Tongiaki");
  at.update(5, words);
  assert.equal(shown.length, 1, "once per decision");
  at.update(6, words);
  assert.equal(shown.length, 2);
  doc.hidden = false;
  at.update(6, words);
  assert.equal(doc.title, "Tongiaki", "looked at: the title comes back");
  doc.hidden = true;
  at.update(null, words);
  assert.equal(doc.title, "Tongiaki", "not our turn: the plain title");
  Note.permission = "denied";
  at.update(7, words);
  assert.equal(doc.title, "▶ Your turn · Tongiaki");
  assert.equal(shown.length, 2, "no notification without leave");
});
