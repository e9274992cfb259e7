// The languages but English are fetched when a table first speaks one
// (issue 15: the first board does not wait for the words of five languages
// it does not show); a switch resolves once its words are here.
import test from "node:test";
import assert from "node:assert/strict";
import { createI18n, getLanguage, loadedWords, setLanguage, t } from "../../www/i18n.js";

test("only English is loaded until another language is asked for", async () => {
  assert.equal(typeof loadedWords("en"), "object");
  assert.equal(loadedWords("de"), undefined, "German not fetched yet");
  assert.equal(await setLanguage("de"), "de", "the switch resolves once the words are here");
  assert.equal(loadedWords("de").lang, "de");
  assert.equal(t("m.newGame"), "Neues Spiel");
  // two switches at once: the later one wins, though its words come first
  const slow = setLanguage("hu");
  const fast = setLanguage("en");
  assert.deepEqual(await Promise.all([slow, fast]), ["en", "en"]);
  assert.equal(getLanguage(), "en");
});


test("an instance made before its words came speaks English, then tells its listeners", async () => {
  const inst = createI18n("nl");
  assert.equal(inst.language(), "nl");
  const told = new Promise((resolve) => inst.onLanguage(resolve));
  assert.equal(inst.t("m.newGame"), "New game", "English until the Dutch words come");
  assert.equal(await told, "nl");
  assert.equal(inst.t("m.newGame"), "Nieuw spel");
});
