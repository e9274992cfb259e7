// Every outcome explained (issue 14): what happened and why, from the
// engine's own events — a wreck (voyage_failed: the trail's danger and the
// group's colours), a group turned back by a king island, an island taken
// out of the game (R25), a surplus ship sent home (R23), the end of the game
// (R60). Pure: reads the snapshots before and after the action for names and
// positions, says it through `t` (i18n.js) in the table's language, decides
// no rule. What a player reads during play cites no rule number (issue 30):
// the rules behind these are in the help's rules and docs/rules.md.

import { localCardName, isYou } from "./words.js";

/** The colours of a list of seats, in words ("blue and yellow"). */
function colourList(snap, seats, t) {
  const distinct = [...new Set(seats || [])].sort((a, b) => a - b);
  const words = distinct.map((s) => (snap.players[s] ? t(`color.${snap.players[s].color}`) : "?"));
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${t("and")} ${words[words.length - 1]}`;
}

function tileIn(snaps, card) {
  for (const s of snaps) {
    const x = s && (s.tiles || []).find((t) => t.card === card);
    if (x) return x;
  }
  return null;
}

/**
 * The explanations of one action's events: [{ index, type, text, at, replaces }]
 * where `index` is the event's index, `at` the tile ({card, q, r}) the note
 * goes next to (or null), and `replaces` says the text stands in the log for
 * the event's own line (otherwise it is an extra line before it).
 */
export function explainEvents(before, after, events, t) {
  const out = [];
  const snaps = [after, before];
  const name = (card) => {
    const x = tileIn(snaps, card);
    return localCardName(t, card, x && x.name);
  };
  const at = (card) => {
    const x = tileIn(snaps, card);
    return x ? { card, q: x.q, r: x.r } : null;
  };
  const players = (after && after.players) || (before && before.players) || [];
  const snap = { players };
  // The tile being landed on, for ships sent home (the landing's island).
  let landing = before && before.pending && before.pending.tile ? before.pending.tile : null;
  (events || []).forEach((e, index) => {
    switch (e.type) {
      case "arrived":
        landing = e.tile;
        break;
      case "voyage_failed": {
        const n = (e.returned || []).length;
        out.push({
          index,
          type: e.type,
          text: t("x.failed", name(e.card), e.danger, colourList(snap, e.returned, t), e.colours, n),
          at: at(e.card),
          replaces: true,
        });
        break;
      }
      case "turned_back": {
        const king = tileIn(snaps, e.card);
        const seat = king && king.king !== null && king.king !== undefined && players[king.king] ? king.king : null;
        const owner = seat === null ? "?" : isYou({ players }, seat) ? t("you") : players[seat].name;
        const key = seat !== null && isYou({ players }, seat) ? "x.turnedBack.you" : "x.turnedBack";
        out.push({ index, type: e.type, text: t(key, name(e.card), owner, name(e.tile)), at: at(e.card), replaces: true });
        break;
      }
      case "island_removed": {
        const n = (e.returned || []).length;
        out.push({
          index,
          type: e.type,
          text: t("x.removed", name(e.tile), n, colourList(snap, e.returned, t)),
          at: at(e.tile),
          replaces: true,
        });
        break;
      }
      case "ship_returned": {
        const colour = players[e.seat] ? t(`color.${players[e.seat].color}`) : "?";
        out.push({ index, type: e.type, text: t("x.returned", colour, landing ? name(landing) : "?"), at: landing ? at(landing) : null, replaces: true });
        break;
      }
      case "game_over": {
        const tiles = (after && after.tiles) || [];
        const last = tiles[tiles.length - 1];
        // R60: the game ends when the last island or water card is laid;
        // the card laid last is that one.
        const key = last && last.kind === "island" ? "x.overIsland" : "x.overWater";
        out.push({ index, type: e.type, text: t(key, last ? name(last.card) : "?"), at: last ? at(last.card) : null, replaces: false });
        break;
      }
      default:
        break;
    }
  });
  return out;
}
