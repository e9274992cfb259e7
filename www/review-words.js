// The review in words and figures (issue 32). Pure: the review itself is
// the engine's (a `Review` run in the bots' worker: decisions with the
// chance to win after the move played and after the better one, the luck
// of every voyage into the unknown, each player's totals, and the facts
// of a move, docs/api.md "Review"); this module picks what the page shows
// (the costly moves, the luckiest and unluckiest reveals, the chart's
// lines) and says it in the table's language through `t` (i18n.js) and
// words.js — no rule is decided here.

import { percent } from "./odds.js";

/** A chance to win, as the review shows it: two decimals ("0.31"), in the table's language. */
export function winsText(x, lang = "en") {
  let fmt;
  try {
    fmt = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    fmt = new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return fmt.format(Math.abs(Number(x) || 0));
}

/** The cost of a decision: best_value − value (0 where the move played was the best). */
export const costOf = (d) => (d && d.best_value > d.value ? d.best_value - d.value : 0);

/** The `k` decisions that cost most, costliest first (ties: earlier first); only those with a better move. */
export function costlyMoves(review, k = 5) {
  const list = (review && review.decisions) || [];
  return list
    .filter((d) => costOf(d) > 0)
    .sort((a, b) => costOf(b) - costOf(a) || a.n - b.n)
    .slice(0, k);
}

/** A voyage's swing for the seat that sailed: its chance to win after the reveal minus before. */
export const swingOf = (l) => (l && l.after && l.expected ? l.after[l.seat] - l.expected[l.seat] : 0);

/** The luckiest and the unluckiest reveal for the seat that sailed ({ luckiest, unluckiest }, each null when none). */
export function luckExtremes(review) {
  const list = (review && review.luck) || [];
  let luckiest = null;
  let unluckiest = null;
  for (const l of list) {
    const w = swingOf(l);
    if (w > 0 && (!luckiest || w > swingOf(luckiest))) luckiest = l;
    if (w < 0 && (!unluckiest || w < swingOf(unluckiest))) unluckiest = l;
  }
  return { luckiest, unluckiest };
}

/**
 * Each seat's chance to win across the game, for the chart: per seat a list
 * of { x, y } with x the number of actions played (0 … moves) and y the
 * chance after them — the decision's figure after the move, replaced by the
 * figure after the reveal where the move was a voyage into the unknown; the
 * game's result at the end when it is over. Where a voyage was a decision,
 * both points are kept (before the reveal at x − ½, after it at x), so the
 * chart shows the cards' jump.
 */
export function chartSeries(review, players) {
  const points = []; // { x, wins }
  const luckAt = new Map(((review && review.luck) || []).map((l) => [l.n, l]));
  const seen = new Set();
  for (const d of (review && review.decisions) || []) {
    const l = luckAt.get(d.n);
    if (l) {
      points.push({ x: d.n + 0.5, wins: l.expected });
      points.push({ x: d.n + 1, wins: l.after });
      seen.add(d.n);
    } else {
      points.push({ x: d.n + 1, wins: d.wins });
    }
  }
  for (const l of (review && review.luck) || []) {
    if (seen.has(l.n)) continue;
    points.push({ x: l.n + 0.5, wins: l.expected });
    points.push({ x: l.n + 1, wins: l.after });
  }
  points.sort((a, b) => a.x - b.x);
  if (review && Array.isArray(review.final) && review.reviewed === review.moves) points.push({ x: review.moves, wins: review.final });
  const out = [];
  for (let s = 0; s < players; s++) out.push(points.filter((p) => Array.isArray(p.wins) && p.wins.length > s).map((p) => ({ x: p.x, y: p.wins[s] })));
  return out;
}

/** The decision reviewed at action `n` (the move made from position n), or null. */
export function decisionAt(review, n) {
  return ((review && review.decisions) || []).find((d) => d.n === n) || null;
}

/** The voyage into the unknown at action `n`, or null. */
export function luckAt(review, n) {
  return ((review && review.luck) || []).find((l) => l.n === n) || null;
}

const cap = (s) => (s ? s.charAt(0).toLocaleUpperCase() + s.slice(1) : s);

/**
 * The review's words for one table: `t` its i18n, `w` its words.js
 * functions (createWords), `lang` its language.
 */
export function createReviewWords(t, w, lang = "en") {
  const pc = (p) => percent(p, lang);
  const island = (snap, card) => w.cardName(snap, card);
  const jettyDir = (snap, f) => (Number.isInteger(f.direction) ? t(`dir.${f.direction}`) : w.edgeDirection(w.tileOf(snap, f.tile), f.jetty));

  /** A move's facts (docs/api.md "Review") as a clause, on the snapshot of the position where it was made. */
  function clause(f, snap) {
    if (!f || !f.type) return "";
    switch (f.type) {
      case "emigrate": {
        const dir = jettyDir(snap, f);
        if (f.reaches) return t("rv.c.reaches", dir, island(snap, f.reaches));
        if (f.fails_at) return t("rv.c.failsAt", dir, f.fails_at.danger, f.colours);
        if (f.turn_back >= 0.999999) return t("rv.c.turnBack", dir);
        if (f.needs > 0) return t("rv.c.danger", f.colours, f.needs, pc(f.arrive));
        return t("rv.c.unknown", dir, pc(f.arrive));
      }
      case "expand":
        return f.fills > 0 ? t("rv.c.expandFills", island(snap, f.tile), f.ships, f.fills) : t("rv.c.expand", island(snap, f.tile), f.ships);
      case "found_kingdom":
        return t("rv.c.king", island(snap, f.tile), f.value);
      case "resettle":
        return t("rv.c.resettle", f.points, f.pile_islands, f.pile_water);
      case "place_new":
        return t("rv.c.placeNew", island(snap, f.tile), f.ships);
      case "land":
        if (f.gains && f.value > 0) return t("rv.c.landGains", w.colorWord(snap, f.seat), island(snap, f.tile), f.value);
        return t("rv.c.land", w.colorWord(snap, f.seat), w.beachWords(snap, f.tile, f.beach), island(snap, f.tile));
      case "return":
        return t("rv.c.return", w.colorWord(snap, f.seat));
      case "place_card":
        return t("rv.c.placeCard", island(snap, f.card));
      case "place_ship":
        return t("rv.c.placeShip", w.beachWords(snap, f.tile, f.beach), island(snap, f.tile));
      case "setup_place":
        return t("rv.c.setup", w.beachWords(snap, "tonga", f.beach));
      default:
        return "";
    }
  }

  /** Why a decision cost: the move played, then the better one ("…: 40% to arrive; the jetty to the north reaches Tahiti with certainty"). */
  function why(d, snap) {
    if (!d || !d.why) return "";
    const played = clause(d.why.action, snap);
    const better = clause(d.why.best, snap);
    // Two moves whose facts read the same (two expansions of one island,
    // say): the sentence says so instead of repeating itself.
    if (played === better) return t("rv.whyAlike", cap(played));
    return t("rv.why", cap(played), better);
  }

  /** The hint's sentence: the move in words and why. */
  function hintText(hint, snap) {
    const move = w.describeAction(snap, hint.action);
    // A ship placed at the setup: its facts (the beach) are the move itself.
    if (!hint.why || hint.why.type === "setup_place") return t("rv.hintOnly", move);
    return t("rv.hintSays", move, clause(hint.why, snap));
  }

  /** "−0.18 wins (55% → 37%)": what a decision cost. */
  function costText(d) {
    return t("rv.cost", winsText(costOf(d), lang), pc(d.best_value), pc(d.value));
  }

  /** A player's line: wins lost to choices, wins lost to (or won from) the cards, hints used. */
  function playerLine(p, snap, hints = 0) {
    const name = w.playerName(snap, p.seat);
    const cards = p.luck < 0 ? t("rv.cardsLost", winsText(p.luck, lang)) : t("rv.cardsWon", winsText(p.luck, lang));
    const line = t("rv.player", name, winsText(p.skill_loss, lang), cards);
    return hints > 0 ? `${line} ${t("rv.hintsUsed", hints)}` : line;
  }

  /** A reveal in words: whose voyage, from where, its chance, what happened, the swing. */
  function luckLine(l, snap, action) {
    const name = w.playerName(snap, l.seat);
    const from = action && action.tile ? island(snap, action.tile) : "?";
    const dir = action && action.tile ? w.edgeDirection(w.tileOf(snap, action.tile), action.jetty) : "?";
    const swing = swingOf(l);
    return t("rv.luckLine", name, from, dir, pc(l.chance), t(`rv.out.${l.outcome}`), `${swing < 0 ? "−" : "+"}${winsText(swing, lang)}`);
  }

  return { clause, why, hintText, costText, playerLine, luckLine, pc, wins: (x) => winsText(x, lang) };
}
