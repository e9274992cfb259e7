// The landing tray (R23): the arriving group by colour — which colour lands
// next (a click on the board places one ship of it) — "Send home" for a
// colour that may return, and "Land as shown" (issue 30): the whole group
// lands where the board shows the pale ships (as a click on the island).

import { el } from "../dom.js";
import { swatch } from "./parts.js";

/** The tray for view `v` ({ snap, legal, traySeat }); `cb` the intents; `words` the table's (words.js). */
export function tray(v, cb, { t, colorWord, nShips }) {
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
  if (v.landAll) {
    const home = v.landAll.home || [];
    const goes = home.length ? t("tr.landAllHome", home.length, nShips(v.snap, home)) : "";
    const text = goes ? `${t("tr.landAll")} · ${goes}` : t("tr.landAll");
    wrap.append(el("button", { type: "button", id: "land-all", class: "primary", title: t("tr.landAllTitle"), onclick: () => cb.landAll(), text }));
  }
  return wrap;
}
