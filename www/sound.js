// Sounds (issue 30): short synthesized sounds with Web Audio — no sound
// files — for a card turned over, a ship landing, a wreck, and a person's
// turn. They follow the game's words (narration.js onNarration), so they
// come in step with the board's animation, never before it. A mute switch
// in the tool bar (#sound) is remembered (localStorage, createApp's
// `soundKey`); sounds are on by default on the page and off in an embedded
// table unless it asks for them (the element's `sound` attribute).

import { onNarration } from "./narration.js";

const VOLUME = 0.16;
const GAP_MS = 90; // the same sound again within this is one sound (an instant game plays many events at once)

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

/** The sound of table `s`: `{ on, set(on), play(kind) }`; listens to its narration. `opts`: { on, key }. */
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
  let audio = null;
  const last = new Map();

  function context() {
    if (audio) return audio;
    const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!AC) return null;
    try {
      audio = new AC();
    } catch {
      audio = null;
    }
    return audio;
  }

  /** A tone from f0 to f1 Hz over `dur` s, starting `at` s from now. */
  function tone(ac, { type = "sine", f0, f1 = f0, dur, at = 0, gain = 1 }) {
    const t = ac.currentTime + at;
    const o = ac.createOscillator();
    const g = ac.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f0, t);
    o.frequency.exponentialRampToValueAtTime(Math.max(1, f1), t + dur);
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(VOLUME * gain, t + 0.012);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    o.connect(g).connect(ac.destination);
    o.start(t);
    o.stop(t + dur + 0.02);
  }

  /** A burst of filtered noise (a card's swish, a wave breaking), its filter from f0 to f1 Hz. */
  function noise(ac, { f0, f1 = f0, dur, q = 1, at = 0, gain = 1, type = "bandpass" }) {
    const t = ac.currentTime + at;
    const n = Math.ceil(ac.sampleRate * dur);
    const buf = ac.createBuffer(1, n, ac.sampleRate);
    const d = buf.getChannelData(0);
    let seed = 12345;
    for (let i = 0; i < n; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      d[i] = (seed / 2147483648 - 1) * (1 - i / n);
    }
    const src = ac.createBufferSource();
    src.buffer = buf;
    const f = ac.createBiquadFilter();
    f.type = type;
    f.Q.value = q;
    f.frequency.setValueAtTime(f0, t);
    f.frequency.exponentialRampToValueAtTime(Math.max(1, f1), t + dur);
    const g = ac.createGain();
    g.gain.setValueAtTime(VOLUME * gain, t);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    src.connect(f).connect(g).connect(ac.destination);
    src.start(t);
    src.stop(t + dur + 0.02);
  }

  const SOUNDS = {
    // a card turned over: a swish and a soft tick
    card: (ac) => {
      noise(ac, { f0: 900, f1: 3200, dur: 0.16, q: 0.8, gain: 0.9 });
      tone(ac, { type: "triangle", f0: 640, f1: 520, dur: 0.06, at: 0.12, gain: 0.5 });
    },
    // a ship landing: a wooden knock on the beach
    land: (ac) => {
      tone(ac, { f0: 240, f1: 130, dur: 0.14, gain: 0.9 });
      noise(ac, { f0: 1800, dur: 0.03, q: 2, gain: 0.4 });
    },
    // a wreck: a low thud and the crash of a wave
    wreck: (ac) => {
      tone(ac, { f0: 120, f1: 45, dur: 0.45, gain: 1 });
      noise(ac, { f0: 1200, f1: 200, dur: 0.5, q: 0.5, gain: 0.8, type: "lowpass" });
    },
    // your turn: a two-note chime
    turn: (ac) => {
      tone(ac, { f0: 660, dur: 0.16, gain: 0.55 });
      tone(ac, { f0: 880, dur: 0.22, at: 0.12, gain: 0.55 });
    },
  };

  function play(kind) {
    if (!enabled || !SOUNDS[kind]) return false;
    const now = performance.now();
    if (now - (last.get(kind) || -Infinity) < GAP_MS) return false;
    last.set(kind, now);
    const ac = context();
    if (!ac) return false;
    if (ac.state === "suspended") ac.resume().catch(() => {});
    try {
      SOUNDS[kind](ac);
    } catch {
      return false;
    }
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
    if (enabled) context();
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
    /** Stop listening and close the audio (the table is disposed). */
    dispose() {
      stop();
      if (audio) audio.close().catch(() => {});
      audio = null;
    },
  };
}
