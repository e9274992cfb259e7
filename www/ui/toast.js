// The toast: a short message over the board (an error, or "info" that goes
// sooner), and targets.js's hints put in words there.

import { hintWords } from "../words.js";

/** The toast of the table whose elements `$` finds; `t` its words. */
export function createToast($, t) {
  const toastEl = $("toast");
  let toastTimer = 0;

  function toast(message, kind = "error") {
    toastEl.textContent = message;
    toastEl.className = `toast ${kind === "info" ? "info" : ""}`;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (toastEl.hidden = true), kind === "info" ? 2600 : 4200);
  }

  /** A hint from targets.js ({ key, args }) in this table's language; "" for none. */
  const say = (h) => hintWords(t, h);

  /** Show a hint from targets.js in the toast. */
  function tell(h) {
    toast(say(h), "info");
  }

  function hideToast() {
    toastEl.hidden = true;
  }

  return { toast, tell, hideToast, say };
}
