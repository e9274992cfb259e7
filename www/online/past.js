// The whole game for whoever arrives (issue 31): the server's `history`
// message holds every move so far, each with its action and the events
// every player was sent. The page never gets the seed or the pile's order,
// but it needs none of them to replay what was played: the cards came out
// of the pile in the order the events name them (card_revealed,
// card_drawn), so a wasm Game whose pile (`deck`) is those cards first,
// then the unseen ones in any order, plays every move exactly as the
// server did. That game gives each move's snapshot before and after, so
// the log says each move as the players read it (the same words as
// turns.js `applied`), the replay viewer steps through it, and "While you
// were away" tells a returning player what happened since their last move.

import { explainEvents } from "../explain.js";

/**
 * The 31 cards of the pile by their ids (RULES.md; the contract names
 * cards by them): the 15 islands but Tonga and the 16 water cards. The
 * page has no card data of its own; it needs the ids only to hand the
 * engine a whole pile (a unit test checks them against the engine's).
 */
export const PILE = Object.freeze([
  "muroroa", "nauru", "tubuai", "rarotonga", "rapa-nui", "tokelau", "tuamotu", "hiva-oa", "mangareva", "oahu", "tahiti", "tuvalu", "fidschi", "hawaii", "samoa",
  ...Array.from("abcdefghijklmnop", (x) => `water-${x}`),
]);

/** The cards the moves revealed, in the order they came out of the pile. */
export function cardsSeen(moves) {
  const seen = [];
  for (const m of moves) {
    for (const e of m.events || []) {
      if ((e.type === "card_revealed" || e.type === "card_drawn") && typeof e.card === "string" && !seen.includes(e.card)) seen.push(e.card);
    }
  }
  return seen;
}

/**
 * The engine's options for replaying `moves` at a table whose players are
 * `players` ([{name, color}] in seat order): the pile is the cards seen, in
 * order, then every other card of the pile (`all`) in any order. Null if
 * the moves name a card that is not in it.
 */
export function replayOptions(players, moves, all = PILE) {
  const seen = cardsSeen(moves);
  if (seen.some((c) => !all.includes(c))) return null;
  return { players: players.map((p) => ({ name: p.name, color: p.color })), deck: [...seen, ...all.filter((c) => !seen.includes(c))] };
}

/**
 * The log's lines for one move (as turns.js `applied` makes them): each
 * event in words, an outcome's explanation in its place.
 */
export function moveLines(words, before, after, events) {
  const why = explainEvents(before, after, events, words.t);
  const whyAt = new Map(why.map((w) => [w.index, w]));
  const lines = [];
  events.forEach((e, i) => {
    const bad = e.type === "voyage_failed" || e.type === "island_removed" ? "bad" : null;
    const w = whyAt.get(i);
    if (w && !w.replaces) lines.push({ text: w.text, cls: "why" });
    const text = w && w.replaces ? w.text : words.describeEvent(before, after, e);
    if (text) lines.push({ text, cls: e.type === "turn_started" ? "turn" : bad || (w ? "why" : null), event: e });
  });
  return lines;
}

/**
 * Replays `moves` ({action, events, seat}) with `Game` (the page's wasm
 * class) for a table whose players are `players`. Returns { game (the
 * wasm Game after the last move: the caller frees it), lines (per move,
 * the log's lines), seats (per move, who made it), save (the public save:
 * what the replay viewer steps through) }, or null when a move does not
 * replay as it was played (then the page does without the past).
 */
export function replayPast(Game, words, players, moves, all = PILE) {
  const options = replayOptions(players, moves, all);
  if (!options) return null;
  let game;
  try {
    game = new Game(options);
  } catch {
    return null;
  }
  const lines = [];
  const seats = [];
  try {
    let before = game.snapshot();
    for (const m of moves) {
      seats.push(before.current);
      const events = game.apply(m.action);
      const after = game.snapshot();
      lines.push(moveLines(words, before, after, events));
      before = after;
    }
  } catch {
    game.free();
    return null;
  }
  return { game, lines, seats, save: game.save() };
}

/**
 * "While you were away": the moves after `seat`'s last one, when others
 * made some since. { from (the first of them), count }, or null.
 */
export function sinceLastMove(seats, seat) {
  if (seat === null || seat === undefined) return null;
  const last = seats.lastIndexOf(seat);
  if (last < 0) return null;
  const count = seats.length - last - 1;
  return count > 0 ? { from: last + 1, count } : null;
}
