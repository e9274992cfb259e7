// The list of legal actions: every move the engine allows now, as buttons
// (the accessible way to play without the board), with the voyage odds of
// an emigration. Choices that come in many combinations are grouped
// (issue 33) instead of listed one by one: an expansion by island, then its
// beaches (checkboxes, and the move once they make one); a ship taken
// (R51) by where it comes from, then where it goes; a card to lay by its
// place, then its turns; new ships (R50) by island. A group opens in place
// (Enter) and closes with Escape. Every entry carries the places of its
// move on the board (`data-preview`), which the board outlines while the
// entry has the focus or the pointer (a11y/index.js); focusing or pointing
// at an emigration shows its odds beside its jetty (cb.actionFocus).

import { el } from "../dom.js";
import { oddsOfAction, oddsShort } from "../odds.js";

const ACTION_LIMIT = 60; // entries listed; the rest are counted ("… and N more")

/** The group an action belongs to (its key), or null: listed on its own. */
function groupKey(a) {
  switch (a.type) {
    case "expand":
      return a.take ? `take:${a.take.tile}/${a.take.beach}` : `expand:${a.tile}`;
    case "place_card":
      return `card:${a.q},${a.r}`;
    case "place_new":
      return `new:${a.tile}`;
    default:
      return null;
  }
}

/**
 * The legal actions as entries, in the engine's order of their first
 * action: { kind: "one", action, index } or { kind: "group", key, actions:
 * [{ action, index }], beaches } — `beaches`: the beaches to choose from
 * when the group is an expansion choosing among an island's beaches (then
 * they are checkboxes), else null. A group of one action is an entry "one".
 */
export function groupActions(legal) {
  const out = [];
  const groups = new Map();
  legal.forEach((action, index) => {
    const key = groupKey(action);
    if (key === null) {
      out.push({ kind: "one", action, index });
      return;
    }
    let g = groups.get(key);
    if (!g) {
      g = { kind: "group", key, actions: [], beaches: null };
      groups.set(key, g);
      out.push(g);
    }
    g.actions.push({ action, index });
  });
  return out.map((g) => {
    if (g.kind === "one" || g.actions.length > 1) {
      if (g.kind === "group" && g.key.startsWith("expand:")) g.beaches = [...new Set(g.actions.flatMap((x) => x.action.beaches))].sort((a, b) => a - b);
      return g;
    }
    return { kind: "one", action: g.actions[0].action, index: g.actions[0].index };
  });
}

/** The places on the board an action is about: [{tile, beach?, jetty?} | {q, r}] (the board outlines them). */
export function previewOf(snap, a) {
  const pend = snap.pending || {};
  switch (a.type) {
    case "setup_place":
      return [{ tile: "tonga", beach: a.beach }];
    case "expand":
    case "place_new":
      return [...(a.take ? [{ tile: a.take.tile, beach: a.take.beach }] : []), ...[...new Set(a.beaches)].map((b) => ({ tile: a.tile, beach: b }))];
    case "found_kingdom":
      return [{ tile: a.tile }];
    case "emigrate":
      return [{ tile: a.tile, beach: a.beach, jetty: a.jetty }];
    case "land":
    case "place_ship":
      return pend.tile ? [{ tile: pend.tile, beach: a.beach }] : [];
    case "place_card":
      return [{ q: a.q, r: a.r }];
    default:
      return [];
  }
}

