// The DOM around the board, one module per panel (ui/): the tool bar
// (toolbar.js), the replay bar (replay-bar.js), the status with its controls
// (status.js: turn picker, landing tray in tray.js, card rotation), the
// players and the pile (players.js), the accessible list of legal actions
// (actions.js), the game log (log.js), the toast (toast.js) and the dialogs
// (new-game.js, ranking.js; help is the tool bar's). Each renders what it is
// given and reports user intent through the callbacks; none holds game
// state. This module puts them together as one object for the controller.

import { createWords } from "./words.js";
import { createI18n, getLanguage } from "./i18n.js";
import { createToolbar } from "./ui/toolbar.js";
import { createReplayBar } from "./ui/replay-bar.js";
import { createToast } from "./ui/toast.js";
import { createStatus } from "./ui/status.js";
import { createPlayers } from "./ui/players.js";
import { createActionList } from "./ui/actions.js";
import { createLog } from "./ui/log.js";
import { createNewGameDialog } from "./ui/new-game.js";
import { createRanking } from "./ui/ranking.js";

/**
 * The panels of the table mounted on `root`; `cb` receives the user's
 * intents; `i18n` is the table's language (i18n.js createI18n).
 */
export function createUi(root, cb, i18n = createI18n(getLanguage())) {
  const words = createWords(i18n.t);
  const $ = (id) => root.querySelector(`#${id}`);
  const toolbar = createToolbar(root, $, cb, i18n);
  const replayBar = createReplayBar($, cb, words.SAVE_WORDS);
  const toast = createToast($, words.t);
  const status = createStatus($, cb, i18n, words, toast.say);
  const ranking = createRanking($, cb, words);

  function closeDialogs() {
    for (const id of ["ranking-dialog", "newgame-dialog", "help-dialog"]) if ($(id).open) $(id).close();
  }

  return {
    toast: toast.toast,
    tell: toast.tell,
    hideToast: toast.hideToast,
    thinking: status.thinking,
    renderStatus: status.renderStatus,
    holdPanels: status.hold,
    ...createPlayers($, words),
    ...createActionList($, cb, i18n, words),
    ...createLog($),
    ...createNewGameDialog($, cb, words.t),
    showRanking: ranking.showRanking,
    closeDialogs,
    renderReplay: replayBar.renderReplay,
    ...toolbar,
  };
}
