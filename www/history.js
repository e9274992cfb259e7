// What the take-back (undo.js) needs to know of every move in the game's
// log: the seat that made it, whether it was a choice (more than one legal
// action) and whether it revealed hidden information (a card laid or drawn
// from the pile). Kept as the moves are played; rebuilt by replaying the
// save when the game on the table came from elsewhere (resume, a file, a
// replay, a take-back). No rule logic: the engine's events say it all.

/** Did these events reveal a card of the pile? */
export const revealsCard = (events) => events.some((e) => e.type === "card_revealed" || e.type === "card_drawn");

/** The record of one move: `before` the snapshot and `legal` the legal actions before it, `events` what it did. */
export function moveRecord(before, legal, events) {
  return { seat: before.current, choice: legal.length > 1, revealed: revealsCard(events) };
}

/** After the state's game applied an action (turns.js): remember it, if the record belongs to this game. */
export function recordMove(s, before, events) {
  const h = s.history;
  if (h && h.game === s.game) h.moves.push(moveRecord(before, s.legal, events));
}

/** The records of every move of `s.game`, rebuilding them by replaying its save when needed. */
export function moves(s) {
  const h = s.history;
  const save = JSON.parse(s.game.save());
  if (h && h.game === s.game && h.moves.length === save.actions.length) return { moves: h.moves, save };
  if (!save.actions.length) {
    s.history = { game: s.game, moves: [] }; // a new game: nothing to replay (and no engine call before the first board)
    return { moves: [], save };
  }
  const replay = s.Game.load(JSON.stringify({ ...save, actions: [] }));
  const list = [];
  try {
    for (const a of save.actions) {
      const before = replay.snapshot();
      const legal = replay.legalActions();
      list.push(moveRecord(before, legal, replay.apply(a)));
    }
  } finally {
    replay.free();
  }
  s.history = { game: s.game, moves: list };
  return { moves: list, save };
}

/**
 * Where a take-back goes: { k } — the index of the last move that was a
 * person's choice (`isPerson(seat)`), such that no move from k on revealed a
 * card; the game goes back to its first k moves — or { k: null, why } with
 * why "revealed" (a card was revealed since the last choice) or "nothing".
 */
export function takeBackPoint(list, isPerson) {
  for (let k = list.length - 1; k >= 0; k--) {
    const m = list[k];
    if (m.revealed) return { k: null, why: "revealed" }; // never back across hidden information
    if (m.choice && isPerson(m.seat)) return { k };
  }
  return { k: null, why: "nothing" };
}

/** Can the table take a move back now? Where the source allows it (a local game: not the replay viewer, a lesson or online). */
export function canTakeBack(s) {
  if (!s.game || !s.source.mayTakeBack) return false;
  return takeBackPoint(moves(s).moves, (seat) => !!s.seats[seat] && s.seats[seat].kind === "human").k !== null;
}
