// The players panel: a row per player (colour, name, bot or "you", an
// online seat's connection, kingdoms, ships in supply, islands, points) and
// the pile under it.

import { el } from "../dom.js";
import { swatch, isBotSeat } from "./parts.js";

/** The players panel of the table (`$` finds its elements); `words` its words (words.js). */
export function createPlayers($, { t, cardName }) {
  function renderPlayers(snap, seats) {
    const tb = $("players").querySelector("tbody");
    tb.replaceChildren();
    snap.players.forEach((p, i) => {
      const kings = (p.kings || []).map((k) => cardName(snap, k));
      tb.append(
        el(
          "tr",
          { class: snap.current === i ? "current" : null, "data-seat": i, "aria-current": snap.current === i ? "true" : null },
          el("td", {}, swatch(p.color)),
          el("td", {}, seatLink(seats[i]), p.name, isBotSeat(seats[i]) ? el("span", { class: "badge", text: t("u.bot") }) : null, youBadge(seats[i]), kings.length ? el("span", { class: "kings", text: t("pl.kingOf", kings.join(", ")) }) : null),
          el("td", { class: "num", title: t("pl.onTable", p.ships_on_table) }, String(p.supply)),
          el("td", { class: "num" }, String((p.kings || []).length)),
          el("td", { class: "num" }, String(p.islands)),
          el("td", { class: "num" }, el("b", { text: String(p.score) })),
        ),
      );
    });
    const removed = (snap.removed || []).length ? t("pl.removed", snap.removed.map((c) => cardName(snap, c)).join(", ")) : "";
    $("pile").textContent = t("pl.pile", snap.pile.islands, snap.pile.water, snap.revealed.islands, snap.revealed.water) + removed;
  }

  /** An online seat's connection (a dot: connected or away); nothing for a local seat or a bot's. */
  function seatLink(seat) {
    if (!seat || !seat.online || isBotSeat(seat)) return null;
    const on = !!seat.online.connected;
    return el("span", { class: `link-dot ${on ? "on" : "off"}`, role: "img", title: t(on ? "o.connectedSeat" : "o.awaySeat"), "aria-label": t(on ? "o.connectedSeat" : "o.awaySeat") });
  }

  function youBadge(seat) {
    return seat && seat.online && seat.online.you ? el("span", { class: "badge you", text: t("o.you") }) : null;
  }

  return { renderPlayers };
}
