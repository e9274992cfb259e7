// Online tables in the page (issue 12): creating one from the new-game
// dialog, joining or watching one by its link, the waiting room, and then
// the game itself — played with the same board, clicks, tray, animations,
// log and words as a local one. The server is the source of the game: its
// `state` messages go into an OnlineGame (game.js, the wasm Game's methods)
// and through turns.js's `applied` like a local move; our clicks become
// `act`s. Other seats (people elsewhere, bots) move on the server. The
// connection comes back by itself (connection.js); a reload or a new tab
// sits at the same seat again (the token in localStorage, api.js). When the
// game is over the server hands out its save, and the table becomes an
// ordinary finished game: save it, replay it.
//
// While the page is at a table (from sitting down, in the waiting room, to
// leaving) the table is the table's source (`s.source`, source.js): take
// back and autosave stay off (they are local features), other seats move on
// the server, the voyage odds come from the server (game.js's askOdds). The
// game on this device waits behind the waiting room, with its own source,
// which comes back if the player leaves before the game begins.
//
// Meeting strangers (issue 31): quick play, a table of the lobby and "My
// tables" come from the new-game dialog (online/dialog.js); the name is
// asked once and remembered. After the welcome the server sends the whole
// game so far (`history`: the log shows every move as the players read it,
// past.js, and the replay viewer steps through it without leaving the
// table) and the chat so far (chat.js, the panel beside the players); a
// player back at a turn-based table sees what happened "while you were
// away". At the end, Rematch: the first to ask makes the new table and the
// others join it with one click under their name.

import { startGame, openReplay } from "../session.js";
import { applied, afterChange, settle } from "../turns.js";
import { refresh, refreshPanels } from "../view.js";
import { cancelPending, isBotTurn } from "../state.js";
import { localSource, dropSource } from "../source.js";
import { el } from "../dom.js";
import { createApi, keptSeat, keptSeats, keepSeat, forgetSeat, isTableId, onlineError, rememberedName, rememberName } from "./api.js";
import { createConnection } from "./connection.js";
import { OnlineGame } from "./game.js";
import { createRoom } from "./room.js";
import { createAttention } from "./attention.js";
import { createChat } from "./chat.js";
import { replayPast, sinceLastMove } from "./past.js";
import { mineItem } from "./dialog.js";

/** Refusals that answer something said in the chat: shown in its panel. */
const CHAT_CODES = new Set(["bad_chat", "chat_off", "creator_only"]);

/** "My tables": at most this many of the seats this browser holds are looked up. */
const MINE = 12;

/** The page's own server: where it was served from. */
const pageServer = () => new URL("./", document.baseURI).href;

/**
 * The online tables of table `s`. `options`: `server` (the server's URL; the
 * page's own by default), `page` (this is the game's own page: the URL
 * carries ?table=ID, the tab title calls the player).
 */
