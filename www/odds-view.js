// Voyage odds on the table (issue 14): when a person must emigrate, the
// table's source (source.js askOdds) has the engine's Game.voyageOdds()
// worked out — in the bots' Web Worker, so a sampled figure never blocks the
// page (on the page's thread where there is no worker), or at an online
// table by the server (the same engine, asked with the `odds` message:
// online/game.js's askOdds) — and they are kept in the table's state as
// `s.odds`; hovering a jetty's slice, or focusing its entry in the list of
// legal actions, shows the odds in a tip next to the slice. The figures are
// the engine's; odds.js puts them in words. The decision stays the
// player's: nothing here acts.

import * as G from "./geometry.js";
import { worldToScreen } from "./camera.js";
import { decision } from "./targets.js";
import { isBotTurn } from "./state.js";
import { oddsFor, oddsLines } from "./odds.js";

/** The position's key: odds belong to one game and one move (the source says how it tells them apart). */
const keyOf = (s) => (s.game ? s.source.oddsKey() : null);

/** Is a person to choose an emigration now? (nobody is in the replay viewer: isBotTurn) */
export function wantsOdds(s) {
  return !!(s.game && s.snap && !isBotTurn(s) && decision(s.snap, s.legal) === "emigrate");
}

/**
 * After the game changed: forget old odds; when a person must emigrate, ask
 * for the new ones. `changed()` runs when they arrive (redraw the panels).
 */
export function requestOdds(s, changed) {
  if (!wantsOdds(s)) {
    if (s.odds) s.odds = null;
    hideTip(s);
    return;
  }
  const key = keyOf(s);
  if (s.odds && s.odds.key === key) return;
  s.odds = { key, list: null, millis: null, worker: null };
  const t0 = performance.now();
  s.source
    .askOdds()
    .then((r) => {
      if (!s.odds || s.odds.key !== key || s.disposed) return;
      s.odds = { key, list: r.odds, millis: performance.now() - t0, worker: r.worker, engineMillis: r.millis };
      changed();
      updateTip(s);
    })
    .catch((e) => {
      if (s.odds && s.odds.key === key) s.odds = { key, list: [], millis: null, error: String(e && e.message) };
    });
}

/** The odds now known: the list, or null while they are worked out. */
export function currentOdds(s) {
  return s.odds ? s.odds.list : null;
}

// ---- the tip -----------------------------------------------------------

function tipEl(s) {
  if (s.dom.oddsTip) return s.dom.oddsTip;
  const wrap = s.dom.root.querySelector("#board-wrap");
  const el = document.createElement("div");
  el.id = "odds-tip";
  el.className = "odds-tip";
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.hidden = true;
  wrap.append(el);
  s.dom.oddsTip = el;
  return el;
}

export function hideTip(s) {
  if (s.dom && s.dom.oddsTip) {
    s.dom.oddsTip.hidden = true;
    s.dom.oddsTip.dataset.jetty = "";
  }
  if (s.oddsFocus) s.oddsFocus = null;
}

/** The jetty to show: one focused in the list, else the slice under the pointer. */
function shownJetty(s) {
  if (s.oddsFocus) return s.oddsFocus;
  const h = s.hit;
  if (!h || !h.tile || h.tile.kind !== "island" || h.edge === undefined) return null;
  const legal = s.legal.find((a) => a.type === "emigrate" && a.tile === h.tile.card && a.jetty === h.edge);
  return legal || null;
}

/** Show (or hide) the tip for the jetty under the pointer or in focus. */
export function updateTip(s) {
  if (!wantsOdds(s)) return hideTip(s);
  const a = shownJetty(s);
  if (!a) {
    if (s.dom.oddsTip) s.dom.oddsTip.hidden = true;
    return;
  }
  const el = tipEl(s);
  const { t, cardName, edgeDirection, tileOf } = s.words;
  const lang = s.i18n.language();
  const tile = tileOf(s.snap, a.tile);
  el.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = t("o.title", cardName(s.snap, a.tile), edgeDirection(tile, a.jetty));
  el.append(title);
  const list = currentOdds(s);
  const o = oddsFor(list, a.tile, a.jetty);
  if (!o) {
    const p = document.createElement("p");
    p.textContent = t("o.working");
    el.append(p);
  } else {
    const ul = document.createElement("ul");
    for (const line of oddsLines(o, s.snap, t, lang)) {
      const li = document.createElement("li");
      li.className = `odds-${line.kind}`;
      li.textContent = line.text;
      ul.append(li);
    }
    el.append(ul);
  }
  el.dataset.jetty = `${a.tile}/${a.jetty}`;
  el.dataset.ready = o ? "true" : "false";
  el.hidden = false;
  place(s, el, tile, a.jetty);
}

/** Put the tip beside the slice, inside the board. */
function place(s, el, tile, jetty) {
  if (!tile) return;
  const { camera } = s.dom;
  const w = G.slicePoint(tile, jetty);
  const c = G.hexCenter(tile.q, tile.r);
  const p = worldToScreen(camera, w.x, w.y);
  const center = worldToScreen(camera, c.x, c.y);
  const bw = camera.w;
  const bh = camera.h;
  const tw = el.offsetWidth || 240;
  const th = el.offsetHeight || 120;
  // Away from the card's centre, on the side the jetty points to.
  const dx = p.x - center.x;
  const dy = p.y - center.y;
  let x = dx >= 0 ? p.x + 18 : p.x - 18 - tw;
  let y = dy >= 0 ? p.y + 12 : p.y - 12 - th;
  x = Math.max(6, Math.min(bw - tw - 6, x));
  y = Math.max(6, Math.min(bh - th - 6, y));
  el.style.left = `${Math.round(x)}px`;
  el.style.top = `${Math.round(y)}px`;
}

/** The list of legal actions: an emigration got the focus or the pointer (a = null: it left). */
export function focusAction(s, a) {
  s.oddsFocus = a && a.type === "emigrate" ? a : null;
  updateTip(s);
}
