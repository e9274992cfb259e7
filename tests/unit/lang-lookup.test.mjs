// Language ids and message keys come from URLs (?lang=), localStorage, save
// files and engine errors: they are looked up as own keys only (issue 11),
// so "__proto__", "constructor" or "toString" is never taken for a language
// or a message.
import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, errorText, isLanguage, loadAllLanguages, pickLanguage, setLanguage, translate } from "../../www/i18n.js";

await loadAllLanguages(); // the languages but English are fetched on demand

const PROTO_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];

test("Object.prototype names are not languages", async () => {
  for (const id of PROTO_KEYS) {
    assert.equal(isLanguage(id), false, id);
    assert.equal(createI18n(id).language(), "en", id);
    const inst = createI18n("de");
    assert.equal(await inst.setLanguage(id), "en", id);
    assert.equal(await setLanguage(id), "en", id);
    assert.equal(pickLanguage([id, "nl"]), "nl", id);
  }
  await setLanguage("en");
  for (const id of ["en", "de", "nl", "hu", "it", "he"]) assert.equal(isLanguage(id), true, id);
});

test("Object.prototype names are not message keys", () => {
  for (const key of PROTO_KEYS) {
    assert.equal(translate("de", key), key, key);
    assert.equal(translate(key, "m.newGame"), "New game", key);
    const e = Object.assign(new Error("plain English"), { key, args: {} });
    assert.equal(errorText("de", e), "plain English", key);
    assert.equal(errorText(key, e), "plain English", key);
  }
  // args that are not an object are ignored, not read
  const e = Object.assign(new Error("Tubuai is a king island."), { key: "illegal.king_island", args: "island" });
  assert.equal(errorText("de", e), "Tubuai is a king island.");
});
