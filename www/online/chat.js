// The chat at an online table (issue 31): a panel beside the players, for
// players and spectators. Lines are plain text, set as text (never as
// HTML); a canned phrase comes as its id and is shown in the reader's own
// language (chat.phrase.ID), so "Good luck!" reads "Viel Glück!" in
// German. A reader may mute another speaker on their own screen (kept for
// the tab's session). On a phone the panel is folded under its title,
// which counts the lines not read yet. The table's creator may turn the
// spectators' chat off. What the server says (chat_history, chat,
// chat_settings) comes in through `history`, `line` and `settings`; what
// the reader says goes out through `send`.

import { el } from "../dom.js";
import { colorOf, COLOR_ORDER } from "../render.js";

/** The canned phrases, by the ids the server knows (server/src/online/chat.rs). */
export const PHRASES = Object.freeze(["hello", "good_luck", "thinking", "well_played", "thanks", "good_game"]);

/** Lines the panel keeps (the server sends the last 100 on arrival). */
const KEEP = 200;

/** Who said a line, as a mute key: a seat, or a spectator by name. */
export const speakerKey = (line) => (line.seat === null || line.seat === undefined ? `w:${line.name || ""}` : `s:${line.seat}`);

/** The text of a line in the reader's language: a phrase's own words, else the line as sent. */
export function lineText(line, t) {
  if (line.phrase && PHRASES.includes(line.phrase)) {
    const words = t(`chat.phrase.${line.phrase}`);
    if (typeof words === "string" && words !== `chat.phrase.${line.phrase}`) return words;
  }
  return String(line.text ?? "");
}

/** Lines by id, in order, each once (a line can come in the history and live). */
export function mergeLines(lines, more) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const l of more) if (l && Number.isFinite(l.id)) byId.set(l.id, l);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEEP);
}

const muteKey = (table) => `tongiaki.chat.mute.${table}`;

