// Actions and events in plain words, for the action list, the log and the
// status line. Pure: reads the snapshot for names, knows no rules. The words
// themselves are in lang/*.js. createWords(t) gives every function here in
// the language of `t` (a table's own i18n instance, see i18n.js); the
// module-level exports speak the module-level t's language.

import { worldDirection, hexCenter, angleToUnit, mod6 } from "./geometry.js";
import { t as ambientT, fillTemplate, errorText } from "./i18n.js";

/**
 * A card's name as players of language `t` know it (issue 30): an island's
 * in that language's usual spelling (lang/*.js `cards`, by card id: "Fiji"
 * in English, "Fidschi" in German), a water card's "a water card" (its
 * letter means nothing to a player); else the engine's name, else the id
 * made readable.
 */
export function localCardName(t, card, name) {
  const cards = t("cards");
  if (card && cards && typeof cards === "object" && Object.hasOwn(cards, card)) return cards[card];
  if (card && card.startsWith("water-")) return t("waterCard");
  if (name) return name;
  if (!card) return "?";
  return card
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * A hint of targets.js (`{ key, args }`) in words (`t`: a language's): an
 * island among its args (`{ card, name }`) as that language spells it
 * (localCardName; issue 30: "Fiji", not the engine's "Fidschi").
 */
export function hintWords(t, h) {
  if (!h) return "";
  return t(h.key, ...h.args.map((a) => (a && typeof a === "object" && "card" in a ? localCardName(t, a.card, a.name) : a)));
}

// The engine's names of the cards (RULES.md §1.2), for its messages' arguments: name -> id.
const ENGINE_NAMES = new Map(
  ["tonga", "muroroa", "nauru", "tubuai", "rarotonga", "rapa-nui", "tokelau", "tuamotu", "hiva-oa", "mangareva", "oahu", "tahiti", "tuvalu", "fidschi", "hawaii", "samoa"].map((id) => [
    id
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" "),
    id,
  ]),
);

/** A rule cited in a message, "(R23)", "(setup, R2)", "R62: ": the page's words during play cite none (issue 30). */
export function withoutRules(text) {
  return String(text)
    .replace(/\s*\((?:R\d+(?:,\s*R\d+)*)\)/g, "")
    .replace(/,\s*R\d+\)/g, ")")
    .replace(/^R\d+:\s*/, "");
}

/** Is `seat` the person at this device who plays as "You" (state.js DEFAULT_SEATS)? Their sentences say "you". */
export function isYou(snap, seat) {
  const p = snap && snap.players && snap.players[seat];
  return !!p && p.name === "You";
}

/** The functions of this module, speaking through `t(key, ...args)`. */
export function createWords(t) {
  const dirName = (d) => t(`dir.${d}`);

  function tileOf(snap, card) {
    return (snap.tiles || []).find((t) => t.card === card) || null;
  }

  /** A card's display name in this language (localCardName). */
  function cardName(snap, card) {
    const t0 = tileOf(snap, card);
    return localCardName(t, card, t0 && t0.name);
  }

  /** A player's name ("You" in the table's language for the person playing as You). */
  function playerName(snap, seat) {
    const p = snap.players && snap.players[seat];
    if (!p) return t("seatName", seat);
    return isYou(snap, seat) ? t("you") : p.name;
  }

  /** `key` said of `seat`: its ".you" form where that seat is You ("You put", not "You puts"); `who` first among the args. */
  function said(snap, key, seat, ...args) {
    return isYou(snap, seat) ? t(`${key}.you`, playerName(snap, seat), ...args) : t(key, playerName(snap, seat), ...args);
  }

  function colorWord(snap, seat) {
    const p = snap.players && snap.players[seat];
    return p ? t(`color.${p.color}`) : "?";
  }

  /**
   * Where hex (q, r) lies, in words a player can find it by: the direction
   * from the nearest island on the table ("north-west of Tonga"), not a
   * coordinate (issue 30). `skip`: a card not to measure from (the one laid there).
   */
  function whereWords(snap, q, r, skip = null) {
    const p = hexCenter(q, r);
    let best = null;
    for (const tl of snap.tiles || []) {
      if (tl.kind !== "island" || tl.card === skip || (tl.q === q && tl.r === r)) continue;
      const c = hexCenter(tl.q, tl.r);
      const d = Math.hypot(p.x - c.x, p.y - c.y);
      if (!best || d < best.d - 1e-9) best = { d, c, tl };
    }
    if (!best) return t("at.none");
    const dir = mod6(Math.round(angleToUnit(Math.atan2(p.y - best.c.y, p.x - best.c.x))));
    return t(`at.${dir}`, cardName(snap, best.tl.card));
  }

  /** An engine error (a refused move) in this language, its island names as the players know them, citing no rule (withoutRules). */
  function errorWords(e) {
    if (!e) return "";
    const table = t("errors");
    const args = e.args !== null && typeof e.args === "object" ? { ...e.args } : null;
    if (args) for (const k of ["island", "card"]) if (typeof args[k] === "string" && ENGINE_NAMES.has(args[k])) args[k] = localCardName(t, ENGINE_NAMES.get(args[k]));
    const template = table && typeof table === "object" && typeof e.key === "string" && Object.hasOwn(table, e.key) ? table[e.key] : null;
    let text = null;
    if (args && typeof template === "string") {
      text = fillTemplate(template, args, (k) => (Object.hasOwn(table, k) ? table[k] : undefined));
      if (/\{@?[a-z0-9_]+(?:[|/][^}]*)?\}/.test(text)) text = null; // not all filled: the i18n's own words
    }
    return withoutRules(text ?? errorText(t("lang"), e));
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
      case "place_card":
        return t("a.place_card", cardName(snap, pend.card), whereWords(snap, a.q, a.r), dirName(worldDirection(0, a.rotation)));
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
    switch (e.type) {
      case "turn_started":
        return isYou(snap, e.seat) ? t("e.turn_started.you", e.turn, playerName(snap, e.seat), colorWord(snap, e.seat)) : t("e.turn_started", e.turn, playerName(snap, e.seat), colorWord(snap, e.seat));
      case "ship_placed":
        return said(snap, "e.ship_placed", e.seat, cardName(snap, e.tile), beachWords(snap, e.tile, e.beach));
      case "ship_taken":
        return said(snap, "e.ship_taken", e.seat, cardName(snap, e.tile), beachWords(snap, e.tile, e.beach));
      case "emigrated":
        return said(snap, "e.emigrated", e.seat, beachWords(snap, e.tile, e.beach), cardName(snap, e.tile), edgeDirection(tileOf(snap, e.tile), e.jetty), countShips(e.group, snap));
      case "card_drawn":
        return t("e.card_drawn", cardName(snap, e.card));
      case "card_revealed": {
        // where: from the nearest island laid before it (the snapshot before: the card itself is not there yet)
        const where = whereWords({ ...snap, tiles: before.tiles || [] }, e.q, e.r, e.card);
        return e.card.startsWith("water-") ? t("e.water_revealed", where) : t("e.island_revealed", cardName(snap, e.card), where);
      }
      case "crossed":
        return e.danger ? t("e.crossed", e.danger, e.colours) : t("e.crossed_calm");
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
        return said(snap, "e.kingdom_founded", e.seat, cardName(snap, e.tile), e.returned || 0);
      case "resettled":
        return said(snap, "e.resettled", e.seat, e.returned);
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

  return { t, tileOf, cardName, playerName, said, nShips: (snap, seats) => countShips(seats, snap), colorWord, edgeDirection, beachWords, whereWords, errorWords, describeAction, describeEvent, ordinal, explainRanking, SAVE_WORDS, EMBED_WORDS };
}

const ambient = createWords(ambientT);
export const t = ambientT;
export const tileOf = ambient.tileOf;
export const cardName = ambient.cardName;
export const playerName = ambient.playerName;
export const said = ambient.said;
export const whereWords = ambient.whereWords;
export const errorWords = ambient.errorWords;
export const colorWord = ambient.colorWord;
export const edgeDirection = ambient.edgeDirection;
export const beachWords = ambient.beachWords;
export const describeAction = ambient.describeAction;
export const describeEvent = ambient.describeEvent;
export const ordinal = ambient.ordinal;
export const explainRanking = ambient.explainRanking;
export const SAVE_WORDS = ambient.SAVE_WORDS;
export const EMBED_WORDS = ambient.EMBED_WORDS;
