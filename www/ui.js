// The DOM around the board: status line and controls (turn picker, landing
// tray, card rotation), the data panel, the accessible list of legal
// actions, the game log, toasts and the dialogs (new game, ranking, help).
// It renders what it is given and reports user intent through callbacks;
// it holds no game state of its own.

import { colorOf, COLOR_ORDER } from "./render.js";
import { markOf, markSvg } from "./marks.js";
import { createWords } from "./words.js";
import { BOT_KINDS } from "./bots.js";
import { createI18n, getLanguage, LANGUAGES } from "./i18n.js";
import { oddsOfAction, oddsShort } from "./odds.js";
import { onlineChoice } from "./online/dialog.js";
import { el } from "./dom.js";

/**
 * What the player to act must decide: the engine's own sentence in English;
 * in another language the same said from the phase and what is pending.
 */
function promptWords(snap, lang, { t, playerName, cardName }) {
  if (lang === "en" || !snap.prompt) return snap.prompt || "";
  const who = playerName(snap, snap.current);
  const p = snap.pending || {};
  switch (snap.phase) {
    case "setup":
      return t("q.setup", who);
    case "turn":
      return t("q.turn", who);
    case "emigrate":
      return t("q.emigrate", who);
    case "land":
      return t("q.land", who, cardName(snap, p.tile));
    case "place_card":
      return t("q.place_card", who, cardName(snap, p.card));
    case "place_ship":
      return t("q.place_ship", who, cardName(snap, p.tile));
    case "over":
      return t("u.gameOver");
    default:
      return snap.prompt;
  }
}

/** Is this seat played by a bot (and not by a person, here or elsewhere)? */
const isBotSeat = (seat) => !!seat && seat.kind !== "human" && seat.kind !== "remote";

