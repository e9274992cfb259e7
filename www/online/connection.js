// One online table's WebSocket (docs/api.md#online): the hello first (with
// the seat's token, or none to watch, then with a name for the chat if the
// spectator gave one), then every message to `onMessage`.
// A connection that drops comes back by itself after a backoff (backoff.js)
// and says hello again; the server answers with the current seats and state,
// so the page catches up. A refusal that trying again cannot change (no such
// table, a token that proves no seat, an expired table) stops it for good.
// The browser answers the server's pings; our own ping tells a connection
// that went silent (a sleeping laptop, a dead route) from a quiet table.
// Everything the outside world offers is passed in, so that node --test can
// drive it with a fake socket and a fake clock.

import { BACKOFF, backoffDelay } from "./backoff.js";

/** Hello refusals that another attempt would only repeat. */
const FATAL = new Set(["no_table", "bad_token"]);
const OPEN = 1; // WebSocket.OPEN

/**
 * Opens the table's WebSocket at once. `onStatus({state, attempt, delay?,
 * seat?, error?})` hears "connecting", "open" (after the welcome), "waiting"
 * (for the next attempt, in `delay` ms) and "stopped".
 */
export function createConnection({
  url,
  token = null,
  name = null,
  onMessage,
  onStatus = () => {},
  WebSocket = globalThis.WebSocket,
  setTimeout = globalThis.setTimeout.bind(globalThis),
  clearTimeout = globalThis.clearTimeout.bind(globalThis),
  now = () => Date.now(),
  random = Math.random,
  backoff = BACKOFF,
  pingEvery = 30000,
  silentAfter = 75000,
}) {
  let ws = null;
  let attempt = 0;
  let retryTimer = 0;
  let pingTimer = 0;
  let stopped = false;
  let welcomed = false;
  let heard = 0;

  const status = (state, extra = {}) => onStatus({ state, attempt, ...extra });

  function connect() {
    if (stopped) return;
    welcomed = false;
    status("connecting");
    let sock;
    try {
      sock = new WebSocket(url);
    } catch {
      retry();
      return;
    }
    ws = sock;
    sock.onopen = () => {
      if (ws !== sock) return;
      heard = now();
      // a spectator may give a name for the chat (a player's is its seat's)
      sock.send(JSON.stringify(token || !name ? { type: "hello", token } : { type: "hello", token: null, name }));
      schedulePing();
    };
    sock.onmessage = (e) => {
      if (ws !== sock) return;
      heard = now();
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return;
      }
      if (!m || typeof m !== "object") return;
      if (m.type === "pong") return;
      if (m.type === "welcome") {
        welcomed = true;
        attempt = 0;
        status("open", { seat: m.seat });
      } else if (m.type === "error" && !welcomed && FATAL.has(m.code)) {
        stop();
        status("stopped", { error: m });
      } else if (m.type === "expired") {
        stop();
        status("stopped", { expired: true });
      }
      onMessage(m);
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      welcomed = false;
      clearTimeout(pingTimer);
      pingTimer = 0;
      if (!stopped) retry();
    };
    sock.onerror = () => {}; // a close follows
  }

  function retry() {
    const delay = backoffDelay(attempt, backoff, random);
    attempt++;
    status("waiting", { delay });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = 0;
      connect();
    }, delay);
  }

  function schedulePing() {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => {
      pingTimer = 0;
      if (!ws || stopped) return;
      if (now() - heard > silentAfter) {
        // Silent for too long: this connection is dead even if it does not know it.
        const dead = ws;
        ws = null;
        try {
          dead.close();
        } catch {
          // closing a dead socket may throw; it is gone either way
        }
        retry();
        return;
      }
      if (ws.readyState === OPEN) ws.send(JSON.stringify({ type: "ping" }));
      schedulePing();
    }, pingEvery);
  }

  /** Sends a message once the welcome came; false when not connected. */
  function send(msg) {
    if (!ws || ws.readyState !== OPEN || !welcomed) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  /** Closes it for good. */
  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(pingTimer);
    retryTimer = pingTimer = 0;
    if (ws) {
      const s = ws;
      ws = null;
      try {
        s.close();
      } catch {
        // already closed
      }
    }
  }

  /** Waiting for the next attempt: try now (the browser came back online, the tab came back). */
  function reconnectNow() {
    if (stopped || ws || !retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = 0;
    connect();
  }

  connect();
  return {
    send,
    stop,
    reconnectNow,
    get open() {
      return !!ws && welcomed;
    },
    get stopped() {
      return stopped;
    },
  };
}
