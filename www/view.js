// Showing the state (chessground's redraw): after the game changed, read it
// into the state, redraw the panels and the board and autosave; after the
// UI's own state changed, redraw the panels and the board only.

import * as T from "./targets.js";
import { sync, isBotTurn } from "./state.js";
import { frame, requestDraw, currentHex, offersLandAll, landingPlan } from "./scene.js";
import { autosave } from "./storage.js";
import { requestOdds, updateTip } from "./odds-view.js";
import { canTakeBack } from "./history.js";

/** The game changed: read it, show it, keep it. */
export function refresh(s) {
  sync(s);
  refreshPanels(s);
  requestDraw(s);
  autosave(s);
  requestOdds(s, () => refreshPanels(s));
}

/** The UI's own state changed (picker, selection, tray, rotation): `patch` it and show it. */
export function changeUi(s, patch) {
  s.ui = { ...s.ui, ...patch };
  refreshPanels(s);
  requestDraw(s);
}

/**
 * Status line and controls, the players, the list of legal actions. While
 * the board still shows a move (`s.held`, turns.js) they keep what they
 * showed before it, their controls out of reach, so no word runs ahead of
 * the board (issue 30); turns.js `animated` draws them when it is done.
 */
export function refreshPanels(s) {
  if (s.held) {
    s.dom.ui.holdPanels(true);
    return;
  }
  s.dom.ui.holdPanels(false);
  frame(s); // the camera frames the decision the panels show (scene.js): first, so they know if its cards are offered
  const { snap, legal, ui } = s;
  const d = T.decision(snap, legal);
  const hex = currentHex(s);
  const botTurn = isBotTurn(s);
  s.dom.ui.renderStatus({
    snap,
    legal,
    decision: d,
    mode: ui.mode,
    seats: s.seats,
    traySeat: d === "land" ? T.traySeat(snap, ui) : null,
    // "land as shown" (issue 30): offered where every landing move may be clicked; who would go home
    landAll: d === "land" && !botTurn && offersLandAll(s) ? { home: (landingPlan(s) || { home: [] }).home } : null,
    selectionHint: T.selectionHint(snap, legal, ui),
    coarse: !!s.view.coarse, // the board offers the targets' cards: a click comes close to one (scene.js)
    notice: s.source.notice(),
    hasSelection: !!ui.selection,
    rotation: d === "place_card" ? { value: hex ? T.rotationFor(legal, ui, hex.q, hex.r) : ui.rotation ?? null, hex } : null,
    botTurn,
  });
  s.dom.ui.renderPlayers(snap, s.seats);
  s.dom.ui.renderActions(snap, botTurn ? [] : legal, !botTurn, s.odds ? s.odds.list : null);
  updateTip(s);
  s.dom.ui.showTakeBack(canTakeBack(s));
  s.source.decorate();
  // Parts that follow the table without being a panel of ui/ (issue 32: the review, the hint).
  for (const f of s.panelHooks || []) f(s);
  if (s.a11y) s.a11y.refresh(); // the keyboard's focus, the text board, what to decide (a11y/index.js)
}
