// The new-game dialog's online tab (ui/new-game.js): "On this device" or
// "Play online". Online, the player's name (asked once, remembered; never
// "You"), Quick play (one click: a seat at the table that has waited
// longest, or a new one others can find), the lobby (public tables waiting
// for players: seats, who sits, live or turn-based, how long it has
// waited, Join on each; asked again every few seconds while shown), the
// tables this browser holds a seat at ("My tables": whose turn, Go), and a
// new table: "Find players" (listed in the lobby) or "Invite friends" (the
// link only), live or turn-based, from the seat list (the first seat is
// ours; bots play on the server; no seed: the server draws it).

import { el } from "../dom.js";
import { colorOf, COLOR_ORDER } from "../render.js";
import { rememberedName } from "./api.js";

/** How often the lobby is asked again while it is shown (ms). */
export const LOBBY_EVERY = 4000;

/** "waiting 3 min": how long a table has waited, in the reader's words. */
export function waitedWords(t, secs) {
  const s = Math.max(0, Math.floor(Number(secs) || 0));
  return s < 60 ? t("o.waitedSecs", s) : s < 3600 ? t("o.waitedMin", Math.floor(s / 60)) : t("o.waitedHours", Math.floor(s / 3600));
}

/** A seat's words in the lobby: a person's name, or the bot's kind in the reader's words. */
export function lobbySeatWords(t, p) {
  if (!p.bot) return p.name;
  const kind = t(`bot.${p.bot}`);
  return kind === `bot.${p.bot}` ? p.bot : kind;
}

/** One table of the lobby as a list item (text only: names are set as text). */
export function lobbyItem(t, table, onJoin) {
  const chips = el("span", { class: "lobby-seats", "aria-hidden": "true" });
  const taken = new Map((table.players || []).map((p) => [p.seat, p]));
  for (let i = 0; i < table.seats; i++) {
    const c = el("span", { class: `lobby-seat${taken.has(i) ? "" : " free"}` });
    if (taken.has(i)) c.style.background = colorOf(COLOR_ORDER[i] || "blue");
    chips.append(c);
  }
  const who = (table.players || []).map((p) => lobbySeatWords(t, p)).join(", ");
  return el(
    "li",
    { class: "lobby-table", "data-table": table.table },
    chips,
    el(
      "span",
      { class: "lobby-what" },
      el("span", { class: "lobby-who", text: who }),
      el("span", { class: "lobby-meta", text: `${t("o.lobbySeats", table.free, table.seats)} · ${table.mode === "turn" ? t("o.turnBased") : t("o.live")} · ${waitedWords(t, table.waited)}` }),
    ),
    el("button", { type: "button", class: "lobby-join primary", "data-table": table.table, text: t("o.join"), onclick: () => onJoin(table.table) }),
  );
}

/** One of "My tables" (a seat this browser holds) as a list item. */
export function mineItem(t, m, onGo) {
  const state =
    m.status === "waiting" ? t("o.mineWaiting") : m.status === "over" ? t("o.mineOver") : m.yourTurn ? t("o.mineYourTurn") : m.turnName ? t("o.mineTurnOf", m.turnName) : t("o.mineWaitingMove");
  return el(
    "li",
    { class: `mine-table${m.yourTurn ? " your-turn" : ""}`, "data-table": m.table },
    el("span", { class: "mine-what" }, el("span", { class: "mine-who", text: m.others || m.table }), el("span", { class: "mine-meta", text: `${m.mode === "turn" ? t("o.turnBased") : t("o.live")} · ${state}` })),
    el("button", { type: "button", class: `mine-go${m.yourTurn ? " primary" : ""}`, "data-table": m.table, text: t("o.mineGo"), onclick: () => onGo(m.table) }),
  );
}

/**
 * `$` finds the dialog's parts by id; `t` the table's words; `offered`:
 * the table's online tables (app.js: lobby(), mine()) where a server can be
 * reached, else false. `preset`: {mode} opens the online tab in that mode
 * ("Play again" at an online table, for a spectator). `finish(options)`
 * closes the dialog with options (quick play, a join, a table to go to).
 * Returns { on(), problem(seats), options(), stop() }.
 */
