// The online table's dialogs (issue 12): joining a table by its link (a name,
// or just watching) and the waiting room — the invitation link with a copy
// button, the seats filling as people join, and Start for the table's
// creator. It draws what it is given and reports what the player chose; the
// table itself is online/session.js.

import { colorOf, COLOR_ORDER } from "../render.js";
import { markOf, markSvg } from "../marks.js";
import { el } from "../dom.js";

const ROOM_HTML = `
<dialog id="online-dialog" class="dialog online-dialog" aria-labelledby="online-title">
  <h2 id="online-title" data-t="o.roomTitle">Online table</h2>
  <form id="online-join" class="online-join" hidden>
    <p id="online-join-text"></p>
    <label class="online-name"><span data-t="o.yourName">Your name</span>
      <input id="online-name" type="text" maxlength="40" autocomplete="nickname" required /></label>
    <p id="online-join-error" class="error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" id="online-watch" data-t="o.watch">Just watch</button>
      <button type="submit" id="online-join-button" class="primary" data-t="o.join">Join</button>
    </div>
  </form>
  <div id="online-room" class="online-room" hidden>
    <p id="online-room-hint" class="hint"></p>
    <div class="invite">
      <input id="online-link" type="text" readonly aria-label="Invitation link" data-t-aria-label="o.inviteLabel" />
      <button type="button" id="online-copy" data-t="o.copy">Copy</button>
    </div>
    <p id="online-mode-line" class="hint"></p>
    <ol id="online-seats" class="online-seats"></ol>
    <p id="online-room-status" class="online-room-status" aria-live="polite"></p>
    <p id="online-room-error" class="error" role="alert" hidden></p>
    <div class="row end">
      <button type="button" id="online-leave" data-t="o.leave">Leave</button>
      <button type="button" id="online-start" class="primary" title="Start now: the free seats get bots." data-t-title="o.startHint" data-t="o.startNow">Start now</button>
    </div>
  </div>
</dialog>`;

/** A seat's colour chip: the server gives the colours in seat order. */
function chip(seat) {
  const color = COLOR_ORDER[seat] || "blue";
  const c = el("span", { class: "swatch", "aria-hidden": "true" });
  c.style.background = colorOf(color);
  c.innerHTML = markSvg(markOf(color));
  return c;
}

/** The dialogs of table `s` (state.js); `t` its words. */
export function createRoom(s) {
  const { root } = s.dom;
  const host = root.querySelector(".tongiaki-root") || root;
  host.insertAdjacentHTML("beforeend", ROOM_HTML);
  const $ = (id) => root.querySelector(`#${id}`);
  const dlg = $("online-dialog");
  const t = (...a) => s.i18n.t(...a);
  s.i18n.translateTree(dlg);
  let view = null; // what the room shows: { link, seats, seat, mode, turnClock, creator }
  let onJoin = null;
  let onWatch = null;
  let onLeave = null;
  let onStart = null;

  // The room stays until the game begins or the player leaves: Esc does not close it.
  dlg.addEventListener("cancel", (e) => e.preventDefault());
  $("online-join").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = $("online-name").value.trim();
    if (!name || !onJoin) return;
    const button = $("online-join-button");
    button.disabled = true;
    const problem = await onJoin(name);
    button.disabled = false;
    const err = $("online-join-error");
    err.hidden = !problem;
    err.textContent = problem || "";
  });
  // a spectator's name (if given) is its name in the chat
  $("online-watch").addEventListener("click", () => onWatch && onWatch($("online-name").value.trim()));
  $("online-leave").addEventListener("click", () => onLeave && onLeave());
  $("online-start").addEventListener("click", async () => {
    if (!onStart) return;
    $("online-start").disabled = true;
    const problem = await onStart();
    $("online-start").disabled = false;
    const err = $("online-room-error");
    err.hidden = !problem;
    err.textContent = problem || "";
  });
  $("online-copy").addEventListener("click", async () => {
    const input = $("online-link");
    let done = false;
    try {
      await navigator.clipboard.writeText(input.value);
      done = true;
    } catch {
      input.select();
      try {
        done = root.ownerDocument.execCommand("copy");
      } catch {
        done = false;
      }
    }
    const b = $("online-copy");
    b.textContent = done ? t("o.copied") : t("o.copy");
    if (done) setTimeout(() => (b.textContent = t("o.copy")), 2000);
  });
  s.i18n.onLanguage(() => render());

  function open() {
    if (!dlg.open) dlg.showModal();
  }

  /**
   * Ask a visitor of a waiting table to join it (`join(name)` resolves to
   * null or the refusal's words) or to watch (`watch(name)`); `name`: the
   * one this player gave last time (asked once, remembered).
   */
  function askJoin(info, { join, watch, leave, name = "" }) {
    onJoin = join;
    onWatch = watch;
    onLeave = leave;
    const hostSeat = info.seats.find((x) => x && x.name && !x.bot);
    $("online-join-text").textContent = t("o.joinText", hostSeat ? hostSeat.name : "");
    $("online-join-error").hidden = true;
    $("online-join").hidden = false;
    $("online-room").hidden = true;
    if (name && !$("online-name").value) $("online-name").value = name;
    open();
    $("online-name").focus();
  }

  /** The waiting room: { link, seats, seat (ours or null), mode, turnClock }; `start()` and `leave()` as above. */
  function showRoom(v, { start, leave }) {
    view = v;
    onStart = start;
    onLeave = leave;
    $("online-join").hidden = true;
    $("online-room").hidden = false;
    $("online-room-error").hidden = true;
    render();
    open();
  }

  function render() {
    if (!view) return;
    const v = view;
    $("online-link").value = v.link;
    $("online-room-hint").textContent = v.seat === null ? t("o.watching") : t("o.inviteHint");
    $("online-mode-line").textContent = v.mode === "turn" ? t("o.modeTurn") : t("o.modeLive", Math.round((v.turnClock || 0) / 60));
    const ol = $("online-seats");
    ol.replaceChildren(
      ...v.seats.map((x, i) => {
        const who = x.free ? el("span", { class: "free", text: t("o.free") }) : el("span", { class: "who", text: x.name });
        const li = el("li", { "data-seat": String(i), class: x.free ? "free" : null }, chip(i), who);
        if (x.bot) li.append(el("span", { class: "badge", text: t(`bot.${x.bot}`) }));
        if (i === v.seat) li.append(el("span", { class: "badge you", text: t("o.you") }));
        if (!x.free && !x.bot) li.append(el("span", { class: `link-dot ${x.connected ? "on" : "off"}`, title: t(x.connected ? "o.connectedSeat" : "o.awaySeat") }));
        return li;
      }),
    );
    const missing = v.seats.filter((x) => x.free).length;
    $("online-room-status").textContent = t("o.waitingFor", missing);
    const start = $("online-start");
    start.hidden = v.seat !== 0;
  }

  /** New seats while the room is open. */
  function update(v) {
    if (!view) return;
    view = { ...view, ...v };
    render();
  }

  function close() {
    view = null;
    onJoin = onWatch = onStart = onLeave = null;
    if (dlg.open) dlg.close();
  }

  return { askJoin, showRoom, update, close, get isOpen() {
    return dlg.open;
  } };
}
