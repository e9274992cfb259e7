// The status panel: whose turn it is, what they must decide (the prompt),
// and the controls of the decision at hand — the turn picker (expand, found
// a kingdom, resettle), the landing tray (tray.js), the card's rotation —
// with a line of help; "thinking…" while a bot or the server is to move.

import { el } from "../dom.js";
import { swatch, isBotSeat, hint } from "./parts.js";
import { tray } from "./tray.js";
import { worldDirection } from "../geometry.js";

/**
 * What the player to act must decide, in the table's language and plain
 * words (issue 30: no rule numbers, "You lay", not "You lays"), from the
 * phase and what is pending — never the engine's English prompt, which
 * cites rules.
 */
function promptWords(snap, legal, { t, said, cardName }) {
  const who = snap.current;
  const p = snap.pending || {};
  switch (snap.phase) {
    case "setup":
      return said(snap, "q.setup", who);
    case "turn":
      return said(snap, legal.some((a) => a.type === "place_new") ? "q.place_new" : "q.turn", who);
    case "emigrate":
      return said(snap, "q.emigrate", who);
    case "land":
      return said(snap, "q.land", who, cardName(snap, p.tile));
    case "place_card":
      return said(snap, "q.place_card", who, cardName(snap, p.card));
    case "place_ship":
      return said(snap, "q.place_ship", who, cardName(snap, p.tile));
    case "over":
      return t("ac.over");
    default:
      return "";
  }
}

const ICONS = {
  expand:
    '<svg viewBox="0 0 34 26" aria-hidden="true"><path d="M3 17h28l-5 6H8z" fill="#2f6fe4" stroke="#1d232c" stroke-width="1.6" stroke-linejoin="round"/><path d="M16 16V2c5 3 9 8 10 14z" fill="#fff6dd" stroke="#1d232c" stroke-width="1.6" stroke-linejoin="round"/></svg>',
  king:
    '<svg viewBox="0 0 34 26" aria-hidden="true"><path d="M9 7l3-6 2 5 3-6 3 6 2-5 3 6z" fill="#e0a526" stroke="#1d232c" stroke-width="1.2"/><ellipse cx="17" cy="15" rx="8" ry="10" fill="#8b5a2b" stroke="#1d232c" stroke-width="1.6"/><circle cx="13.5" cy="13" r="2" fill="#fff5dc"/><circle cx="20.5" cy="13" r="2" fill="#fff5dc"/><ellipse cx="17" cy="20" rx="3.5" ry="1.8" fill="#fff5dc"/></svg>',
  resettle:
    '<svg viewBox="0 0 34 26" aria-hidden="true"><ellipse cx="17" cy="14" rx="13" ry="9" fill="#f4dea6" stroke="#b38b45" stroke-width="1.4"/><circle cx="17" cy="14" r="6" fill="#58a443"/><path d="M5 3l24 20M29 3L5 23" stroke="#c9352b" stroke-width="3" stroke-linecap="round"/></svg>',
};

/**
 * The status panel of the table (`$` finds its elements); `cb` the intents;
 * `i18n` its language; `words` its words (words.js); `say` puts a hint of
 * targets.js in words (toast.js).
 */
