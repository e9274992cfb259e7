// The game log: the lines of every move (turns.js writes them, in the
// language of the moment), the oldest dropped past a bound so a long game
// keeps the page light.

import { el } from "../dom.js";

const KEPT = 400; // lines the log keeps

/** The log of the table whose elements `$` finds. */
export function createLog($) {
  function log(lines) {
    const ol = $("log");
    for (const l of lines) ol.append(el("li", { class: l.cls || null, text: l.text }));
    while (ol.children.length > KEPT) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }

  function clearLog() {
    $("log").replaceChildren();
  }

  return { log, clearLog };
}
