// The landing tray (R23): the arriving group by colour — which colour lands
// next (a click on the board places one ship of it) — and "Send home" for a
// colour that may return.

import { el } from "../dom.js";
import { swatch } from "./parts.js";

/** The tray for view `v` ({ snap, legal, traySeat }); `cb` the intents; `words` the table's (words.js). */
export function tray(v, cb, { t, colorWord }) {
  const { snap, legal } = v;
  const group = (snap.pending && snap.pending.group) || [];
  const counts = new Map();
  for (const s of group) counts.set(s, (counts.get(s) || 0) + 1);
  const wrap = el("div", { class: "tray", role: "group", "aria-label": t("tr.group") });
  for (const [seat, n] of counts) {
    const p = snap.players[seat];
    wrap.append(
      el(
        "button",
        {
          type: "button",
          class: "tray-seat",
          "data-seat": seat,
          "aria-pressed": String(seat === v.traySeat),
          title: t("tr.arriving", p.name, n),
          onclick: () => cb.traySeat(seat),
        },
        swatch(p.color),
        `${colorWord(snap, seat)} × ${n}`,
      ),
    );
  }
  const canReturn = legal.some((a) => a.type === "return" && a.seat === v.traySeat);
  wrap.append(
    el("button", {
      type: "button",
      id: "send-home",
      disabled: !canReturn,
      title: canReturn ? t("tr.sendHomeTitle") : t("tr.sendHomeNo"),
      onclick: () => cb.sendHome(),
      text: t("tr.sendHome"),
    }),
  );
  return wrap;
}