/** The list of legal actions of the table (`$` finds its elements); `cb` the intents; `i18n` its language; `words` its words. */
export function createActionList($, cb, i18n, { t, describeAction, cardName, beachWords }) {
  let lastActionsKey = "";
  let listKeyNow = "";
  let openKey = null; // the group shown open (for this list)
  let checked = []; // its beaches ticked so far (an expansion's group)
  let last = null; // the arguments of the last render (a group opened or a box ticked draws again)

  function groupLabel(snap, g) {
    const a = g.actions[0].action;
    if (g.key.startsWith("expand:")) return t("a11y.gExpand", cardName(snap, a.tile), a.beaches.length, g.beaches.length);
    if (g.key.startsWith("take:")) return t("a11y.gTake", cardName(snap, a.take.tile), beachWords(snap, a.take.tile, a.take.beach));
    if (g.key.startsWith("card:")) return t("a11y.gCard", cardName(snap, (snap.pending || {}).card), a.q, a.r, g.actions.length);
    return t("a11y.gNew", cardName(snap, a.tile), g.actions.length);
  }

  const preview = (snap, actions) => JSON.stringify(actions.flatMap((a) => previewOf(snap, a)).filter((p, i, all) => all.findIndex((q) => JSON.stringify(q) === JSON.stringify(p)) === i));

  function actionButton(snap, a, index, enabled, odds) {
    const o = odds ? oddsOfAction(odds, a) : null;
    const show = a.type === "emigrate" && cb.actionFocus ? () => cb.actionFocus(a) : null;
    const hide = show ? () => cb.actionFocus(null) : null;
    return el(
      "button",
      { type: "button", "data-index": index, "data-key": `a:${index}`, "data-preview": preview(snap, [a]), disabled: !enabled, onclick: () => cb.action(a), onfocus: show, onblur: hide, onmouseenter: show, onmouseleave: hide },
      describeAction(snap, a),
      o ? el("span", { class: "odds", text: oddsShort(o, t, i18n.language()) }) : null,
    );
  }

  /** An expansion's beaches to tick, and the move once the ticked ones make one. */
  function beachPicker(snap, g, enabled) {
    const a0 = g.actions[0].action;
    const need = a0.beaches.length;
    const match = g.actions.find((x) => x.action.beaches.length === checked.length && x.action.beaches.every((b) => checked.includes(b)));
    const items = g.beaches.map((b) => {
      // a beach can be ticked when, with the ones ticked, some expansion is still possible
      const on = checked.includes(b);
      const possible = on || g.actions.some((x) => x.action.beaches.includes(b) && checked.every((c) => x.action.beaches.includes(c)));
      const box = el("input", {
        type: "checkbox",
        "data-key": `c:${g.key}:${b}`,
        checked: on,
        disabled: !enabled || (!on && (!possible || checked.length >= need)),
        onchange: (e) => {
          checked = e.target.checked ? [...checked, b] : checked.filter((x) => x !== b);
          redraw(`c:${g.key}:${b}`);
        },
      });
      // the board outlines the beaches ticked with this one
      const shown = [...new Set([...checked, b])];
      return el("li", {}, el("label", { class: "pick", "data-preview": preview(snap, [{ ...a0, beaches: shown }]) }, box, el("span", { text: beachWords(snap, a0.tile, b) })));
    });
    const go = match
      ? actionButton(snap, match.action, match.index, enabled, null)
      : el("button", { type: "button", "data-key": `x:${g.key}`, disabled: true, text: t("a11y.pick", need - checked.length) });
    return [...items, el("li", {}, go)];
  }

  function groupEntry(snap, g, enabled, odds) {
    const isOpen = openKey === g.key;
    const bodyId = `group-${g.key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    const head = el(
      "button",
      {
        type: "button",
        class: "group-head",
        "data-key": `g:${g.key}`,
        "data-preview": preview(snap, g.actions.map((x) => x.action)),
        "aria-expanded": String(isOpen),
        "aria-controls": isOpen ? bodyId : null,
        disabled: !enabled,
        onclick: () => {
          openKey = isOpen ? null : g.key;
          checked = [];
          redraw(isOpen ? `g:${g.key}` : "first-in-group");
        },
      },
      groupLabel(snap, g),
    );
    if (!isOpen) return el("li", {}, head);
    const inner = g.beaches ? beachPicker(snap, g, enabled) : g.actions.map((x) => el("li", {}, actionButton(snap, x.action, x.index, enabled, odds)));
    const body = el("ul", { class: "group-body", id: bodyId, role: "list" }, ...inner);
    body.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      openKey = null;
      checked = [];
      redraw(`g:${g.key}`);
    });
    return el("li", {}, head, body);
  }

  function redraw(focusKey) {
    if (!last) return;
    lastActionsKey = "";
    draw(...last, focusKey);
  }

  /** `odds`: the engine's voyage odds (Game.voyageOdds()) while a person emigrates, else null. */
  function renderActions(snap, legal, enabled, odds = null) {
    const listKey = JSON.stringify([snap.turn, snap.phase, legal, enabled, t("lang")]);
    const key = JSON.stringify([listKey, odds]);
    if (key === lastActionsKey) return;
    if (listKey !== listKeyNow) {
      openKey = null;
      checked = [];
    }
    // The same list with its odds just come in keeps the focus where it was.
    const same = listKey === listKeyNow;
    listKeyNow = listKey;
    last = [snap, legal, enabled, odds];
    draw(snap, legal, enabled, odds, same ? "same" : "first");
  }

  function draw(snap, legal, enabled, odds, focusKey) {
    const listKey = JSON.stringify([snap.turn, snap.phase, legal, enabled, t("lang")]);
    lastActionsKey = JSON.stringify([listKey, odds]);
    const ul = $("actions");
    const active = ul.getRootNode().activeElement;
    const had = active && ul.contains(active) ? active.dataset.key || null : null;
    ul.replaceChildren();
    const entries = groupActions(legal);
    let shown = 0;
    let hiddenCount = 0;
    for (const g of entries) {
      const n = g.kind === "one" ? 1 : g.actions.length;
      if (shown >= ACTION_LIMIT) {
        hiddenCount += n;
        continue;
      }
      shown++;
      ul.append(g.kind === "one" ? el("li", {}, actionButton(snap, g.action, g.index, enabled, odds)) : groupEntry(snap, g, enabled, odds));
    }
    if (hiddenCount) ul.append(el("li", { class: "more", text: t("ac.more", hiddenCount) }));
    if (!legal.length) ul.append(el("li", { class: "more", text: snap.phase === "over" ? t("ac.over") : t("ac.nothing") }));
    // Where the focus goes: after a choice inside the list, to what comes next; after a new
    // list, if the focus was in it, to its first entry (the next move is one key away); else nowhere.
    const usable = (sel) => {
      const x = ul.querySelector(sel);
      return x && !x.disabled ? x : null;
    };
    const byKey = (k) => (k ? usable(`[data-key="${CSS.escape(k)}"]`) : null);
    let target = null;
    if (focusKey === "first-in-group") target = usable(".group-body input:not(:disabled), .group-body button:not(:disabled)");
    else if (focusKey.startsWith("c:")) target = usable(".group-body button[data-index]:not(:disabled)") || byKey(focusKey);
    else if (focusKey.startsWith("g:")) target = byKey(focusKey);
    else if (had === null) return;
    else if (focusKey === "same") target = byKey(had);
    (target || usable("button:not(:disabled)"))?.focus();
  }

  return { renderActions };
}