export function createStatus($, cb, i18n, words, say) {
  const { t, playerName } = words;
  const dirWord = (d) => t(`dir.${d}`);

  /**
   * view: { snap, legal, decision, mode, seats, traySeat, selectionHint ({ key, args } or null),
   *         notice (words shown instead of the controls: the replay viewer's, or null),
   *         rotation: {value, hex}, botTurn }
   */
  function renderStatus(v) {
    const { snap } = v;
    const turn = $("turn-line");
    turn.replaceChildren();
    if (snap.phase === "over") {
      turn.append(t("u.gameOver"));
    } else if (snap.current !== null && snap.current !== undefined) {
      const p = snap.players[snap.current];
      turn.append(swatch(p.color), el("span", { text: playerName(snap, snap.current) }), el("span", { class: "badge", text: snap.phase === "setup" ? t("u.setup") : t("u.turn", snap.turn) }));
      if (isBotSeat(v.seats[snap.current])) turn.append(el("span", { class: "badge", text: t("u.bot") }));
    }
    $("prompt").textContent = promptWords(snap, v.legal, words);
    const c = $("controls");
    c.replaceChildren();
    if (v.notice) {
      c.append(hint(v.notice));
      return;
    }
    if (v.botTurn) {
      // a person at another browser (an online table), or a bot
      const remote = v.seats[snap.current] && v.seats[snap.current].kind === "remote";
      c.append(hint(t(remote ? "o.waitFor" : "u.botWatch", playerName(snap, snap.current))));
      return;
    }
    // the board shows the cards that hold the targets, too small to click one by one: say how to come close
    if (v.coarse) c.append(el("p", { class: "hint coarse-hint", text: t("h.coarse") }));
    switch (v.decision) {
      case "setup":
        c.append(hint(t("h.setup")));
        break;
      case "turn":
        c.append(picker(v));
        c.append(hint(say(v.selectionHint) || (v.mode === "king" ? t("h.king") : t("h.turn"))));
        if (v.hasSelection) c.append(clearButton());
        break;
      case "place_new":
        c.append(hint(say(v.selectionHint) || t("h.place_new")));
        if (v.hasSelection) c.append(clearButton());
        break;
      case "emigrate":
        c.append(hint(t("h.emigrate")));
        break;
      case "land":
        c.append(tray(v, cb, words));
        c.append(hint(t("h.land")));
        break;
      case "place_card":
        c.append(rotateControls(v));
        c.append(hint(t("h.place_card")));
        break;
      case "place_ship":
        c.append(hint(t("h.place_ship")));
        break;
      default:
        break;
    }
  }

  function clearButton() {
    return el("button", { type: "button", id: "clear-selection", onclick: () => cb.clearSelection(), text: t("u.clearSelection") });
  }

  function picker(v) {
    const has = (t) => v.legal.some((a) => a.type === t);
    const b = (id, mode, label, title, onclick, enabled, pressed) => {
      const btn = el("button", { type: "button", id, title, "aria-pressed": pressed === null ? null : String(pressed), disabled: !enabled, onclick });
      btn.innerHTML = ICONS[mode];
      btn.append(el("span", { text: label }));
      return btn;
    };
    return el(
      "div",
      { class: "picker", role: "group", "aria-label": t("p.group") },
      b("pick-expand", "expand", t("p.expand"), t("p.expandTitle"), () => cb.pick("expand"), has("expand"), v.mode === "expand"),
      b("pick-king", "king", t("p.king"), t("p.kingTitle"), () => cb.pick("king"), has("found_kingdom"), v.mode === "king"),
      b("pick-resettle", "resettle", t("p.resettle"), t("p.resettleTitle"), () => cb.resettle(), has("resettle"), null),
    );
  }

  function rotateControls(v) {
    const r = v.rotation;
    // the way the emblem faces, not an angle or a coordinate (issue 30)
    const out = el("output", { id: "rotation", "data-rotation": r.value ?? "", "aria-live": "polite" }, t("ro.turned", dirWord(worldDirection(0, r.value ?? 0))));
    return el(
      "div",
      { class: "rotate" },
      el("button", { type: "button", id: "rotate-left", title: t("ro.leftTitle"), "aria-label": t("ro.left"), onclick: () => cb.rotate(-1), text: "⟲" }),
      el("button", { type: "button", id: "rotate-right", title: t("ro.rightTitle"), "aria-label": t("ro.right"), onclick: () => cb.rotate(1), text: "⟳" }),
      out,
    );
  }

  /** While the board still shows a move: the controls (and the list of actions) are out of reach. */
  function hold(on) {
    for (const id of ["controls", "actions"]) {
      const x = $(id);
      if (x && x.inert !== on) x.inert = on;
    }
    const panel = $("controls") && $("controls").closest(".status-panel");
    if (panel) panel.classList.toggle("held", on);
  }

  /** "… is thinking": null hides it. */
  function thinking(text) {
    const line = $("thinking");
    line.hidden = !text;
    line.textContent = text || "";
  }

  return { renderStatus, thinking, hold };
}
