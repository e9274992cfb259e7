// The rulebooks' own words (/work/shared/GLOSSARY.md, issue 30): wherever
// the English text of a key uses one of the game's terms, the German,
// Dutch, Hungarian, Hebrew (and, where the glossary gives one, Italian)
// text of that key uses the printed rulebook's word for it — and never a
// word the glossary warns against (Dutch "schip"; Hungarian "óceánkártya",
// which means any card, for a water card). A compound's first half
// ("Insel- oder Wasserkarte") and a Hungarian verb's detached prefix ("ki
// kell vándorolnod") count.
import test from "node:test";
import assert from "node:assert/strict";
import { LANGUAGES, loadAllLanguages } from "../../www/i18n.js";

const STRINGS = await loadAllLanguages();
const SAMPLE = ["3", "2", "4", "1", "5", "6"];

/** A key's text with sample arguments (a function's text, or the text itself). */
const textOf = (v) => (typeof v === "function" ? String(v(...SAMPLE.slice(0, v.length))) : typeof v === "string" ? v : null);

// [concept, the English words, { language: the rulebook's words }, { language: words it must not use there }]
const TERMS = [
  ["water card", /\bwater cards?\b/i, { de: /Wasserkarte/, nl: /waterkaart/i, hu: /óceán kártyá?/i, he: /אריח(י)? ה?ים/ }, { hu: /óceánkártyá?/i }],
  ["island card", /\bisland cards?\b/i, { de: /Inselkarte|Insel-/, nl: /eilandkaart|eiland-/i, hu: /sziget kártyá?/i, he: /אריח(י)? ה?(אי|איים|יבשה)/ }],
  ["pile", /\bpile\b/i, { de: /Stapel/, nl: /stapel/i, hu: /kupac/i, he: /ערימ/ }],
  ["ship", /\bships?\b/i, { de: /Schiff/, nl: /\bbo(o|)t(en)?\b/i, hu: /hajó/i, he: /ספינ|סירות/ }, { nl: /\bschip|schepen/i }],
  ["supply", /\bsupply\b/i, { de: /Vorrat/, nl: /voorraad/i, hu: /készlet/i, he: /מלאי/ }],
  ["beach", /\bbeach(es)?\b/i, { de: /Str[aä]nd/, nl: /strand/i, hu: /partszakasz/i, he: /חוף|חופי/ }],
  ["jetty", /\bjett(y|ies)\b/i, { de: /Steg/, nl: /steiger/i, hu: /stég/i, he: /גשר/ }],
  ["trail", /\btrails?\b/i, { de: /Schaumspur|Route|Seeweg/, nl: /schuimspo|route/i, hu: /nyomvonal|útvonal/i, he: /קצף|מסלול/ }],
  ["king island", /\bking islands?\b/i, { de: /Königsinsel/, nl: /koningseiland/i, hu: /királysziget/i, he: /מלכותי/ }],
  ["resettle", /\bresettle/i, { de: /Neubesied/, nl: /opnieuw/i, hu: /letelepedés/i, he: /ישוב חדש/ }],
  ["expansion", /\bexpan(d|sion)/i, { de: /[Vv]ermehr/, nl: /uitbrei/i, hu: /bővít/i, he: /התרחבות/ }],
  ["emigration", /\bemigrat/i, { de: /[Aa]uswander/, nl: /emigr/i, hu: /kivándor|vándorol/i, he: /הגיר|להגר|הגר/ }],
  ["setup", /\bsetup\b/i, { de: /Vorbereitung/, nl: /voorbereiding/i, hu: /előkészület/i, he: /הכנה/, it: /preparazione/i }],
  ["points", /\b(points?|score)\b/i, { de: /Punkt/, nl: /punt|eindtelling/i, hu: /pont/i, he: /נקוד|ניקוד/ }],
  ["emblem", /\bemblem\b/i, { de: /Wappen/, nl: /wapen/i, hu: /embléma/i, he: /סמל/ }],
];

for (const { id } of LANGUAGES.filter((l) => l.id !== "en")) {
  test(`${id}: the rulebook's words where the English uses the game's terms`, () => {
    const wrong = [];
    for (const [key, v] of Object.entries(STRINGS.en)) {
      const en = textOf(v);
      const mine = textOf(STRINGS[id][key]);
      if (!en || !mine) continue;
      for (const [concept, english, words, never = {}] of TERMS) {
        if (!english.test(en)) continue;
        if (words[id] && !words[id].test(mine)) wrong.push(`${key} (${concept}): "${mine}"`);
        if (never[id] && never[id].test(mine)) wrong.push(`${key} (${concept}, a word the glossary warns against): "${mine}"`);
      }
    }
    assert.deepEqual(wrong, []);
  });
}