export function onlineChoice($, t, offered, preset = null, finish = () => {}) {
  const here = $("local-play");
  const box = $("online-play");
  const panel = $("online-panel");
  $("newgame-where").hidden = !offered;
  box.checked = !!(offered && preset);
  here.checked = !box.checked;
  if (box.checked && preset.mode) $("online-mode").value = preset.mode;
  const name = $("online-own-name");
  if (!name.value) name.value = rememberedName();
  $("online-find").checked = !preset;
  $("online-friends").checked = !!preset;
  $("online-public").checked = !preset;
  let timer = 0;
  let stopped = false;

  const problemEl = $("online-problem");
  const sayProblem = (words) => {
    problemEl.hidden = !words;
    problemEl.textContent = words || "";
  };
  const needName = () => {
    const n = name.value.trim();
    if (n) return n;
    sayProblem(t("o.nameNeeded"));
    name.focus();
    return null;
  };

  async function refreshLobby() {
    clearTimeout(timer);
    if (stopped || !box.checked || !offered) return;
    const list = $("lobby-list");
    const status = $("lobby-status");
    try {
      const r = await offered.lobby();
      if (stopped) return;
      const tables = (r && r.tables) || [];
      list.replaceChildren(...tables.map((x) => lobbyItem(t, x, join)));
      status.textContent = tables.length ? "" : t("o.lobbyEmpty");
      status.hidden = !!tables.length;
    } catch (e) {
      if (stopped) return;
      status.textContent = t("o.lobbyFailed");
      status.hidden = false;
    }
    // asked again while shown, not while the tab is in the background
    if (!stopped) timer = setTimeout(refreshLobby, typeof document !== "undefined" && document.hidden ? LOBBY_EVERY * 4 : LOBBY_EVERY);
  }

  async function refreshMine() {
    if (!offered || !offered.mine) return;
    const list = $("mine-list");
    let mine = [];
    try {
      mine = (await offered.mine()) || [];
    } catch {
      mine = [];
    }
    if (stopped) return;
    list.replaceChildren(...mine.map((m) => mineItem(t, m, go)));
    $("mine-part").hidden = !mine.length;
  }

  function join(table) {
    const n = needName();
    if (n) finish({ online: { join: table, name: n } });
  }
  function go(table) {
    finish({ online: { go: table } });
  }

  // Online, the first seat is ours: it carries our name (never a default such as "You").
  const firstSeat = () => $("seats").querySelector("li .seat-name");
  const mirror = () => {
    const f = firstSeat();
    if (f && box.checked) f.value = name.value.trim();
  };
  name.oninput = mirror;

  const show = () => {
    const on = box.checked;
    mirror();
    panel.hidden = !on;
    $("online-mode").disabled = !on;
    $("online-hint").hidden = !on;
    $("seed-label").hidden = on;
    // (data-t too: a switch of language while the dialog is open says it again)
    $("newgame-start").dataset.t = on ? "o.create" : "m.start";
    $("newgame-start").textContent = on ? t("o.create") : t("m.start");
    sayProblem(null);
    if (on) {
      refreshLobby();
      refreshMine();
    } else clearTimeout(timer);
  };
  here.onchange = show;
  box.onchange = show;
  $("online-find").onchange = () => ($("online-public").checked = true);
  $("online-friends").onchange = () => ($("online-public").checked = false);
  $("online-quick").onclick = () => {
    const n = needName();
    if (n) finish({ online: { quick: true, name: n } });
  };
  show();
  return {
    on: () => !!offered && box.checked,
    /** Why these seats ({kind} in seat order) cannot be an online table, or null. */
    problem: (seats) => (!name.value.trim() ? t("o.nameNeeded") : seats[0] && seats[0].kind === "human" ? null : t("o.firstSeat")),
    options: () => ({ mode: $("online-mode").value, public: $("online-public").checked, name: name.value.trim() }),
    /** The dialog closed: no more asking. */
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
