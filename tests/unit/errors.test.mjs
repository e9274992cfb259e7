// Unit tests of i18n.js's engine-error translation (issue 6) and of a
// language per instance.
import test from "node:test";
import assert from "node:assert/strict";
import { loadAllLanguages, createI18n, errorText, fillTemplate, t, setLanguage } from "../../www/i18n.js";
import { createWords } from "../../www/words.js";

const STRINGS = await loadAllLanguages(); // the languages but English are fetched on demand
const en = STRINGS.en.errors;
const look = (k) => en[k];

test("English templates filled with the args are the engine's messages", () => {
  assert.equal(fillTemplate(en["illegal.king_island"], { island: "Tubuai" }, look), "Tubuai is a king island: no one may expand there (R31).");
  assert.equal(
    fillTemplate(en["illegal.expand_count"], { island: "Samoa", count: 1, ships: 2, beaches: 3, supply: 1 }, look),
    "An expansion on Samoa places exactly 1 ship — the least of your 2 ships there, its 3 beaches and your supply of 1 (R10).",
  );
  assert.equal(
    fillTemplate(en["illegal.no_jetty"], { beach: 1, island: "Oahu", jetty: 3, jetties: [1, 2] }, look),
    "Beach 1 of Oahu has no jetty toward edge 3; its jetties point to edge 1 and 2 (R20).",
  );
  assert.equal(fillTemplate(en["illegal.owed_beach"], { beaches: [2] }, look), "First every beach that had room when the group arrived gets one ship: choose beach 2 (R23).");
  assert.equal(
    fillTemplate(en["illegal.not_now"], { verb: "verb.land", pending: "pending.land", player: "Bo", island: "Hawaii" }, look),
    "You cannot land a ship now: Bo: land the arriving ships on Hawaii (R23).",
  );
  assert.equal(fillTemplate(en["bad_options.not_object"], {}, look), 'The game options must be an object such as {"players": [{"name": "Ana"}, {"name": "Bo"}]}.');
});

test("errorText translates a known key and falls back to the English message", () => {
  const e = Object.assign(new Error("Tubuai is a king island: no one may expand there (R31)."), { code: "illegal_action", key: "illegal.king_island", args: { island: "Tubuai" } });
  assert.equal(errorText("de", e), "Tubuai ist eine Königsinsel: dort darf sich niemand vermehren (R31).");
  assert.equal(errorText("it", e), "Tubuai è un'isola del re: nessuno può espandersi lì (R31).");
  assert.equal(errorText("en", e), e.message);
  assert.equal(errorText("de", Object.assign(new Error("Something new."), { key: "illegal.no_such_key", args: {} })), "Something new.");
  assert.equal(errorText("de", new Error("plain")), "plain");
  assert.equal(errorText("de", "a string"), "a string");
  // an argument missing: the English message rather than a half-filled template
  assert.equal(errorText("de", Object.assign(new Error("Tubuai is a king island."), { key: "illegal.king_island", args: {} })), "Tubuai is a king island.");
});

test("every instance keeps its own language; the module-level t follows run()", async () => {
  const a = createI18n("de");
  const b = createI18n("nl");
  assert.equal(a.t("m.newGame"), "Neues Spiel");
  assert.equal(b.t("m.newGame"), "Nieuw spel");
  assert.equal(await a.setLanguage("it"), "it");
  assert.equal(b.t("m.newGame"), "Nieuw spel");
  assert.equal(a.language(), "it");
  await setLanguage("en");
  assert.equal(t("m.newGame"), "New game");
  assert.equal(b.run(() => t("m.newGame")), "Nieuw spel");
  assert.equal(t("m.newGame"), "New game");
  const wa = createWords(a.t);
  const wb = createWords(b.t);
  const snap = { players: [{ name: "Ana", color: "red" }], tiles: [] };
  assert.equal(wa.colorWord(snap, 0), "rosso");
  assert.equal(wb.colorWord(snap, 0), "rood");
});