function loadMutes(table) {
  try {
    const v = JSON.parse(sessionStorage.getItem(muteKey(table)));
    return new Set(Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

function saveMutes(table, set) {
  try {
    sessionStorage.setItem(muteKey(table), JSON.stringify([...set]));
  } catch {
    // storage off: the mutes last as long as the page
  }
}

/**
 * The chat panel of table `s` (state.js) at online table `table`.
 * `send(message)`: false when not connected. `me()`: { seat (ours or
 * null), creator (we sit in seat 0) }. `colors()`: the seats' colours.
 */
export function createChat(s, { table, send, me, colors = () => [] }) {
  const t = (...a) => s.i18n.t(...a);
  const root = s.dom.root;
  const players = root.querySelector("#players");
  const after = players ? players.closest(".panel") : root.querySelector(".status-panel");
  const phone = () => (root.host ? root.host : root.ownerDocument.documentElement).clientWidth <= 600;

  let lines = [];
  let spectators = true;
  let unread = 0;
  let note = null; // the last refusal, in words
  const mutes = loadMutes(table);

  const count = el("span", { class: "chat-unread", id: "chat-unread", hidden: true });
  const toggle = el("button", { type: "button", id: "chat-toggle", class: "chat-toggle", "aria-expanded": "true", "aria-controls": "chat-body" });
  const title = el("h2", { class: "chat-title" }, toggle);
  const list = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite", "aria-relevant": "additions" });
  const muted = el("p", { id: "chat-muted", class: "chat-muted", hidden: true });
  const phrases = el("div", { class: "chat-phrases", role: "group", id: "chat-phrases" });
  const input = el("input", { type: "text", id: "chat-input", maxlength: "300", autocomplete: "off", enterkeyhint: "send" });
  const sendButton = el("button", { type: "submit", id: "chat-send" });
  const form = el("form", { id: "chat-form", class: "chat-form" }, input, sendButton);
  const noteEl = el("p", { id: "chat-note", class: "chat-note", role: "status", hidden: true });
  const specBox = el("input", { type: "checkbox", id: "chat-spectators" });
  const specRow = el("label", { class: "check chat-spectators", id: "chat-spectators-row", hidden: true }, specBox, el("span", { id: "chat-spectators-label" }));
  const body = el("div", { id: "chat-body", class: "chat-body" }, list, muted, phrases, form, noteEl, specRow);
  const panel = el("section", { id: "chat", class: "panel chat-panel", "data-table": table }, title, body);
  if (after) after.after(panel);
  else root.querySelector(".side")?.append(panel);

  let open = !phone();

  toggle.addEventListener("click", () => {
    open = !open;
    if (open) unread = 0;
    render();
    if (open && !phone()) input.focus();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (say({ type: "chat", text })) input.value = "";
  });
  specBox.addEventListener("change", () => {
    if (!send({ type: "chat_settings", spectators: specBox.checked })) specBox.checked = spectators;
  });

  function say(m) {
    const ok = send(m);
    note = ok ? null : t("online.offline");
    renderNote();
    return ok;
  }

  function canSpeak() {
    return me().seat !== null || spectators;
  }

  function renderNote() {
    const off = !canSpeak();
    const words = off ? t("chat.off") : note;
    noteEl.hidden = !words;
    noteEl.textContent = words || "";
    input.disabled = off;
    sendButton.disabled = off;
    for (const b of phrases.children) b.disabled = off;
  }

  function lineEl(line) {
    const key = speakerKey(line);
    const own = me().seat !== null && line.seat === me().seat;
    const name = line.name || t("chat.spectator");
    const who = el("span", { class: "chat-who" });
    if (line.seat !== null && line.seat !== undefined) {
      const c = colors()[line.seat] || COLOR_ORDER[line.seat];
      if (c) who.append(el("span", { class: "chat-dot", style: `background:${colorOf(c)}`, "aria-hidden": "true" }));
    }
    const spectator = line.seat === null || line.seat === undefined;
    who.append(spectator && line.name ? `${line.name} (${t("chat.watching")})` : name);
    const at = Number.isFinite(line.at) ? new Date(line.at) : null;
    const li = el(
      "li",
      { class: `chat-line${line.phrase ? " phrase" : ""}${own ? " own" : ""}`, "data-id": String(line.id), "data-speaker": key, title: at ? at.toLocaleTimeString() : null },
      who,
      el("span", { class: "chat-text", text: lineText(line, t) }),
    );
    if (!own) {
      li.append(el("button", { type: "button", class: "chat-mute link", "data-speaker": key, title: t("chat.mute", name), "aria-label": t("chat.mute", name), text: "⊘", onclick: () => setMute(key, true) }));
    }
    return li;
  }

  function setMute(key, on) {
    if (on) mutes.add(key);
    else mutes.delete(key);
    saveMutes(table, mutes);
    render();
  }

  function renderMuted() {
    const names = new Map();
    for (const l of lines) {
      const k = speakerKey(l);
      if (mutes.has(k)) names.set(k, l.name || t("chat.spectator"));
    }
    for (const k of mutes) if (!names.has(k) && k.startsWith("w:")) names.set(k, k.slice(2) || t("chat.spectator"));
    muted.hidden = names.size === 0;
    muted.replaceChildren(
      ...(names.size ? [el("span", { text: t("chat.mutedList") })] : []),
      ...[...names].map(([k, name]) => el("button", { type: "button", class: "chat-unmute link", "data-speaker": k, title: t("chat.unmute", name), text: `${name} ✕`, onclick: () => setMute(k, false) })),
    );
  }

  function render() {
    toggle.replaceChildren(t("chat.title"), " ", count);
    toggle.setAttribute("aria-expanded", String(open));
    toggle.title = open ? t("chat.fold") : t("chat.unfold");
    count.hidden = open || unread === 0;
    count.textContent = unread ? t("chat.unread", unread) : "";
    body.hidden = !open;
    panel.classList.toggle("folded", !open);
    const shown = lines.filter((l) => !mutes.has(speakerKey(l)));
    list.replaceChildren(...(shown.length ? shown.map(lineEl) : [el("li", { class: "chat-empty", text: t("chat.empty") })]));
    list.scrollTop = list.scrollHeight;
    renderMuted();
    phrases.setAttribute("aria-label", t("chat.phrases"));
    phrases.replaceChildren(...PHRASES.map((p) => el("button", { type: "button", class: "chat-phrase", "data-phrase": p, text: t(`chat.phrase.${p}`), onclick: () => say({ type: "chat", phrase: p }) })));
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", t("chat.placeholder"));
    sendButton.textContent = t("chat.send");
    specRow.hidden = !me().creator;
    specBox.checked = spectators;
    root.querySelector("#chat-spectators-label").textContent = t("chat.spectators");
    renderNote();
  }

  const offLanguage = s.i18n.onLanguage(() => render());

  render();

  return {
    /** The server's chat_history: the last lines and whether spectators may chat. */
    history(m) {
      lines = mergeLines(lines, Array.isArray(m.lines) ? m.lines : []);
      if (typeof m.spectators === "boolean") spectators = m.spectators;
      render();
    },
    /** One line said at the table. */
    line(m) {
      const known = lines.some((l) => l.id === m.id);
      lines = mergeLines(lines, [m]);
      const own = me().seat !== null && m.seat === me().seat;
      if (!known && !open && !own && !mutes.has(speakerKey(m))) unread++;
      render();
    },
    /** The creator let spectators chat, or not. */
    settings(m) {
      spectators = !!m.spectators;
      render();
    },
    /** A refusal of something we said (bad_chat, rate_limited, chat_off), in words. */
    refused(words) {
      note = words;
      renderNote();
    },
    /** Our seat changed (a welcome). */
    redraw: render,
    /** Shown beside the table's players; hidden while the game on this device waits behind the waiting room. */
    show(on) {
      panel.hidden = !on;
    },
    get unread() {
      return unread;
    },
    lines: () => lines.map((l) => ({ ...l })),
    remove() {
      if (typeof offLanguage === "function") offLanguage();
      panel.remove();
    },
  };
}
