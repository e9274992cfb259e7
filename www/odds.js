// Voyage odds in words (issue 14). Pure: the figures are the engine's
// (Game.voyageOdds(): one entry per legal emigration, with arrive,
// new_island, fail, turn_back, stay, exact, colours, needs, known); this
// module only finds the entry for a jetty and says it in the table's
// language, through `t` (i18n.js) — no rule is decided here.

/** The odds entry of the emigration through `jetty` of `card`, or null. */
export function oddsFor(list, card, jetty) {
  if (!Array.isArray(list)) return null;
  return list.find((o) => o && o.action && o.action.tile === card && o.action.jetty === jetty) || null;
}

/** The odds entry of an emigrate action, or null. */
export function oddsOfAction(list, action) {
  if (!action || action.type !== "emigrate") return null;
  const o = oddsFor(list, action.tile, action.jetty);
  return o && o.action.beach === action.beach ? o : null;
}

/**
 * A chance as a percentage in `lang`: whole percents; a chance that is not
 * 0 but rounds to 0 is "<1%", one that is not 1 but rounds to 100 ">99%".
 */
export function percent(p, lang = "en") {
  let fmt;
  try {
    fmt = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
  } catch {
    fmt = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 0 });
  }
  const x = Math.min(1, Math.max(0, Number(p) || 0));
  if (x > 0 && x < 0.005) return `<${fmt.format(0.01)}`;
  if (x < 1 && x >= 0.995) return `>${fmt.format(0.99)}`;
  return fmt.format(x);
}

/** The group's colours in words ("blue and yellow"), from the seats on the beach. */
export function groupColours(snap, action, t) {
  const tile = (snap.tiles || []).find((x) => x.card === action.tile);
  const beach = tile && tile.beaches && tile.beaches[action.beach];
  const seats = [...new Set((beach && beach.ships) || [])].sort((a, b) => a - b);
  const words = seats.map((s) => t(`color.${snap.players[s].color}`));
  return { seats, words: listWords(words, t) };
}

function listWords(words, t) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${t("and")} ${words[words.length - 1]}`;
}

/**
 * The odds of one voyage as lines for the tip on the board:
 * [{ kind, text }] with kind "arrive" | "new" | "fail" | "back" | "stay" |
 * "needs" | "how". Outcomes that cannot happen are left out (arrive and
 * fail are always shown).
 */
export function oddsLines(o, snap, t, lang = "en") {
  const pc = (p) => percent(p, lang);
  const lines = [{ kind: "arrive", text: t("o.arrive", pc(o.arrive)) }];
  if (o.new_island > 0) lines.push({ kind: "new", text: t("o.newIsland", pc(o.new_island)) });
  lines.push({ kind: "fail", text: t("o.fail", pc(o.fail)) });
  if (o.turn_back > 0) lines.push({ kind: "back", text: t("o.turnBack", pc(o.turn_back)) });
  if (o.stay > 0) lines.push({ kind: "stay", text: t("o.stay", pc(o.stay)) });
  const needs = needsWords(o, snap, t);
  if (needs) lines.push({ kind: "needs", text: needs });
  lines.push({ kind: "how", text: o.exact ? t("o.exact") : t("o.estimated") });
  return lines;
}

/**
 * Where the trails ahead are already on the table: the colours they need
 * and the group's colours; null when the voyage reveals a card at once.
 */
export function needsWords(o, snap, t) {
  const known = o.known || [];
  if (!known.length) return null;
  const { words } = groupColours(snap, o.action, t);
  const colours = o.colours;
  const wreck = known.find((k) => k.to === null || k.to === undefined);
  if (wreck) {
    const tile = (snap.tiles || []).find((x) => x.card === wreck.card);
    return t("o.needsFail", wreck.danger, (tile && tile.name) || wreck.card, colours, words);
  }
  if (!o.needs) return t("o.calm", known.length);
  return t("o.needs", o.needs, colours, words);
}

/** The odds of one voyage in one short line (the list of legal actions). */
export function oddsShort(o, t, lang = "en") {
  const pc = (p) => percent(p, lang);
  const parts = [t("o.sArrive", pc(o.arrive))];
  if (o.new_island > 0) parts.push(t("o.sNew", pc(o.new_island)));
  parts.push(t("o.sFail", pc(o.fail)));
  if (o.turn_back > 0) parts.push(t("o.sBack", pc(o.turn_back)));
  if (o.stay > 0) parts.push(t("o.sStay", pc(o.stay)));
  if (!o.exact) parts.push(t("o.sEstimated"));
  return parts.join(" · ");
}
