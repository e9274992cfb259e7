// The end of the game: the ranking dialog (R62: points, then the facts that
// broke a tie, in words.js's explainRanking) and "Play again".

import { el } from "../dom.js";
import { swatch } from "./parts.js";

/** The ranking dialog of the table (`$` finds its elements); `cb` the intents; `words` its words. */
export function createRanking($, cb, { t, explainRanking, ordinal }) {
  $("ranking-close").addEventListener("click", () => $("ranking-dialog").close());
  $("play-again").addEventListener("click", () => {
    $("ranking-dialog").close();
    cb.playAgain();
  });

  function showRanking(snap) {
    const ol = $("ranking");
    ol.replaceChildren();
    for (const row of explainRanking(snap)) {
      for (const seat of row.seats) {
        const p = snap.players[seat];
        ol.append(
          el(
            "li",
            { "data-seat": seat },
            el("span", { class: "place", text: ordinal(row.place) }),
            el("span", { class: "who" }, swatch(p.color), " ", p.name),
            el("span", { class: "pts", text: t("rk.pts", p.score) }),
            el("span", { class: "why", text: `${t("rk.facts", p.islands, p.ships_on_table, (p.kings || []).length)} ${seat === row.seats[0] ? row.why : ""}`.trim() }),
          ),
        );
      }
    }
    const dlg = $("ranking-dialog");
    if (!dlg.open) dlg.showModal();
  }

  return { showRanking };
}