/** A player's colour chip, with the colour's mark (marks.js) so that colour is not all it says. */
function swatch(color) {
  const chip = el("span", { class: "swatch", style: `background:${colorOf(color)}`, "aria-hidden": "true", "data-mark": markOf(color) });
  chip.innerHTML = markSvg(markOf(color));
  return chip;
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
 * The panels of the table mounted on `root`; `cb` receives the user's
 * intents; `i18n` is the table's language (i18n.js createI18n).
 */
export function createUi(root, cb, i18n = createI18n(getLanguage())) {
  const words = createWords(i18n.t);
  const { describeAction, explainRanking, ordinal, playerName, cardName, colorWord, SAVE_WORDS, t } = words;
  const $ = (id) => root.querySelector(`#${id}`);
  const toastEl = $("toast");
  let toastTimer = 0;
  let lastActionsKey = "";

  // --- tool bar ---------------------------------------------------------
  $("new-game").addEventListener("click", () => cb.openNewGame());
  $("fit").addEventListener("click", () => cb.fit());
  $("zoom-in").addEventListener("click", () => cb.zoom(1.25));
  $("zoom-out").addEventListener("click", () => cb.zoom(0.8));
  $("speed").addEventListener("change", (e) => cb.speed(Number(e.target.value)));
  $("auto-forced").addEventListener("change", (e) => cb.autoForced(e.target.checked));
  $("save-file").addEventListener("click", () => cb.saveFile());
  $("open-file").addEventListener("click", () => $("open-file-input").click());
  $("open-file-input").addEventListener("change", async (e) => {
    const file = e.target.files && e.target.files[0];
    e.target.value = "";
    if (file) cb.openFile(await file.text());
  });
  $("replay").addEventListener("click", () => cb.replay());
  $("take-back").addEventListener("click", () => cb.takeBack());
  $("learn").addEventListener("click", () => cb.learn());
  // A narrow screen folds the tool bar into a menu; choosing a tool closes it.
  const menu = $("menu-toggle");
  const tools = $("tools");
  const showMenu = (open) => {
    menu.setAttribute("aria-expanded", String(open));
    tools.classList.toggle("open", open);
  };
  menu.addEventListener("click", () => showMenu(!tools.classList.contains("open")));
  tools.addEventListener("click", (e) => {
    if (e.target.closest("button")) showMenu(false);
  });
  root.addEventListener("pointerdown", (e) => {
    if (tools.classList.contains("open") && !e.composedPath().some((x) => x === tools || x === menu)) showMenu(false);
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && tools.classList.contains("open")) {
      showMenu(false);
      menu.focus();
    }
  });
  $("replay-first").addEventListener("click", () => cb.replayTo(0));
  $("replay-back").addEventListener("click", () => cb.replayStep(-1));
  $("replay-forward").addEventListener("click", () => cb.replayStep(1));
  $("replay-last").addEventListener("click", () => cb.replayTo(Infinity));
  $("replay-slider").addEventListener("input", (e) => cb.replayTo(Number(e.target.value)));
  $("replay-exit").addEventListener("click", () => cb.replayExit());
  const langSel = $("language");
  for (const l of LANGUAGES) langSel.append(el("option", { value: l.id, lang: l.id, text: l.name }));
  langSel.value = i18n.language();
  langSel.addEventListener("change", (e) => cb.language(e.target.value));
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());
  $("ranking-close").addEventListener("click", () => $("ranking-dialog").close());
  $("play-again").addEventListener("click", () => {
    $("ranking-dialog").close();
    cb.playAgain();
  });

  /** The replay bar: null hides it; else { k, n, words }. */
  function renderReplay(v) {
    const bar = $("replay-bar");
    bar.hidden = !v;
    $("replay").setAttribute("aria-pressed", String(!!v));
    if (!v) return;
    const slider = $("replay-slider");
    slider.max = String(v.n);
    slider.value = String(v.k);
    $("replay-pos").textContent = SAVE_WORDS.replayPos(v.k, v.n);
    $("replay-pos").dataset.k = String(v.k);
    $("replay-move").textContent = v.words;
    $("replay-first").disabled = $("replay-back").disabled = v.k === 0;
    $("replay-last").disabled = $("replay-forward").disabled = v.k === v.n;
  }

  function toast(message, kind = "error") {
    toastEl.textContent = message;
    toastEl.className = `toast ${kind === "info" ? "info" : ""}`;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (toastEl.hidden = true), kind === "info" ? 2600 : 4200);
  }

  /** A hint from targets.js ({ key, args }) in this table's language; "" for none. */
  const say = (h) => (h ? t(h.key, ...h.args) : "");

  /** Show a hint from targets.js in the toast. */
  function tell(h) {
    toast(say(h), "info");
  }

  function hideToast() {
    toastEl.hidden = true;
  }

  function thinking(text) {
    const t = $("thinking");
    t.hidden = !text;
    t.textContent = text || "";
  }

  // --- status & controls -----------------------------------------------

  /**
   * view: { snap, legal, decision, mode, seats, traySeat, selectionHint ({ key, args } or null),
   *         notice (words shown instead of the controls: the replay viewer's, or null),
   *         rotation: {value, legalHere, card, hex}, botTurn }
   */
  function renderStatus(v) {
    const { snap } = v;
    const turn = $("turn-line");
    turn.replaceChildren();
    if (snap.phase === "over") {
      turn.append(t("u.gameOver"));
    } else if (snap.current !== null && snap.current !== undefined) {
      const p = snap.players[snap.current];
      turn.append(swatch(p.color), el("span", { text: `${p.name}` }), el("span", { class: "badge", text: snap.phase === "setup" ? t("u.setup") : t("u.turn", snap.turn) }));
      if (isBotSeat(v.seats[snap.current])) turn.append(el("span", { class: "badge", text: t("u.bot") }));
    }
    $("prompt").textContent = promptWords(snap, i18n.language(), words);
    const c = $("controls");
    c.replaceChildren();
    if (v.notice) {
      c.append(el("p", { class: "hint", text: v.notice }));
      return;
    }
    if (v.botTurn) {
      // a person at another browser (an online table), or a bot
      const remote = v.seats[snap.current] && v.seats[snap.current].kind === "remote";
      c.append(el("p", { class: "hint", text: t(remote ? "o.waitFor" : "u.botWatch", playerName(snap, snap.current)) }));
      return;
    }
    switch (v.decision) {
      case "setup":
        c.append(hint(t("h.setup")));
        break;
      case "turn":
        c.append(picker(v));
        c.append(hint(say(v.selectionHint) || (v.mode === "king" ? t("h.king") : t("h.turn"))));
        if (v.hasSelection) c.append(el("button", { type: "button", id: "clear-selection", onclick: () => cb.clearSelection(), text: t("u.clearSelection") }));
        break;
      case "place_new":
        c.append(hint(say(v.selectionHint) || t("h.place_new")));
        if (v.hasSelection) c.append(el("button", { type: "button", id: "clear-selection", onclick: () => cb.clearSelection(), text: t("u.clearSelection") }));
        break;
      case "emigrate":
        c.append(hint(t("h.emigrate")));
        break;
      case "land":
        c.append(tray(v));
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

  function hint(text) {
    return el("p", { class: "hint", text });
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

  function tray(v) {
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

  function rotateControls(v) {
    const r = v.rotation;
    const name = cardName(v.snap, v.snap.pending && v.snap.pending.card);
    const out = el("output", { id: "rotation", "data-rotation": r.value ?? "", "aria-live": "polite" }, t("ro.turned", name, (r.value ?? 0) * 60, r.hex));
    return el(
      "div",
      { class: "rotate" },
      el("button", { type: "button", id: "rotate-left", title: t("ro.leftTitle"), "aria-label": t("ro.left"), onclick: () => cb.rotate(-1), text: "⟲" }),
      el("button", { type: "button", id: "rotate-right", title: t("ro.rightTitle"), "aria-label": t("ro.right"), onclick: () => cb.rotate(1), text: "⟳" }),
      out,
    );
  }

  // --- players & pile ---------------------------------------------------

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

  // --- legal actions ----------------------------------------------------

  const ACTION_LIMIT = 60;

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

  // --- log --------------------------------------------------------------

  function log(lines) {
    const ol = $("log");
    for (const l of lines) {
      const li = el("li", { class: l.cls || null, text: l.text });
      ol.append(li);
    }
    while (ol.children.length > 400) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }

  function clearLog() {
    $("log").replaceChildren();
  }

  // --- new game dialog --------------------------------------------------

  function seatRow(seat, i) {
    const kindSel = el("select", { class: "seat-kind", "aria-label": t("ng.kind", i + 1) });
    kindSel.append(el("option", { value: "human", text: t("ng.person") }));
    for (const k of BOT_KINDS) kindSel.append(el("option", { value: k.id, text: t(`bot.${k.id}`) === `bot.${k.id}` ? k.label : t(`bot.${k.id}`) }));
    kindSel.value = seat.kind || "human";
    const colorSel = el("select", { class: "seat-color", "aria-label": t("ng.colour", i + 1) });
    for (const c of COLOR_ORDER) colorSel.append(el("option", { value: c, text: t(`color.${c}`) }));
    colorSel.value = seat.color;
    const sw = swatch(seat.color);
    colorSel.addEventListener("change", () => {
      sw.style.background = colorOf(colorSel.value);
      sw.dataset.mark = markOf(colorSel.value);
      sw.innerHTML = markSvg(markOf(colorSel.value));
    });
    return el(
      "li",
      { class: "seat" },
      sw,
      el("input", { type: "text", class: "seat-name", value: seat.name || "", maxlength: "40", "aria-label": t("ng.name", i + 1), placeholder: t("seatName", i) }),
      colorSel,
      kindSel,
      el("button", { type: "button", class: "seat-up", "aria-label": t("ng.up", i + 1), title: i === 0 ? t("ng.starts") : t("ng.earlier"), disabled: i === 0, text: "↑" }),
      el("button", { type: "button", class: "seat-remove", "aria-label": t("ng.remove", i + 1), title: t("ng.removeTitle"), text: "✕" }),
    );
  }

  /** Open the dialog with `defaults` {seats:[{name,color,kind}], seed}; resolves to options or null. */
  function newGameDialog(defaults) {
    const dlg = $("newgame-dialog");
    const list = $("seats");
    const err = $("newgame-error");
    err.hidden = true;
    let seats = defaults.seats.map((s) => ({ ...s }));
    const read = () =>
      [...list.children].map((li) => ({
        name: li.querySelector(".seat-name").value.trim(),
        color: li.querySelector(".seat-color").value,
        kind: li.querySelector(".seat-kind").value,
      }));
    const draw = () => {
      list.replaceChildren(...seats.map(seatRow));
      [...list.querySelectorAll(".seat-up")].forEach((b, i) => {
        b.addEventListener("click", () => {
          seats = read();
          [seats[i - 1], seats[i]] = [seats[i], seats[i - 1]];
          draw();
        });
      });
      [...list.querySelectorAll(".seat-remove")].forEach((b, i) => {
        b.disabled = seats.length <= 2;
        b.addEventListener("click", () => {
          seats = read();
          seats.splice(i, 1);
          draw();
        });
      });
      $("add-seat").disabled = seats.length >= 6;
    };
    draw();
    $("seed").value = defaults.seed ?? "";
    const online = onlineChoice($, t, defaults.online, defaults.preset); // "Play online" (online/dialog.js)
    return new Promise((resolve) => {
      const add = () => {
        seats = read();
        const used = new Set(seats.map((s) => s.color));
        const color = COLOR_ORDER.find((c) => !used.has(c)) || "blue";
        seats.push({ name: "", color, kind: "random" });
        draw();
      };
      const submit = (e) => {
        e.preventDefault();
        const s = read();
        const colors = s.map((x) => x.color);
        if (new Set(colors).size !== colors.length) {
          err.textContent = t("ng.sameColour");
          err.hidden = false;
          return;
        }
        const seedText = $("seed").value.trim();
        const options = { players: s.map((x) => ({ name: x.name || undefined, color: x.color })), seats: s.map((x) => x.kind) };
        if (online.on()) {
          const problem = online.problem(s);
          if (problem) {
            err.textContent = problem;
            err.hidden = false;
            return;
          }
          options.online = online.options();
        } else if (seedText !== "") options.seed = Number(seedText);
        const problem = cb.tryNewGame(options);
        if (problem) {
          err.textContent = problem;
          err.hidden = false;
          return;
        }
        done();
        dlg.close();
        resolve(options);
      };
      const cancel = () => {
        done();
        dlg.close();
        resolve(null);
      };
      const done = () => {
        $("add-seat").removeEventListener("click", add);
        $("newgame-form").removeEventListener("submit", submit);
        $("newgame-cancel").removeEventListener("click", cancel);
        dlg.removeEventListener("cancel", cancel);
      };
      $("add-seat").addEventListener("click", add);
      $("newgame-form").addEventListener("submit", submit);
      $("newgame-cancel").addEventListener("click", cancel);
      dlg.addEventListener("cancel", cancel);
      dlg.showModal();
    });
  }

  // --- ranking ----------------------------------------------------------

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

  function closeDialogs() {
    for (const id of ["ranking-dialog", "newgame-dialog", "help-dialog"]) if ($(id).open) $(id).close();
  }

  /** Show the speed in its menu (when it is one of the menu's). */
  function showSpeed(v) {
    const sel = $("speed");
    if ([...sel.options].some((o) => Number(o.value) === v)) sel.value = String(v);
  }

  /** The Take-back button: enabled when there is a move to take back. */
  function showTakeBack(on) {
    $("take-back").disabled = !on;
  }

  function showAutoForced(on) {
    $("auto-forced").checked = on;
  }

  /** Show the language in the switch. */
  function showLanguage(id) {
    langSel.value = id;
  }

  return { toast, tell, hideToast, thinking, renderStatus, renderPlayers, renderActions, log, clearLog, newGameDialog, showRanking, closeDialogs, renderReplay, showSpeed, showAutoForced, showTakeBack, showLanguage };
}
