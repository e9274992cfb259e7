// Narration: the one door through which the game's words reach the player —
// the log's lines of each move (turns.js `applied`: events in words and
// outcomes explained), and whoever else listens: a screen reader's live
// region (issue 33), sounds (issue 30). Listeners get the same lines the log
// gets, when the log gets them; when that is (at once, or in step with the
// board's animation) is decided by the caller of `narrate`, not by the
// listeners.

/** Listen to the lines table `s` narrates: `fn(lines)`, lines = [{ text, cls, event? }]; returns the function that stops it. */
export function onNarration(s, fn) {
  const listeners = (s.narrationListeners ||= []);
  listeners.push(fn);
  return () => {
    const i = listeners.indexOf(fn);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** Tell the player `lines`: the log shows them, then every listener hears them. */
export function narrate(s, lines) {
  if (!lines.length) return;
  s.dom.ui.log(lines);
  for (const f of s.narrationListeners || []) f(lines);
}
