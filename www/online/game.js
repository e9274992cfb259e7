// The online table as the page sees its game: the same methods as the wasm
// Game that state.js, turns.js and hooks.js use — snapshot(), legalActions(),
// apply(), save(), free() — answered from the server's last `state` message
// (docs/api.md#online). apply() does not change anything here: it sends the
// act and returns null; the server's next state (to every client, ours
// included) is what changes the table (online/session.js). While an act is
// on its way nothing more can be played, so a second click cannot send a
// second act for the same move. The voyage odds are asked of the server
// (askOdds): they depend only on what every player sees.

import { onlineError } from "./api.js";

export class OnlineGame {
  /** `send(message)`: false when the connection is down. `seat`: ours, or null to watch. */
  constructor(send, seat) {
    this.send = send;
    this.seat = seat;
    this.state = null; // the last `state` message
    this.pending = false; // an act is on its way
    this.saveText = null; // the engine's save, once the game is over
    this.oddsAsked = new Map(); // move count -> { resolve, reject } of askOdds
  }

  /**
   * The voyage odds of the current move (Game.voyageOdds()'s entries),
   * worked out by the server: resolves to { odds, millis: null, worker:
   * false }; rejects when the table moves on first or the connection is down.
   */
  askOdds() {
    const n = this.moves;
    const asked = this.oddsAsked.get(n);
    if (asked) return asked.promise;
    let done;
    const promise = new Promise((resolve, reject) => (done = { resolve, reject }));
    if (!this.send({ type: "odds", moves: n })) return Promise.reject(onlineError("offline"));
    this.oddsAsked.set(n, { ...done, promise });
    return promise;
  }

  /** The server's `odds` message. */
  gotOdds(m) {
    const asked = this.oddsAsked.get(m.moves);
    if (!asked) return;
    this.oddsAsked.delete(m.moves);
    if (Array.isArray(m.odds)) asked.resolve({ odds: m.odds, millis: null, worker: false });
    else asked.reject(onlineError("stale")); // the table moved on before the server answered
  }

  /** The server's new state. */
  update(state) {
    this.state = state;
    this.pending = false;
    for (const [n, asked] of this.oddsAsked) {
      if (n === state.moves) continue;
      this.oddsAsked.delete(n);
      asked.reject(onlineError("stale"));
    }
  }

  /** An act was refused: the table is as it was. */
  refused() {
    this.pending = false;
  }

  get moves() {
    return this.state ? this.state.moves : 0;
  }

  snapshot() {
    return structuredClone(this.state.snapshot);
  }

  /** The legal actions of the seat to act (none while our act is on its way). */
  legalActions() {
    return this.pending ? [] : structuredClone(this.state.legal);
  }

  /** Sends the act; null: the answer comes as the server's next state. Throws when it cannot be sent. */
  apply(action) {
    const current = this.state && this.state.snapshot.current;
    if (this.seat === null || current !== this.seat) throw onlineError("not_your_turn");
    if (this.pending) return null; // our act for this move is on its way already
    if (!this.send({ type: "act", moves: this.state.moves, action })) throw onlineError("offline");
    this.pending = true;
    return null;
  }

  /** The engine's save: the server hands it out once the game is over. */
  save() {
    if (this.saveText) return this.saveText;
    throw onlineError("not_over");
  }

  free() {}
}
