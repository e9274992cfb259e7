// Take back (issue 14): in a local game (hot-seat and against bots) the
// Take-back button and Ctrl+Z undo the last decision a person made, and the
// bots' moves after it, as long as no card has been revealed since: a
// take-back never crosses hidden information. Repeated, it goes on back
// under the same rule. A game is its options plus its action log, so the
// game after a take-back is Game.load of the save cut before that decision
// (history.js knows who made each move and which moves revealed a card).

import * as T from "./targets.js";
import { cancelPending } from "./state.js";
import { refresh } from "./view.js";
import { afterChange } from "./turns.js";
import { moves, takeBackPoint } from "./history.js";

/** Take the last person's decision back. True when it did; else the toast says why not. */
export function takeBack(s) {
  const { ui } = s.dom;
  const { t, describeAction } = s.words;
  if (!s.game) return false;
  if (!s.source.mayTakeBack) {
    ui.toast(t(s.source.noTakeBack), "info");
    return false;
  }
  const { moves: list, save } = moves(s);
  const isPerson = (seat) => !!s.seats[seat] && s.seats[seat].kind === "human";
  const { k, why } = takeBackPoint(list, isPerson);
  if (k === null) {
    ui.toast(t(why === "revealed" ? "u.noTakeBackRevealed" : "u.noTakeBack"), "info");
    return false;
  }
  const game = s.Game.load(JSON.stringify({ ...save, actions: save.actions.slice(0, k) }));
  cancelPending(s);
  s.dom.animator.skip();
  s.frame = null;
  s.lastArrival = null;
  s.faceCache.clear();
  s.game.free();
  s.game = game;
  s.history = { game, moves: list.slice(0, k) };
  s.ui = T.initialUi();
  s.rankingShown = false;
  ui.closeDialogs();
  ui.thinking(null);
  ui.hideToast();
  refresh(s);
  ui.log([{ text: t("u.tookBack", describeAction(s.snap, save.actions[k])), cls: "turn" }]);
  afterChange(s);
  return true;
}
