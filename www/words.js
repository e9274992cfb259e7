// Actions and events in plain words, for the action list, the log and the
// status line. Pure: reads the snapshot for names, knows no rules. All the
// English lives here (and in the engine's own messages), so a later
// translation (issue 6) has one place to start from.

import { DIRECTION_NAMES, worldDirection } from "./geometry.js";

const COLOR_WORDS = { blue: "blue", yellow: "yellow", green: "green", orange: "orange", red: "red", purple: "purple" };

export function tileOf(snap, card) {
  return (snap.tiles || []).find((t) => t.card === card) || null;
}

/** A card's display name: the tile's own name, else the id made readable. */
export function cardName(snap, card) {
  const t = tileOf(snap, card);
  if (t && t.name) return t.name;
  if (!card) return "?";
  return card
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export function playerName(snap, seat) {
  const p = snap.players && snap.players[seat];
  return p ? p.name : `Player ${seat + 1}`;
}

export function colorWord(snap, seat) {
  const p = snap.players && snap.players[seat];
  return p ? COLOR_WORDS[p.color] || p.color : "?";
}

/** "north-east" etc.: the world direction a card edge of a tile faces. */
export function edgeDirection(tile, edge) {
  if (!tile) return `edge ${edge}`;
  return DIRECTION_NAMES[worldDirection(edge, tile.rotation)];
}

/** "beach 2 (north, north-east)": a beach named by where its jetties face. */
export function beachWords(snap, card, beach) {
  const t = tileOf(snap, card);
  const b = t && t.beaches && t.beaches[beach];
  if (!b) return `beach ${beach + 1}`;
  const dirs = (b.jetties || []).map((e) => edgeDirection(t, e));
  return `beach ${beach + 1} (${dirs.join(", ")})`;
}

function list(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function countShips(seats, snap) {
  const by = new Map();
  for (const s of seats) by.set(s, (by.get(s) || 0) + 1);
  return list([...by].map(([s, n]) => `${n} ${colorWord(snap, s)}`));
}

/** One legal action in words (the accessible action list). */
export function describeAction(snap, a) {
  const pend = snap.pending || {};
  switch (a.type) {
    case "setup_place":
      return `Place a ship on Tonga, ${beachWords(snap, "tonga", a.beach)}`;
    case "expand": {
      const where = cardName(snap, a.tile);
      const bs = a.beaches.map((b) => beachWords(snap, a.tile, b));
      const take = a.take ? `take a ship from ${cardName(snap, a.take.tile)} ${beachWords(snap, a.take.tile, a.take.beach)}, then ` : "";
      return `Expand on ${where}: ${take}${a.beaches.length === 1 ? "one ship on" : `${a.beaches.length} ships on`} ${list(bs)}`;
    }
    case "found_kingdom":
      return `Found a king island on ${cardName(snap, a.tile)}`;
    case "resettle":
      return "Resettle: take your ships off the islands and reveal cards until an island is laid";
    case "place_new": {
      const bs = a.beaches.map((b) => beachWords(snap, a.tile, b));
      return `Put ${a.beaches.length === 1 ? "a new ship" : `${a.beaches.length} new ships`} on ${cardName(snap, a.tile)}: ${list(bs)}`;
    }
    case "emigrate": {
      const t = tileOf(snap, a.tile);
      return `Emigrate from ${cardName(snap, a.tile)} ${beachWords(snap, a.tile, a.beach)} through the jetty facing ${edgeDirection(t, a.jetty)}`;
    }
    case "land":
      return `Land a ${colorWord(snap, a.seat)} ship (${playerName(snap, a.seat)}) on ${cardName(snap, pend.tile)} ${beachWords(snap, pend.tile, a.beach)}`;
    case "return":
      return `Send a ${colorWord(snap, a.seat)} ship (${playerName(snap, a.seat)}) home to its supply`;
    case "place_card": {
      const deg = a.rotation * 60;
      return `Lay ${cardName(snap, pend.card)} at (${a.q}, ${a.r}), turned ${deg}°, emblem facing ${DIRECTION_NAMES[worldDirection(0, a.rotation)]}`;
    }
    case "place_ship":
      return `Put a ship on ${cardName(snap, pend.tile)} ${beachWords(snap, pend.tile, a.beach)}`;
    default:
      return JSON.stringify(a);
  }
}

/**
 * One event in words for the log, or null for events the log skips.
 * `before` is the snapshot before the action (for names of cards that left),
 * `after` the one after (for cards just laid).
 */
export function describeEvent(before, after, e) {
  const snap = { ...after, tiles: [...(after.tiles || []), ...(before.tiles || [])] };
  const who = (s) => playerName(snap, s);
  switch (e.type) {
    case "turn_started":
      return `Turn ${e.turn}: ${who(e.seat)} (${colorWord(snap, e.seat)}) to play.`;
    case "ship_placed":
      return `${who(e.seat)} puts a ship on ${cardName(snap, e.tile)}, ${beachWords(snap, e.tile, e.beach)}.`;
    case "ship_taken":
      return `${who(e.seat)} takes a ship from ${cardName(snap, e.tile)}, ${beachWords(snap, e.tile, e.beach)}.`;
    case "emigrated":
      return `${who(e.seat)} sends the full ${beachWords(snap, e.tile, e.beach)} of ${cardName(snap, e.tile)} to sea through the ${edgeDirection(tileOf(snap, e.tile), e.jetty)} jetty: ${countShips(e.group, snap)}.`;
    case "card_drawn":
      return `${cardName(snap, e.card)} is drawn from the pile.`;
    case "card_revealed":
      return `${cardName(snap, e.card)} is laid at (${e.q}, ${e.r}).`;
    case "crossed":
      return e.danger
        ? `The group crosses ${cardName(snap, e.card)}: danger ${e.danger}, ${e.colours} colour${e.colours === 1 ? "" : "s"} — safe.`
        : `The group crosses ${cardName(snap, e.card)} on a calm trail.`;
    case "voyage_failed":
      return `Wrecked on ${cardName(snap, e.card)}: the trail needs ${e.danger} colours, the group has ${e.colours}. ${e.returned.length} ship${e.returned.length === 1 ? "" : "s"} go${e.returned.length === 1 ? "es" : ""} home.`;
    case "turned_back":
      return `${cardName(snap, e.card)} is a king island: the group turns back to ${cardName(snap, e.tile)}.`;
    case "arrived":
      return `The group (${countShips(e.group, snap)}) arrives at ${cardName(snap, e.tile)}.`;
    case "ship_landed":
      return `A ${colorWord(snap, e.seat)} ship lands on ${cardName(snap, e.tile)}, ${beachWords(snap, e.tile, e.beach)}.`;
    case "ship_returned":
      return `A ${colorWord(snap, e.seat)} ship finds no room and goes home.`;
    case "stayed_on_water":
      return `The last card is laid: the group (${countShips(e.group, snap)}) stays on ${cardName(snap, e.card)}.`;
    case "kingdom_founded":
      return `${who(e.seat)} founds a king island on ${cardName(snap, e.tile)}${e.returned ? ` (${e.returned} ship${e.returned === 1 ? "" : "s"} back to the supply)` : ""}.`;
    case "resettled":
      return `${who(e.seat)} resettles: ${e.returned} ship${e.returned === 1 ? "" : "s"} back to the supply.`;
    case "island_removed":
      return `${cardName(snap, e.tile)} is caught in an endless chain and leaves the game.`;
    case "game_over":
      return `The game is over. ${rankingWords(after, e.ranking, e.scores)}`;
    default:
      return null;
  }
}

export function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

function rankingWords(snap, ranking, scores) {
  let place = 1;
  const parts = [];
  for (const group of ranking || []) {
    parts.push(`${ordinal(place)}: ${list(group.map((s) => `${playerName(snap, s)} (${scores ? scores[s] : snap.players[s].score})`))}`);
    place += group.length;
  }
  return parts.join("; ") + ".";
}

/**
 * The ranking with R62's tie-breaks explained: for each place, why it is
 * ahead of the next one (more points; equal points but more islands; equal
 * points and islands but fewer ships on the table) or that it is shared.
 * Only compares the engine's own figures; the order itself is the engine's.
 */
export function explainRanking(snap) {
  const ranking = snap.ranking || [];
  const P = snap.players;
  const rows = [];
  let place = 1;
  ranking.forEach((group, gi) => {
    const p = P[group[0]];
    let why = "";
    if (group.length > 1) {
      why = `Shared: equal points (${p.score}), islands (${p.islands}) and ships on the table (${p.ships_on_table}).`;
    }
    const next = ranking[gi + 1];
    if (next) {
      const q = P[next[0]];
      if (p.score !== q.score) why += `${why ? " " : ""}Ahead on points (${p.score} to ${q.score}).`;
      else if (p.islands !== q.islands)
        why += `${why ? " " : ""}Equal points (${p.score}); ahead with more islands (${p.islands} to ${q.islands}).`;
      else
        why += `${why ? " " : ""}Equal points and islands; ahead with fewer ships on the table (${p.ships_on_table} to ${q.ships_on_table}).`;
    }
    rows.push({ place, seats: group, why });
    place += group.length;
  });
  return rows;
}

// ---- save, resume, replay (issue 6) ----------------------------------------

export const SAVE_WORDS = Object.freeze({
  openFailed: (message) => `This file is not a Tongiaki game that can be replayed: ${message}`,
  opened: (n) => `Game opened: ${n} move${n === 1 ? "" : "s"}. Replay steps through them.`,
  resumed: "The game you were playing is back.",
  replayPos: (k, n) => `Move ${k} of ${n}`,
  replayStart: "The start of the game: nothing played yet.",
  replayMove: (k, text) => `Move ${k}: ${text}`,
  replayNoClick: "This is a replay: go back to the game to play.",
  fileName: (date) => `tongiaki-${date}.json`,
});

// ---- the embeddable table (tongiaki-element.js) ------------------------------

export const EMBED_WORDS = Object.freeze({
  seatName: (i) => `Player ${i + 1}`,
  engineFailed: (message) => `The game engine could not be loaded (${message}).`,
});
