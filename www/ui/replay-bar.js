// The replay viewer's bar: first, back, the slider, forward, last, the
// position and the move in words, and "Back to the game".

/** The replay bar of the table (`$` finds its elements); `cb` the intents; `SAVE_WORDS` words.js's. */
export function createReplayBar($, cb, SAVE_WORDS) {
  $("replay-first").addEventListener("click", () => cb.replayTo(0));
  $("replay-back").addEventListener("click", () => cb.replayStep(-1));
  $("replay-forward").addEventListener("click", () => cb.replayStep(1));
  $("replay-last").addEventListener("click", () => cb.replayTo(Infinity));
  $("replay-slider").addEventListener("input", (e) => cb.replayTo(Number(e.target.value)));
  $("replay-exit").addEventListener("click", () => cb.replayExit());

  /** The replay bar: null hides it; else { k, n, words }. */
  function renderReplay(v) {
    const bar = $("replay-bar");
    bar.hidden = !v;
    $("replay").setAttribute("aria-pressed", String(!!v));
    if (!v) return;
    const slider = $("replay-slider");
    slider.max = String(v.n);
    slider.value = String(v.k);
    $("replay-pos").textContent = SAVE_WORDS.replayPos(v.k, v.n);
    $("replay-pos").dataset.k = String(v.k);
    $("replay-move").textContent = v.words;
    $("replay-first").disabled = $("replay-back").disabled = v.k === 0;
    $("replay-last").disabled = $("replay-forward").disabled = v.k === v.n;
  }

  return { renderReplay };
}