export function createOnlineTables(s, options = {}) {
  const server = new URL(options.server || pageServer(), typeof location === "undefined" ? undefined : location.href).href;
  const api = createApi(server);
  const page = !!options.page;
  const t = (...a) => s.i18n.t(...a);
  const say = (e) => s.i18n.errorText(e);
  let room = null;
  const attention = page ? createAttention() : null;
  let at = null; // the table we are at: { id, seat, token, seats, status, info, game, conn, link, clock, past, chat, rematch, shown }
  let behind = null; // until the table's game begins: the source of the game on this device, behind the room
  let behindGame = null; // and that game

  const ui = () => s.dom.ui;
  const roomOf = () => (room = room || createRoom(s));

  function link(id) {
    const u = new URL(page ? location.href : server);
    u.search = `?table=${id}`;
    u.hash = "";
    return u.href;
  }

  function setPageUrl(id) {
    if (!page || typeof history === "undefined") return;
    const u = new URL(location.href);
    if (id) u.searchParams.set("table", id);
    else u.searchParams.delete("table");
    history.replaceState(history.state, "", u.href);
  }

  // ---- the seats ----------------------------------------------------------

  /** The seats as the table's state.js has them: ours is the person's; others are remote people or bots. */
  function seatKinds() {
    return at.seats.map((x, i) => ({
      kind: x.bot ? x.bot : i === at.seat ? "human" : "remote",
      online: { connected: !!x.connected, you: i === at.seat, away: x.away_secs ?? null },
    }));
  }

  function onTable() {
    return !!at && !!at.game && (s.game === at.game || at.over);
  }

  // ---- messages -----------------------------------------------------------

  function onMessage(m) {
    if (!at) return;
    switch (m.type) {
      case "welcome":
        at.seat = m.seat ?? null;
        if (at.game) at.game.seat = at.seat;
        break;
      case "seats":
        onSeats(m);
        break;
      case "state":
        onState(m);
        break;
      case "odds":
        if (at.game) at.game.gotOdds(m);
        break;
      case "error":
        onError(m);
        break;
      case "expired":
        ui().toast(t("o.expired"));
        break;
      case "history":
        onHistory(m);
        break;
      case "chat_history":
        chatOf().history(m);
        break;
      case "chat":
        chatOf().line(m);
        break;
      case "chat_settings":
        chatOf().settings(m);
        break;
      case "rematch":
        onRematch(m);
        break;
      default:
        break;
    }
  }

  // ---- the whole game for whoever arrives (past.js) --------------------------

  /** The server's `history`: every move so far ({n, seat, action, events}). */
  function onHistory(m) {
    const moves = Array.isArray(m.moves) ? m.moves : [];
    // A reconnect sends it again: keep the longer (the states that follow fill in the rest).
    if (!at.past || moves.length >= at.past.length) at.past = moves.map((x) => ({ action: x.action, events: x.events || [], seat: x.seat }));
    at.pastAsked = false;
  }

  /** Record a move the table played (a state message), or ask for the history again after a gap. */
  function pastAdd(m) {
    if (!at.past || !m.action) return;
    if (m.moves === at.past.length + 1) at.past.push({ action: m.action, events: m.events || [], seat: null });
    else if (m.moves > at.past.length + 1 && !at.pastAsked && at.conn) at.pastAsked = at.conn.send({ type: "history" });
  }

  /** The past replayed with the page's engine (past.js), or null. The caller frees `.game`. */
  function replayed(upTo = at.past ? at.past.length : 0) {
    if (!at.past || !at.game || !at.game.state || upTo > at.past.length) return null;
    return replayPast(s.Game, s.words, at.game.state.snapshot.players, at.past.slice(0, upTo));
  }

  /** The log's lines of moves [from, to) of the past (the whole game as the players read it). */
  function pastLines(r, from, to) {
    const lines = [];
    for (let k = from; k < to; k++) lines.push(...r.lines[k]);
    return lines;
  }

  /** The public save of the game so far (replayed from the past): what the replay viewer steps through. */
  function publicSave() {
    const r = replayed();
    if (!r) throw onlineError("not_over");
    r.game.free();
    return r.save;
  }

  /** "While you were away" (a turn-based table): the moves since our last one, at a glance, and a way to step through them. */
  function showAway(r) {
    const since = at.seat !== null && at.info && at.info.mode === "turn" ? sinceLastMove(r.seats, at.seat) : null;
    awayEl()?.remove();
    if (!since) return;
    const lines = pastLines(r, since.from, r.lines.length).filter((l) => l.text);
    const shown = lines.slice(-12);
    const panel = el(
      "section",
      { id: "online-away", class: "panel online-away", "aria-live": "polite" },
      el("h2", { text: t("o.awayTitle") }),
      el("p", { class: "away-text", text: t("o.awayText", since.count) }),
      el("ol", { class: "away-lines" }, ...shown.map((l) => el("li", { class: l.cls || null, text: l.text }))),
      el(
        "div",
        { class: "row end" },
        el("button", { type: "button", id: "online-away-close", text: t("o.awayClose"), onclick: () => awayEl()?.remove() }),
        el("button", { type: "button", id: "online-away-step", class: "primary", text: t("o.awayStep"), onclick: () => {
          awayEl()?.remove();
          openReplay(s, since.from);
        } }),
      ),
    );
    s.dom.root.querySelector(".status-panel").before(panel);
  }

  const awayEl = () => s.dom.root.querySelector("#online-away");

  // ---- chat (chat.js) ----------------------------------------------------------

  function chatOf() {
    if (!at.chat) {
      at.chat = createChat(s, {
        table: at.id,
        send: (msg) => !!at && !!at.conn && at.conn.send(msg),
        me: () => ({ seat: at ? at.seat : null, creator: !!at && at.seat === 0 }),
        colors: () => (at && at.game && at.game.state ? at.game.state.snapshot.players.map((p) => p.color) : []),
      });
      at.chat.show(onTable());
    }
    return at.chat;
  }

  // ---- rematch -------------------------------------------------------------------

  /** An offer (to everyone at the table), or the answer to our own ask (with our seat and token at the new table). */
  function onRematch(m) {
    if (!isTableId(m.table)) return;
    if (typeof m.token === "string" && Number.isInteger(m.seat)) {
      const name = at.seat !== null && at.seats[at.seat] ? at.seats[at.seat].name : rememberedName();
      keepSeat(m.table, { seat: m.seat, token: m.token, name });
      at.rematch = { table: m.table, by: m.by, name: m.name, mine: true };
      open(m.table);
      return;
    }
    if (!at.rematch || at.rematch.table !== m.table) at.rematch = { table: m.table, by: m.by ?? null, name: m.name || "", mine: false, asked: false };
    showBar();
  }

  /** Ask for a rematch, or join the one offered (one click, under our name). */
  function askRematch() {
    if (!at || at.seat === null || !at.conn) return false;
    if (at.rematch) at.rematch.asked = true;
    else at.rematchAsked = true;
    const ok = at.conn.send({ type: "rematch" });
    if (!ok) ui().toast(t("online.offline"));
    showBar();
    return ok;
  }

  function onSeats(m) {
    at.seats = m.seats || at.seats;
    at.status = m.status || at.status;
    if (m.gone_after !== undefined) at.info.gone_after = m.gone_after;
    if (at.status === "waiting") {
      if (room && room.isOpen) room.update({ seats: at.seats, seat: at.seat });
      else showRoom();
    } else if (room && room.isOpen) room.close();
    if (onTable()) {
      s.seats = seatKinds();
      refreshPanels(s);
    }
    showBar();
  }

  function onState(m) {
    at.status = m.snapshot.phase === "over" ? "over" : "playing";
    at.clock = m.clock_ms === null || m.clock_ms === undefined ? null : { left: m.clock_ms, at: Date.now() };
    if (room && room.isOpen) room.close();
    if (!at.game) {
      // The game begins, or we come in while it is played.
      at.game = new OnlineGame((msg) => !!at && !!at.conn && at.conn.send(msg), at.seat);
      at.game.update(m);
      pastAdd(m);
      // the game behind the room is over for this table (a lesson ends)
      const was = behind;
      behind = behindGame = null;
      if (was) was.end();
      startGame(s, at.game, null, seatKinds(), m.snapshot.phase === "over", source);
      chatOf().show(true); // beside the table's own players now
      // The first visit's offer of a lesson (tutorial.js) is for the game on this device.
      const offer = s.dom.root.querySelector("#coach");
      if (offer && offer.querySelector("#coach-start")) offer.hidden = true;
      // Coming in while it is played: the whole log so far, as the players read it.
      const r = m.moves > 0 && at.past && at.past.length === m.moves ? replayed() : null;
      if (r) {
        ui().log([{ text: t("o.past", m.moves), cls: "turn" }, ...pastLines(r, 0, m.moves)]);
        showAway(r);
        r.game.free();
      } else ui().log([{ text: m.moves === 0 ? t("o.begins") : t("o.joinedAt", m.moves), cls: "turn" }]);
      at.shown = m.moves;
    } else if (s.game === at.game) {
      const g = at.game;
      cancelPending(s); // a forced move timed for the state before this one
      pastAdd(m);
      if (m.moves === g.moves + 1 && s.snap) {
        const before = s.snap;
        g.update(m);
        applied(s, m.action, before, m.events || []);
      } else {
        const from = g.moves;
        g.update(m);
        s.dom.animator.skip();
        refresh(s);
        if (m.moves > from) logMissed(from, m.moves);
        afterChange(s);
      }
      at.shown = m.moves;
    } else if (!at.over) {
      // The replay viewer is open over the table: the game goes on behind it.
      at.game.update(m);
      pastAdd(m);
    }
    callPlayer();
    showBar();
    if (at.status === "over") fetchSave();
  }

  /** Moves [from, to) made while this page did not show them (a reconnect, the replay viewer): their lines, as the players read them. */
  function logMissed(from, to) {
    const r = replayed(to);
    if (r) {
      ui().log([{ text: t("o.caughtUp", to - from), cls: "turn" }, ...pastLines(r, from, to)]);
      r.game.free();
    } else ui().log([{ text: t("o.caughtUp", to - from), cls: "turn" }]);
  }

  function onError(m) {
    if (CHAT_CODES.has(m.code) && at.chat) {
      at.chat.refused(say(m));
      return;
    }
    if (m.code === "rate_limited" && at.chat) at.chat.refused(say(m));
    if (at.rematchAsked || (at.rematch && at.rematch.asked)) {
      // a rematch refused (the new table is full, the store failed): may be asked again
      at.rematchAsked = false;
      if (at.rematch) at.rematch.asked = false;
      showBar();
    }
    if (at.game) at.game.refused();
    if (!at.conn || at.conn.stopped) {
      // A hello refused for good.
      if (m.code === "bad_token") {
        // Our token proves no seat here (any more): watch instead.
        forgetSeat(at.id);
        const id = at.id;
        stop();
        ui().toast(say(m));
        open(id);
        return;
      }
      ui().toast(say(m));
      stop();
      return;
    }
    ui().toast(say(m));
    if (s.game === at.game && at.game) {
      refresh(s); // our act was refused: the table is as it was, and playable again
      settle(s);
    }
  }

  function onStatus(st) {
    if (!at) return;
    at.link = st;
    showBar();
  }

  // ---- the game's end: its save ---------------------------------------------

  async function fetchSave() {
    if (!at || at.over || at.fetching) return;
    at.fetching = true;
    const here = at;
    let text;
    try {
      text = await api.save(here.id);
    } catch {
      here.fetching = false;
      if (at === here) here.saveTimer = setTimeout(fetchSave, 2000); // the server may be back in a moment
      return;
    }
    if (at !== here || s.game !== here.game) return;
    let game;
    try {
      game = s.Game.load(text);
    } catch (e) {
      ui().toast(say(e));
      return;
    }
    here.game.saveText = text;
    here.over = true;
    // From now on an ordinary finished game: Save file and Replay work as for a local one.
    s.game = game;
    refresh(s);
    ui().log([{ text: t("o.saved"), cls: "turn" }]);
    showBar();
  }

  // ---- the bar above the status: connection, clock, invitation ---------------

  function barEl() {
    let bar = s.dom.root.querySelector("#online-bar");
    if (!bar) {
      bar = document.createElement("div");
      bar.id = "online-bar";
      bar.className = "online-bar";
      bar.setAttribute("aria-live", "polite");
      s.dom.root.querySelector(".status-panel").prepend(bar);
    }
    return bar;
  }

  function showBar() {
    if (!at) return;
    const bar = barEl();
    bar.hidden = false;
    const st = at.link ? at.link.state : "connecting";
    const dot = document.createElement("span");
    dot.className = `link-dot ${st === "open" ? "on" : "off"}`;
    const text = document.createElement("span");
    text.className = "online-line";
    text.dataset.state = st;
    let words = st === "open" ? t("o.connected") : st === "waiting" ? t("o.reconnecting", Math.max(1, Math.round((at.link.delay || 0) / 1000))) : st === "stopped" ? t("o.stopped") : t("o.connecting");
    if (at.seat === null) words += ` · ${t("o.watching")}`;
    const left = clockLeft();
    if (left !== null && st === "open") words += ` · ${t("o.clock", Math.floor(left / 60), String(left % 60).padStart(2, "0"))}`;
    text.textContent = words;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.id = "online-invite";
    copy.textContent = t("o.invite");
    copy.title = t("o.inviteTitle");
    copy.onclick = async () => {
      try {
        await navigator.clipboard.writeText(link(at.id));
        ui().toast(t("o.copied"), "info");
      } catch {
        ui().toast(link(at.id), "info");
      }
    };
    bar.replaceChildren(dot, text, copy, ...goneButtons(), ...rematchParts());
    clearTimeout(at.barTimer);
    if (left !== null || st === "waiting") at.barTimer = setTimeout(showBar, 1000);
  }

  /** Seconds left on the live table's turn clock, or null. */
  function clockLeft() {
    if (!at.clock || at.status !== "playing") return null;
    return Math.max(0, Math.round((at.clock.left - (Date.now() - at.clock.at)) / 1000));
  }

  /** "Let a bot play for X": for players away longer than the table allows. */
  function goneButtons() {
    if (at.seat === null || at.status !== "playing") return [];
    const after = at.info && at.info.gone_after;
    return at.seats
      .map((x, i) => ({ x, i }))
      .filter(({ x, i }) => i !== at.seat && !x.bot && !x.connected && x.away_secs !== null && after !== undefined && x.away_secs >= after)
      .map(({ x, i }) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "replace-seat";
        b.dataset.seat = String(i);
        b.textContent = t("o.replace", x.name);
        b.onclick = () => at && at.conn && at.conn.send({ type: "replace", seat: i });
        return b;
      });
  }

  /** At the end: "Rematch" for a seated player; an offer made by another, to join with one click (or to watch). */
  function rematchParts() {
    if (at.status !== "over") return [];
    const r = at.rematch;
    const button = (id, words, onclick, { primary = false, disabled = false } = {}) => {
      const b = el("button", { type: "button", id, class: primary ? "primary" : null, text: words, onclick });
      b.disabled = disabled;
      return b;
    };
    const offer = () => el("span", { class: "rematch-offer", id: "online-rematch-offer", text: t("o.rematchOffer", r.name || "") });
    if (at.seat === null) return r ? [offer(), button("online-rematch-watch", t("o.rematchWatch"), () => open(r.table))] : [];
    if (!r) return [button("online-rematch", t("o.rematch"), askRematch, { primary: true, disabled: !!at.rematchAsked })];
    if (!r.mine && r.by !== at.seat) return [offer(), button("online-rematch-join", t("o.rematchJoin"), askRematch, { primary: true, disabled: !!r.asked })];
    return [];
  }

  // ---- calling the player back -------------------------------------------------

  function callPlayer() {
    if (!attention || !at) return;
    const snap = at.game && at.game.state && at.game.state.snapshot;
    const mine = snap && at.seat !== null && snap.current === at.seat && snap.phase !== "over" ? at.game.moves + 1 : null;
    attention.update(mine, { title: t("o.yourTurnTitle"), body: t("o.yourTurnBody") });
  }

  // ---- joining, watching, leaving ---------------------------------------------

  function showRoom() {
    roomOf().showRoom(
      { link: link(at.id), seats: at.seats, seat: at.seat, mode: at.info.mode, turnClock: at.info.turn_clock },
      {
        start: async () => {
          try {
            await api.start(at.id, at.token);
            return null;
          } catch (e) {
            return say(e);
          }
        },
        leave: () => leave(),
      },
    );
  }

  /** Sit at (or watch) table `info.table` over its WebSocket (`name`: a spectator's, for the chat). */
  function sit(info, kept, name = null) {
    const id = info.table;
    at = { id, seat: kept ? kept.seat : null, token: kept ? kept.token : null, seats: info.seats, status: info.status, info, game: null, conn: null, link: null, clock: null, past: null, chat: null, rematch: null, shown: 0 };
    behind = s.source;
    behindGame = s.game;
    s.source = source;
    setPageUrl(id);
    mineEl()?.remove();
    at.conn = createConnection({ url: api.socketUrl(id), token: at.token, name: kept ? null : name || rememberedName() || null, onMessage, onStatus });
    if (info.status === "waiting") showRoom();
    else if (!kept) ui().toast(t("o.watching"), "info");
    showBar();
    // The game on this device, behind the room, waits (its bots move elsewhere now: source.upcoming).
    cancelPending(s);
    ui().thinking(null);
    return tableState();
  }

  /**
   * Go to table `id`: back at our seat if this browser holds one; a waiting
   * table with a free seat asks for a name (or to watch); else we watch.
   * Resolves to the table's state() (null when we could not get there).
   */
  async function open(id) {
    if (!isTableId(id)) {
      ui().toast(say(onlineError("no_table")));
      return null;
    }
    stop();
    let info;
    try {
      info = await api.info(id);
    } catch (e) {
      ui().toast(say(e));
      setPageUrl(null);
      return null;
    }
    const kept = keptSeat(id);
    if (kept) return sit(info, kept);
    if (info.status === "waiting" && info.seats.some((x) => x.free)) {
      return new Promise((resolve) => {
        roomOf().askJoin(info, {
          name: rememberedName(),
          join: async (name) => {
            attention && attention.ask();
            let r;
            try {
              r = await api.join(id, name);
            } catch (e) {
              return say(e);
            }
            const seat = { seat: r.seat, token: r.token, name };
            keepSeat(id, seat);
            rememberName(name);
            room.close();
            resolve(sit(info, seat));
            return null;
          },
          watch: (name) => {
            if (name) rememberName(name);
            room.close();
            resolve(sit(info, null, name));
          },
          leave: () => {
            room.close();
            resolve(null);
          },
        });
      });
    }
    return sit(info, null);
  }

  /**
   * Create a table from the new-game dialog's options ({players, seats,
   * online: {mode}}): the first seat is ours, bots sit where the dialog put
   * them, people join by the link. Resolves to the table's state() or null.
   */
  async function create(opts) {
    const o = opts.online || {};
    if (o.go) return open(o.go);
    attention && attention.ask();
    // Our name: the one given in the dialog (asked once, remembered), never a default such as "You".
    const name = (o.name || rememberedName() || "").trim();
    if (!name) {
      ui().toast(t("o.nameNeeded"));
      return null;
    }
    if (o.join) return seatAt(o.join, name, () => api.join(o.join, name));
    if (o.quick) return seatAt(null, name, () => api.quick({ name, ...(o.seats ? { seats: o.seats } : {}), ...(o.mode ? { mode: o.mode } : {}) }));
    const bots = {};
    opts.seats.forEach((kind, i) => {
      if (i > 0 && kind !== "human") bots[String(i)] = kind;
    });
    return seatAt(null, name, () => api.create({ seats: opts.players.length, name, bots, mode: o.mode || "live", public: !!o.public }));
  }

  /** Take the seat `ask()` gets us ({table?, seat, token}) at table `id` (or the one it names), keep it, and go there. */
  async function seatAt(id, name, ask) {
    let r;
    try {
      r = await ask();
    } catch (e) {
      ui().toast(say(e));
      return null;
    }
    const table = r.table || id;
    keepSeat(table, { seat: r.seat, token: r.token, name });
    rememberName(name);
    return open(table);
  }

  // ---- "My tables": the seats this browser holds ----------------------------------

  const mineEl = () => s.dom.root.querySelector("#my-tables");

  /**
   * The tables this browser holds a seat at, as they are now (at most
   * MINE, newest first; a table that expired is forgotten): [{ table, seat,
   * name, status, mode, moves, current, yourTurn, turnName, others }],
   * your turn first. `show`: also as a panel on the start screen.
   */
  async function mine(show = false) {
    const held = keptSeats().slice(0, MINE);
    const found = await Promise.all(
      held.map(async (k) => {
        try {
          return { k, info: await api.info(k.table) };
        } catch (e) {
          if (e.code === "no_table") forgetSeat(k.table);
          return null;
        }
      }),
    );
    const rank = (m) => (m.yourTurn ? 0 : m.status === "playing" ? 1 : m.status === "waiting" ? 2 : 3);
    const list = found
      .filter(Boolean)
      .map(({ k, info }) => {
        const current = info.status === "playing" && Number.isInteger(info.current) ? info.current : null;
        const seats = info.seats || [];
        return {
          table: k.table,
          seat: k.seat,
          name: k.name,
          status: info.status,
          mode: info.mode,
          moves: info.moves,
          current,
          yourTurn: current !== null && current === k.seat,
          turnName: current !== null && seats[current] ? seats[current].name : null,
          others: seats.filter((x, i) => i !== k.seat && x && x.name).map((x) => x.name).join(", "),
        };
      })
      .sort((a, b) => rank(a) - rank(b));
    if (show && !at) showMine(list.filter((m) => m.status !== "over"));
    return list;
  }

  /** The start screen's "My tables": one line per table, whose turn it is, Go. */
  function showMine(list) {
    mineEl()?.remove();
    if (!list.length) return;
    const panel = el(
      "section",
      { id: "my-tables", class: "panel my-tables" },
      el("h2", {}, el("span", { text: t("o.mine") }), el("button", { type: "button", class: "link mine-close", "aria-label": t("o.mineClose"), title: t("o.mineClose"), text: "✕", onclick: () => panel.remove() })),
      el("ol", { class: "mine-list" }, ...list.map((m) => mineItem(t, m, (id) => open(id)))),
    );
    s.dom.root.querySelector(".status-panel").before(panel);
  }

  /** Stop being at the table (the board keeps what it shows). */
  function stop() {
    if (!at) return;
    const was = at;
    at = null;
    clearTimeout(was.barTimer);
    clearTimeout(was.saveTimer);
    if (was.conn) was.conn.stop();
    if (was.chat) was.chat.remove();
    awayEl()?.remove();
    if (room) room.close();
    if (attention) attention.clear();
    const bar = s.dom.root.querySelector("#online-bar");
    if (bar) bar.remove();
    // the game on this device comes back with its source if it is still on the table (we left the room)
    const back = behind && s.game === behindGame ? behind : localSource(s);
    behind = behindGame = null;
    dropSource(s, source, back);
    setPageUrl(null);
  }

  /** Leave the table for good (the Leave button): back to the game on this device. */
  function leave() {
    stop();
    if (s.snap) {
      refreshPanels(s);
      afterChange(s);
    }
  }

  // The bar speaks the table's language.
  s.i18n.onLanguage(() => at && showBar());

  // The browser is back online, or the tab is looked at again: try at once.
  if (typeof window !== "undefined") {
    window.addEventListener("online", () => at && at.conn && at.conn.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (!at) return;
      if (!document.hidden && at.conn) at.conn.reconnectNow();
      callPlayer();
    });
  }

  /** For tests and the host: { table, seat, status, moves, connection, seats, link, over, mode }, or null. */
  function tableState() {
    if (!at) return null;
    return {
      table: at.id,
      seat: at.seat,
      status: at.status,
      moves: at.game ? at.game.moves : 0,
      connection: at.link ? at.link.state : "connecting",
      seats: structuredClone(at.seats),
      link: link(at.id),
      over: !!at.over,
      mode: at.info ? at.info.mode : "live",
      past: at.past ? at.past.length : null,
      rematch: at.rematch ? { table: at.rematch.table, by: at.rematch.by, name: at.rematch.name } : null,
    };
  }

  /** The chat as this page has it (tests): { lines, unread }, or null. */
  function chatState() {
    return at && at.chat ? { lines: at.chat.lines(), unread: at.chat.unread } : null;
  }

  /** Is the table's own game on the table (not the game behind the room, nor another)? The odds are then the server's. */
  const ownGame = () => !!at && !!at.game && s.game === at.game;
  const local = localSource(s);

  /** The table's source (source.js) while the page is at a table. */
  const source = localSource(s, {
    name: "online",
    autosaves: false, // the server keeps the game
    mayTakeBack: false,
    noTakeBack: "o.noTakeBack",
    /** Another seat's turn: the server moves for it (we show a bot thinking); our own, a click here. */
    upcoming() {
      if (!isBotTurn(s)) return { by: "person", playsForced: true };
      const snap = s.snap;
      const x = onTable() && snap.current !== null && snap.current !== undefined ? at.seats[snap.current] : null;
      return { by: "elsewhere", thinking: x && x.bot ? snap.players[snap.current].name : null };
    },
    oddsKey: () => (ownGame() ? `online:${at.game.moves}` : local.oddsKey()),
    askOdds: () => (ownGame() ? at.game.askOdds() : local.askOdds()),
    // "Play again" at the end: a seated player's rematch; a spectator's new-game dialog, online
    againOnline: () => (at ? { mode: at.info ? at.info.mode : "live", seat: at.seat, rematch: at.seat !== null && at.status === "over" ? askRematch : null } : null),
    /** The replay viewer before the end: the public moves (past.js), replayed with the cards in the order they came out. */
    replayText: () => (ownGame() && !at.over ? publicSave() : s.game.save()),
    /** Back from the replay viewer: the table's game, and the moves made meanwhile in the log. */
    backFromReplay() {
      if (!at || !at.game || at.over) return null;
      const from = at.shown;
      queueMicrotask(() => {
        if (!at || s.game !== at.game) return;
        if (at.game.moves > from) logMissed(from, at.game.moves);
        at.shown = at.game.moves;
        if (at.status === "over") fetchSave();
      });
      return at.game;
    },
    /** Another game comes to the table: we leave this one, and the game behind the room is over too. */
    end() {
      const was = behind;
      behind = behindGame = null;
      stop();
      if (was) was.end();
    },
  });

  return { create, open, leave, stop, state: tableState, api, mine, chatState };
}
