// The UI's languages: every language has every English key, of the same
// kind (text or a function of the same arguments), and says something for
// each; the browser's language is picked; words follow the switch.
import test from "node:test";
import assert from "node:assert/strict";
import { LANGUAGES, t, setLanguage, getLanguage, pickLanguage, dirOf, loadAllLanguages } from "../../www/i18n.js";
import { describeAction, describeEvent, beachWords } from "../../www/words.js";
import { islandTile } from "./fixtures.mjs";

const STRINGS = await loadAllLanguages();
const SAMPLE = [3, 2, 4, 1, 5];
const sampleArgs = (fn) => Array.from({ length: fn.length }, (_, i) => (i === 1 && fn.length === 2 ? "x" : SAMPLE[i]));

test("six languages, Hebrew right to left", () => {
  assert.deepEqual(LANGUAGES.map((l) => l.id), ["en", "de", "nl", "hu", "it", "he"]);
  assert.equal(dirOf("he"), "rtl");
  assert.equal(dirOf("de"), "ltr");
});

for (const { id } of LANGUAGES) {
  test(`${id}: every key of en.js, of the same kind, in its own words`, () => {
    const en = STRINGS.en;
    const lang = STRINGS[id];
    assert.deepEqual(Object.keys(lang).sort(), Object.keys(en).sort(), "the same keys");
    let same = 0;
    for (const [k, v] of Object.entries(en)) {
      const w = lang[k];
      assert.equal(typeof w, typeof v, `${id} ${k}: ${typeof w}`);
      if (typeof v === "function") {
        assert.equal(w.length, v.length, `${id} ${k} takes the same arguments`);
        const out = w(...sampleArgs(v));
        assert.equal(typeof out, "string", `${id} ${k} gives text`);
        assert.ok(out.length > 0);
      } else if (w === v) same++;
    }
    // a translation is not English copied over (a few words such as "bot" or "Normal" may coincide)
    if (id !== "en") assert.ok(same < 8, `${id}: ${same} texts are the English ones`);
  });
}

test("the browser's language is picked, else English", () => {
  assert.equal(pickLanguage(["de-AT", "en"]), "de");
  assert.equal(pickLanguage(["fr-FR", "nl-BE"]), "nl");
  assert.equal(pickLanguage(["iw"]), "he");
  assert.equal(pickLanguage(["he-IL"]), "he");
  assert.equal(pickLanguage(["fr", "es"]), "en");
  assert.equal(pickLanguage(undefined), "en");
});

test("words follow the switch; an unknown language means English", async () => {
  const snap = { tiles: [islandTile("tonga", 0, 0, 0)], players: [{ name: "Ana", color: "blue" }], pending: null };
  try {
    await setLanguage("de");
    assert.equal(getLanguage(), "de");
    assert.match(describeAction(snap, { type: "setup_place", beach: 0 }), /^Ein Schiff auf Tonga setzen, Strand 1 \(/);
    await setLanguage("it");
    assert.match(beachWords(snap, "tonga", 0), /^spiaggia 1 \(/);
    await setLanguage("he");
    assert.match(describeEvent(snap, snap, { type: "turn_started", turn: 2, seat: 0 }), /^תור 2: Ana \(כחול\)/);
    await setLanguage("xx");
    assert.equal(getLanguage(), "en");
    assert.equal(t("m.newGame"), "New game");
  } finally {
    await setLanguage("en");
  }
});
