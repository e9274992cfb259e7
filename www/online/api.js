// The online tables' HTTP endpoints (docs/api.md#online) and the seats this
// browser holds. A refusal comes back as an Error with the server's `code`,
// `key` (`online.CODE`, or the engine's) and `args`, like the engine's own
// errors, so the page says it in its language (i18n.js errorText). A seat's
// token is kept in localStorage, so a reload or another tab of the same
// browser sits at the same seat again.

import { translate, fillTemplate } from "../i18n.js";

/** An error of the online tables, made here: its English message from lang/en.js. */
export function onlineError(code, args = {}) {
  const key = `online.${code}`;
  const template = translate("en", key);
  const e = new Error(typeof template === "string" ? fillTemplate(template, args) : code);
  return Object.assign(e, { code, key, args });
}

function refusal(body, status) {
  if (body && typeof body === "object" && typeof body.message === "string") {
    return Object.assign(new Error(body.message), { code: body.code, key: body.key, args: body.args || {}, status });
  }
  return Object.assign(onlineError("network", { status }), { status });
}

/** The endpoints of the server at `server` (a URL ending in "/"). */
export function createApi(server, fetchFn = (...a) => globalThis.fetch(...a)) {
  const url = (path) => new URL(path, server).href;
  const table = (id) => `api/tables/${encodeURIComponent(id)}`;

  async function call(method, path, body, text = false) {
    let res;
    try {
      res = await fetchFn(url(path), {
        method,
        cache: "no-store",
        headers: body ? { "Content-Type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw onlineError("network", { status: 0 });
    }
    if (res.ok && text) return res.text();
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (!res.ok) throw refusal(data, res.status);
    return data;
  }

  return {
    server,
    /** POST /api/tables: { table, seat: 0, token }. */
    create: (body) => call("POST", "api/tables", body),
    /** POST /api/tables/ID/join: { seat, token }. */
    join: (id, name) => call("POST", `${table(id)}/join`, { name }),
    /** POST /api/tables/ID/start (seat 0's token). */
    start: (id, token) => call("POST", `${table(id)}/start`, { token }),
    /** GET /api/tables/ID: { table, status, seats, moves, mode, gone_after, turn_clock }. */
    info: (id) => call("GET", table(id)),
    /** GET /api/tables/ID/save: the engine's save, once the game is over. */
    save: (id) => call("GET", `${table(id)}/save`, null, true),
    /** GET /api/lobby: { tables: [{ table, seats, free, mode, names, players, created, waited }] }, oldest first. */
    lobby: () => call("GET", "api/lobby"),
    /** POST /api/quick: { table, seat, token, created }: a seat at the best-fitting public table, or a new one. */
    quick: (body) => call("POST", "api/quick", body),
    /** The WebSocket's address. */
    socketUrl(id) {
      const u = new URL(`${table(id)}/ws`, server);
      u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
      return u.href;
    },
  };
}

const seatKey = (id) => `tongiaki.online.${id}`;

/** The seat this browser holds at table `id`: { seat, token, name, at }, or null. */
export function keptSeat(id, storage = globalThis.localStorage) {
  try {
    const v = JSON.parse(storage.getItem(seatKey(id)));
    return v && typeof v.token === "string" && Number.isInteger(v.seat) ? v : null;
  } catch {
    return null;
  }
}

export function keepSeat(id, v) {
  try {
    localStorage.setItem(seatKey(id), JSON.stringify({ seat: v.seat, token: v.token, name: v.name || "", at: v.at || Date.now() }));
  } catch {
    // storage off: the seat lasts as long as the page
  }
}

/** Every seat this browser holds, newest first: [{ table, seat, token, name, at }] ("My tables"). */
export function keptSeats(storage = globalThis.localStorage) {
  const out = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      const m = key && /^tongiaki\.online\.([a-z0-9]{16})$/.exec(key);
      if (!m) continue;
      const v = keptSeat(m[1], storage);
      if (v) out.push({ table: m[1], ...v, at: Number(v.at) || 0 });
    }
  } catch {
    // storage off: none kept
  }
  return out.sort((a, b) => b.at - a.at);
}

const NAME_KEY = "tongiaki.online.name";

/** The name this player gave last time at an online table, or "" (asked once, remembered). */
export function rememberedName(storage = globalThis.localStorage) {
  try {
    const v = storage.getItem(NAME_KEY);
    return typeof v === "string" ? v.slice(0, 40) : "";
  } catch {
    return "";
  }
}

export function rememberName(name, storage = globalThis.localStorage) {
  try {
    if (name) storage.setItem(NAME_KEY, String(name).slice(0, 40));
  } catch {
    // storage off: asked again next time
  }
}

export function forgetSeat(id) {
  try {
    localStorage.removeItem(seatKey(id));
  } catch {
    // nothing kept
  }
}

/** A table id as the server makes them (16 letters and digits); anything else is not worth asking about. */
export const isTableId = (id) => typeof id === "string" && /^[a-z0-9]{16}$/.test(id);
