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

import { startGame } from "../session.js";
import { applied, afterChange, settle } from "../turns.js";
import { refresh, refreshPanels } from "../view.js";
import { cancelPending, isBotTurn } from "../state.js";
import { localSource, dropSource } from "../source.js";
import { createApi, keptSeat, keepSeat, forgetSeat, isTableId, onlineError } from "./api.js";
import { createConnection } from "./connection.js";
import { OnlineGame } from "./game.js";
import { createRoom } from "./room.js";
import { createAttention } from "./attention.js";

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
  let at = null; // the table we are at: { id, seat, token, seats, status, info, game, conn, link, clock }
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
      default:
        break;
    }
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
      // the game behind the room is over for this table (a lesson ends)
      const was = behind;
      behind = behindGame = null;
      if (was) was.end();
      startGame(s, at.game, null, seatKinds(), m.snapshot.phase === "over", source);
      // The first visit's offer of a lesson (tutorial.js) is for the game on this device.
      const offer = s.dom.root.querySelector("#coach");
      if (offer && offer.querySelector("#coach-start")) offer.hidden = true;
      ui().log([{ text: m.moves === 0 ? t("o.begins") : t("o.joinedAt", m.moves), cls: "turn" }]);
    } else if (s.game === at.game) {
      const g = at.game;
      cancelPending(s); // a forced move timed for the state before this one
      if (m.moves === g.moves + 1 && s.snap) {
        const before = s.snap;
        g.update(m);
        applied(s, m.action, before, m.events || []);
      } else {
        const missed = m.moves - g.moves;
        g.update(m);
        s.dom.animator.skip();
        refresh(s);
        if (missed > 0) ui().log([{ text: t("o.caughtUp", missed), cls: "turn" }]);
        afterChange(s);
      }
    }
    callPlayer();
    showBar();
    if (at.status === "over") fetchSave();
  }

  function onError(m) {
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
    bar.replaceChildren(dot, text, copy, ...goneButtons());
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

  /** Sit at (or watch) table `info.table` over its WebSocket. */
  function sit(info, kept) {
    const id = info.table;
    at = { id, seat: kept ? kept.seat : null, token: kept ? kept.token : null, seats: info.seats, status: info.status, info, game: null, conn: null, link: null, clock: null };
    behind = s.source;
    behindGame = s.game;
    s.source = source;
    setPageUrl(id);
    at.conn = createConnection({ url: api.socketUrl(id), token: at.token, onMessage, onStatus });
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
            room.close();
            resolve(sit(info, seat));
            return null;
          },
          watch: () => {
            room.close();
            resolve(sit(info, null));
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
    attention && attention.ask();
    const bots = {};
    opts.seats.forEach((kind, i) => {
      if (i > 0 && kind !== "human") bots[String(i)] = kind;
    });
    const name = (opts.players[0] && opts.players[0].name) || t("seatName", 0);
    let r;
    try {
      r = await api.create({ seats: opts.players.length, name, bots, mode: (opts.online && opts.online.mode) || "live" });
    } catch (e) {
      ui().toast(say(e));
      return null;
    }
    keepSeat(r.table, { seat: r.seat, token: r.token, name });
    return open(r.table);
  }

  /** Stop being at the table (the board keeps what it shows). */
  function stop() {
    if (!at) return;
    const was = at;
    at = null;
    clearTimeout(was.barTimer);
    clearTimeout(was.saveTimer);
    if (was.conn) was.conn.stop();
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
    };
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
    againOnline: () => (at ? { mode: at.info ? at.info.mode : "live", seat: at.seat } : null),
    /** Another game comes to the table: we leave this one, and the game behind the room is over too. */
    end() {
      const was = behind;
      behind = behindGame = null;
      stop();
      if (was) was.end();
    },
  });

  return { create, open, leave, stop, state: tableState, api };
}
