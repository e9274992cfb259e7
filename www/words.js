// Actions and events in plain words, for the action list, the log and the
// status line. Pure: reads the snapshot for names, knows no rules. The words
// themselves are in lang/*.js. createWords(t) gives every function here in
// the language of `t` (a table's own i18n instance, see i18n.js); the
// module-level exports speak the module-level t's language.

import { worldDirection } from "./geometry.js";
import { t as ambientT } from "./i18n.js";

/** The functions of this module, speaking through `t(key, ...args)`. */
export function createWords(t) {
  const dirName = (d) => t(`dir.${d}`);

  function tileOf(snap, card) {
    return (snap.tiles || []).find((t) => t.card === card) || null;
  }

  /** A card's display name: the tile's own name, else the id made readable. */
  function cardName(snap, card) {
    const t = tileOf(snap, card);
    if (t && t.name) return t.name;
    if (!card) return "?";
    return card
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
  }

  function playerName(snap, seat) {
    const p = snap.players && snap.players[seat];
    return p ? p.name : t("seatName", seat);
  }

  function colorWord(snap, seat) {
    const p = snap.players && snap.players[seat];
    return p ? t(`color.${p.color}`) : "?";
  }

  /** "north-east" etc.: the world direction a card edge of a tile faces. */
  function edgeDirection(tile, edge) {
    if (!tile) return t("edge", edge);
    return dirName(worldDirection(edge, tile.rotation));
  }

  /** "beach 2 (north, north-east)": a beach named by where its jetties face. */
  function beachWords(snap, card, beach) {
    const tl = tileOf(snap, card);
    const b = tl && tl.beaches && tl.beaches[beach];
    if (!b) return t("beach", beach + 1, null);
    const dirs = (b.jetties || []).map((e) => edgeDirection(tl, e));
    return t("beach", beach + 1, dirs.join(", "));
  }

  function list(words) {
    if (words.length <= 1) return words.join("");
    return t("andList", words.slice(0, -1).join(", "), words[words.length - 1]);
  }

  function countShips(seats, snap) {
    const by = new Map();
    for (const s of seats) by.set(s, (by.get(s) || 0) + 1);
    return list([...by].map(([s, n]) => t("nColour", n, colorWord(snap, s))));
  }

  /** One legal action in words (the accessible action list). */
  function describeAction(snap, a) {
    const pend = snap.pending || {};
    switch (a.type) {
      case "setup_place":
        return t("a.setup_place", beachWords(snap, "tonga", a.beach));
      case "expand": {
        const where = cardName(snap, a.tile);
        const bs = a.beaches.map((b) => beachWords(snap, a.tile, b));
        const take = a.take ? t("a.expand.take", cardName(snap, a.take.tile), beachWords(snap, a.take.tile, a.take.beach)) : "";
        return t("a.expand", where, take, a.beaches.length, list(bs));
      }
      case "found_kingdom":
        return t("a.found_kingdom", cardName(snap, a.tile));
      case "resettle":
        return t("a.resettle");
      case "place_new": {
        const bs = a.beaches.map((b) => beachWords(snap, a.tile, b));
        return t("a.place_new", a.beaches.length, cardName(snap, a.tile), list(bs));
      }
      case "emigrate": {
        return t("a.emigrate", cardName(snap, a.tile), beachWords(snap, a.tile, a.beach), edgeDirection(tileOf(snap, a.tile), a.jetty));
      }
      case "land":
        return t("a.land", colorWord(snap, a.seat), playerName(snap, a.seat), cardName(snap, pend.tile), beachWords(snap, pend.tile, a.beach));
      case "return":
        return t("a.return", colorWord(snap, a.seat), playerName(snap, a.seat));
      case "place_card": {
        return t("a.place_card", cardName(snap, pend.card), a.q, a.r, a.rotation * 60, dirName(worldDirection(0, a.rotation)));
      }
      case "place_ship":
        return t("a.place_ship", cardName(snap, pend.tile), beachWords(snap, pend.tile, a.beach));
      default:
        return JSON.stringify(a);
    }
  }

  /**
   * One event in words for the log, or null for events the log skips.
   * `before` is the snapshot before the action (for names of cards that left),
   * `after` the one after (for cards just laid).
   */
  function describeEvent(before, after, e) {
    const snap = { ...after, tiles: [...(after.tiles || []), ...(before.tiles || [])] };
    const who = (s) => playerName(snap, s);
    switch (e.type) {
      case "turn_started":
        return t("e.turn_started", e.turn, who(e.seat), colorWord(snap, e.seat));
      case "ship_placed":
        return t("e.ship_placed", who(e.seat), cardName(snap, e.tile), beachWords(snap, e.tile, e.beach));
      case "ship_taken":
        return t("e.ship_taken", who(e.seat), cardName(snap, e.tile), beachWords(snap, e.tile, e.beach));
      case "emigrated":
        return t("e.emigrated", who(e.seat), beachWords(snap, e.tile, e.beach), cardName(snap, e.tile), edgeDirection(tileOf(snap, e.tile), e.jetty), countShips(e.group, snap));
      case "card_drawn":
        return t("e.card_drawn", cardName(snap, e.card));
      case "card_revealed":
        return t("e.card_revealed", cardName(snap, e.card), e.q, e.r);
      case "crossed":
        return e.danger ? t("e.crossed", cardName(snap, e.card), e.danger, e.colours) : t("e.crossed_calm", cardName(snap, e.card));
      case "voyage_failed":
        return t("e.voyage_failed", cardName(snap, e.card), e.danger, e.colours, e.returned.length);
      case "turned_back":
        return t("e.turned_back", cardName(snap, e.card), cardName(snap, e.tile));
      case "arrived":
        return t("e.arrived", countShips(e.group, snap), cardName(snap, e.tile));
      case "ship_landed":
        return t("e.ship_landed", colorWord(snap, e.seat), cardName(snap, e.tile), beachWords(snap, e.tile, e.beach));
      case "ship_returned":
        return t("e.ship_returned", colorWord(snap, e.seat));
      case "stayed_on_water":
        return t("e.stayed_on_water", countShips(e.group, snap), cardName(snap, e.card));
      case "kingdom_founded":
        return t("e.kingdom_founded", who(e.seat), cardName(snap, e.tile), e.returned || 0);
      case "resettled":
        return t("e.resettled", who(e.seat), e.returned);
      case "island_removed":
        return t("e.island_removed", cardName(snap, e.tile));
      case "limit_reached":
        return e.limit === "game" ? t("e.limit_game", e.decisions) : t("e.limit_turn", e.decisions, e.returned.length);
      case "game_over":
        return t("e.game_over", rankingWords(after, e.ranking, e.scores));
      default:
        return null;
    }
  }

  function ordinal(n) {
    return t("ordinal", n);
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
  function explainRanking(snap) {
    const ranking = snap.ranking || [];
    const P = snap.players;
    const rows = [];
    let place = 1;
    ranking.forEach((group, gi) => {
      const p = P[group[0]];
      let why = "";
      if (group.length > 1) {
        why = t("r.shared", p.score, p.islands, p.ships_on_table);
      }
      const next = ranking[gi + 1];
      if (next) {
        const q = P[next[0]];
        if (p.score !== q.score) why += `${why ? " " : ""}${t("r.points", p.score, q.score)}`;
        else if (p.islands !== q.islands) why += `${why ? " " : ""}${t("r.islands", p.score, p.islands, q.islands)}`;
        else why += `${why ? " " : ""}${t("r.ships", p.ships_on_table, q.ships_on_table)}`;
      }
      rows.push({ place, seats: group, why });
      place += group.length;
    });
    return rows;
  }

  // ---- save, resume, replay; the embeddable table (issue 6) -----------------

  const SAVE_WORDS = Object.freeze({
    openFailed: (message) => t("s.openFailed", message),
    opened: (n) => t("s.opened", n),
    get resumed() {
      return t("s.resumed");
    },
    replayPos: (k, n) => t("s.replayPos", k, n),
    get replayStart() {
      return t("s.replayStart");
    },
    replayMove: (k, text) => t("s.replayMove", k, text),
    get replayNoClick() {
      return t("s.replayNoClick");
    },
    fileName: (date) => `tongiaki-${date}.json`,
  });

  const EMBED_WORDS = Object.freeze({
    seatName: (i) => t("seatName", i),
    engineFailed: (message) => t("engineFailed", message),
  });

  return { t, tileOf, cardName, playerName, colorWord, edgeDirection, beachWords, describeAction, describeEvent, ordinal, explainRanking, SAVE_WORDS, EMBED_WORDS };
}

const ambient = createWords(ambientT);
export const t = ambientT;
export const tileOf = ambient.tileOf;
export const cardName = ambient.cardName;
export const playerName = ambient.playerName;
export const colorWord = ambient.colorWord;
export const edgeDirection = ambient.edgeDirection;
export const beachWords = ambient.beachWords;
export const describeAction = ambient.describeAction;
export const describeEvent = ambient.describeEvent;
export const ordinal = ambient.ordinal;
export const explainRanking = ambient.explainRanking;
export const SAVE_WORDS = ambient.SAVE_WORDS;
export const EMBED_WORDS = ambient.EMBED_WORDS;
