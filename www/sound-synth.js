// The sounds themselves (issue 30), synthesized with Web Audio: no sound
// files. Loaded on the first sound or when the switch is turned on
// (sound.js), not with the first board: a browser lets a page's audio start
// only after a person has touched it, so nothing is lost by waiting.

const VOLUME = 0.16;

/** The kinds of sound (sound.js plays only these). */
export const KINDS = ["card", "land", "wreck", "turn"];

/** `{ play(kind) → bool, close() }`: the table's audio, made on its first sound. */
export function createSynth() {
  let audio = null;

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
    if (!SOUNDS[kind]) return false;
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

  return {
    play,
    /** Get the audio ready (the switch turned on, in the person's click). */
    prepare: () => void context(),
    close() {
      if (audio) audio.close().catch(() => {});
      audio = null;
    },
  };
}
