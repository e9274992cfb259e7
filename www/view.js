// Showing the state (chessground's redraw): after the game changed, read it
// into the state, redraw the panels and the board and autosave; after the
// UI's own state changed, redraw the panels and the board only.

import * as T from "./targets.js";
import { sync, isBotTurn } from "./state.js";
import { keepBoardInView, requestDraw, currentHex } from "./scene.js";
import { autosave } from "./storage.js";
import { requestOdds, updateTip } from "./odds-view.js";
import { canTakeBack } from "./history.js";

/** The game changed: read it, show it, keep it. */
export function refresh(s) {
  sync(s);
  refreshPanels(s);
  keepBoardInView(s);
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

/** Status line and controls, the players, the list of legal actions. */
export function refreshPanels(s) {
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
    selectionHint: T.selectionHint(snap, legal, ui),
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
  if (s.a11y) s.a11y.refresh(); // the keyboard's focus, the text board, what to decide (a11y/index.js)
}
