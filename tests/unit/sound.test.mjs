// Sounds (www/sound.js, issue 30): a card turned over, a landing and a
// wreck sound when the narration tells them (so in step with the board),
// your turn on request; the mute switch silences them and is remembered.
// Web Audio is faked: the test counts the sounds' oscillators.
import test from "node:test";
import assert from "node:assert/strict";
import { createSound, soundOf } from "../../www/sound.js";
import { KINDS } from "../../www/sound-synth.js";
import { narrate } from "../../www/narration.js";

function fakeAudio() {
  const made = { oscillators: 0, noises: 0, contexts: 0 };
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {}, value: 0 });
  const node = () => ({ connect: (n) => n, frequency: param(), gain: param(), Q: param(), start() {}, stop() {}, type: "" });
  globalThis.AudioContext = class {
    constructor() {
      made.contexts++;
      this.currentTime = 0;
      this.sampleRate = 8000;
      this.state = "running";
      this.destination = node();
    }
    createOscillator() {
      made.oscillators++;
      return node();
    }
    createGain() {
      return node();
    }
    createBiquadFilter() {
      return node();
    }
    createBuffer(ch, n) {
      made.noises++;
      return { getChannelData: () => new Float32Array(n) };
    }
    createBufferSource() {
      return node();
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  };
  return made;
}

function fakeStorage() {
  const m = new Map();
  globalThis.localStorage = { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
  return m;
}

const table = () => ({ dom: { ui: { log() {} } } });

test("which events sound: a card turned over, a landing, a wreck", () => {
  assert.equal(soundOf({ type: "card_revealed" }), "card");
  assert.equal(soundOf({ type: "ship_landed" }), "land");
  assert.equal(soundOf({ type: "voyage_failed" }), "wreck");
  assert.equal(soundOf({ type: "crossed" }), null);
  assert.equal(soundOf(undefined), null);
});

test("the sounds follow the narration; muted, nothing sounds, and the switch is remembered", async () => {
  const made = fakeAudio();
  const store = fakeStorage();
  const s = table();
  const sound = createSound(s, { on: true, key: "tongiaki.sound" });
  narrate(s, [{ text: "A water card is laid north of Tonga.", event: { type: "card_revealed" } }]);
  assert.equal(made.contexts, 0, "the synthesis loads on the first sound, not with the table");
  await sound.loaded();
  assert.ok(made.noises > 0 && made.oscillators > 0, "a card turned over sounds");
  const before = made.oscillators;
  narrate(s, [{ text: "The group follows a calm trail.", event: { type: "crossed" } }]);
  assert.equal(made.oscillators, before, "a crossing is silent");
  sound.set(false);
  assert.equal(store.get("tongiaki.sound"), "off");
  narrate(s, [{ text: "Wrecked.", event: { type: "voyage_failed" } }]);
  assert.equal(sound.play("turn"), false);
  assert.equal(made.oscillators, before, "muted: nothing");
  // a table made later on this page remembers the switch
  const again = createSound(table(), { on: true, key: "tongiaki.sound" });
  assert.equal(again.on, false);
  again.set(true);
  assert.equal(store.get("tongiaki.sound"), "on");
  assert.equal(again.play("wreck"), true);
  await again.loaded();
  assert.ok(made.oscillators > before, "on again: a wreck sounds");
  sound.dispose();
  again.dispose();
});

test("an embedded table is silent unless asked; a table without a key remembers nothing", async () => {
  const made = fakeAudio();
  const store = fakeStorage();
  const quiet = createSound(table(), { on: false });
  assert.equal(quiet.on, false);
  assert.equal(quiet.play("card"), false);
  quiet.set(true);
  assert.equal(quiet.play("card"), true);
  await quiet.loaded();
  assert.ok(made.noises > 0, "asked for, it sounds once loaded");
  assert.equal(store.size, 0, "no key: nothing written");
  quiet.dispose();
});

test("the switch knows the synthesis's sounds (sound-synth.js, loaded on first use)", () => {
  fakeAudio();
  const sound = createSound(table(), { on: true });
  for (const k of KINDS) assert.equal(sound.play(k), true, k);
  assert.equal(sound.play("fanfare"), false, "an unknown sound is none");
  sound.dispose();
});
