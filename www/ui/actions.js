// The list of legal actions: every move the engine allows now as a button
// (the accessible way to play without the board), with the voyage odds of
// an emigration; focusing or pointing at one shows its odds on the board.

import { el } from "../dom.js";
import { oddsOfAction, oddsShort } from "../odds.js";

const ACTION_LIMIT = 60; // buttons listed; the rest are counted ("… and N more")

/** The list of legal actions of the table (`$` finds its elements); `cb` the intents; `i18n` its language; `words` its words. */
export function createActionList($, cb, i18n, { t, describeAction }) {
  let lastActionsKey = "";

  /** `odds`: the engine's voyage odds (Game.voyageOdds()) while a person emigrates, else null. */
  function renderActions(snap, legal, enabled, odds = null) {
    const listKey = JSON.stringify([snap.turn, snap.phase, legal, enabled, t("lang")]);
    const key = JSON.stringify([listKey, odds]);
    if (key === lastActionsKey) return;
    // The same list with its odds just come in keeps the focus where it was.
    const same = lastActionsKey.startsWith(`[${JSON.stringify(listKey)}`);
    lastActionsKey = key;
    const ul = $("actions");
    const focused = ul.contains(document.activeElement) ? (same ? document.activeElement.dataset.index : "0") : null;
    ul.replaceChildren();
    legal.slice(0, ACTION_LIMIT).forEach((a, i) => {
      const o = odds ? oddsOfAction(odds, a) : null;
      const show = a.type === "emigrate" && cb.actionFocus ? () => cb.actionFocus(a) : null;
      const hide = show ? () => cb.actionFocus(null) : null;
      const btn = el(
        "button",
        { type: "button", "data-index": i, disabled: !enabled, onclick: () => cb.action(a), onfocus: show, onblur: hide, onmouseenter: show, onmouseleave: hide },
        describeAction(snap, a),
        o ? el("span", { class: "odds", text: oddsShort(o, t, i18n.language()) }) : null,
      );
      ul.append(el("li", {}, btn));
    });
    if (legal.length > ACTION_LIMIT) ul.append(el("li", { class: "more", text: t("ac.more", legal.length - ACTION_LIMIT) }));
    if (!legal.length) ul.append(el("li", { class: "more", text: snap.phase === "over" ? t("ac.over") : t("ac.nothing") }));
    if (focused !== null) (ul.querySelector(`button[data-index="${focused}"]:not(:disabled)`) || ul.querySelector("button:not(:disabled)"))?.focus();
  }

  return { renderActions };
}
