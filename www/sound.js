// Sounds (issue 30): short synthesized sounds with Web Audio — no sound
// files — for a card turned over, a ship landing, a wreck, and a person's
// turn. They follow the game's words (narration.js onNarration), so they
// come in step with the board's animation, never before it. A mute switch
// in the tool bar (#sound) is remembered (localStorage, createApp's
// `soundKey`); sounds are on by default on the page and off in an embedded
// table unless it asks for them (the element's `sound` attribute).
//
// This module is the switch and the listener; the synthesis
// (sound-synth.js) is loaded on the first sound, or when the switch is
// turned on, so the first board does not carry it (issue 30: "first board
// no worse"; a browser starts a page's audio only after a person's touch).

import { onNarration } from "./narration.js";

const GAP_MS = 90; // the same sound again within this is one sound (an instant game plays many events at once)
const KINDS = new Set(["card", "land", "wreck", "turn"]); // sound-synth.js's KINDS

/** Which sound an event of the log makes, or null. */
export function soundOf(event) {
  switch (event && event.type) {
    case "card_revealed":
      return "card";
    case "ship_landed":
      return "land";
    case "voyage_failed":
      return "wreck";
    default:
      return null;
  }
}

/**
 * The sound of table `s`: `{ on, set(on), play(kind), loaded() }`; listens
 * to its narration. `opts`: { on, key }. `play` is true when the sound is
 * made (or will be, as soon as the synthesis has loaded: `loaded()`).
 */
export function createSound(s, { on = true, key = null } = {}) {
  let enabled = on;
  if (key) {
    try {
      const kept = localStorage.getItem(key);
      if (kept === "on" || kept === "off") enabled = kept === "on";
    } catch {
      // not remembered: the default stands
    }
  }
  let synth = null;
  let loading = null; // Promise<synth or null>
  let disposed = false;
  const last = new Map();

  const load = () =>
    (loading =
      loading ||
      import("./sound-synth.js").then(
        (m) => (disposed ? null : (synth = m.createSynth())),
        () => ((loading = null), null), // offline without it: silent, asked again next time
      ));

  function play(kind) {
    if (!enabled || !KINDS.has(kind)) return false;
    const now = performance.now();
    if (now - (last.get(kind) || -Infinity) < GAP_MS) return false;
    last.set(kind, now);
    if (synth) return synth.play(kind);
    load().then((sy) => sy && enabled && sy.play(kind));
    return true;
  }

  function set(on) {
    enabled = !!on;
    if (key) {
      try {
        localStorage.setItem(key, enabled ? "on" : "off");
      } catch {
        // not remembered
      }
    }
    if (enabled) load().then((sy) => sy && sy.prepare());
  }

  const stop = onNarration(s, (lines) => {
    for (const l of lines) {
      const kind = soundOf(l.event);
      if (kind) play(kind);
    }
  });

  return {
    get on() {
      return enabled;
    },
    set,
    play,
    /** A promise that the synthesis asked for so far has loaded (tests). */
    loaded: () => loading || Promise.resolve(null),
    /** Stop listening and close the audio (the table is disposed). */
    dispose() {
      disposed = true;
      stop();
      if (synth) synth.close();
      synth = null;
    },
  };
}
