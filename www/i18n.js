// The UI's languages (issue 6): English, German, Dutch, Hungarian, Italian
// and Hebrew (right to left). t(key, ...args) gives the words in the current
// language, falling back to English for a missing key. One language per page:
// the page's switch (or an embedded table's `language`) sets it for all tables.
// The engine's own messages (refusals, the prompt in English) stay English:
// the API carries no message keys yet.

import en from "./lang/en.js";
import de from "./lang/de.js";
import nl from "./lang/nl.js";
import hu from "./lang/hu.js";
import it from "./lang/it.js";
import he from "./lang/he.js";

export const LANGUAGES = Object.freeze([
  { id: "en", name: "English", dir: "ltr" },
  { id: "de", name: "Deutsch", dir: "ltr" },
  { id: "nl", name: "Nederlands", dir: "ltr" },
  { id: "hu", name: "Magyar", dir: "ltr" },
  { id: "it", name: "Italiano", dir: "ltr" },
  { id: "he", name: "עברית", dir: "rtl" },
]);

export const STRINGS = Object.freeze({ en, de, nl, hu, it, he });

let current = "en";
const listeners = new Set();

export function t(key, ...args) {
  let v = STRINGS[current][key];
  if (v === undefined) v = en[key];
  if (v === undefined) return key;
  return typeof v === "function" ? v(...args) : v;
}

export const getLanguage = () => current;
export const dirOf = (id = current) => (LANGUAGES.find((l) => l.id === id) || LANGUAGES[0]).dir;

/** Switch the language (an unknown id means English); tells every listener. */
export function setLanguage(id) {
  const next = STRINGS[id] ? id : "en";
  if (next === current) return current;
  current = next;
  for (const f of [...listeners]) f(current);
  return current;
}

/** Call `f(language)` after every switch; returns a function that stops it. */
export function onLanguage(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The first of the browser's languages (navigator.languages) that we speak, else English. */
export function pickLanguage(prefs) {
  for (const p of prefs || []) {
    const base = String(p).toLowerCase().split(/[-_]/)[0];
    if (base === "iw" && STRINGS.he) return "he"; // the old code for Hebrew
    if (STRINGS[base]) return base;
  }
  return "en";
}

/** Translate the markup under `root`: data-t (text), data-t-html, data-t-title, data-t-aria-label, data-t-placeholder. */
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-html]")) el.innerHTML = t(el.dataset.tHtml);
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of root.querySelectorAll("[data-t-aria-label]")) el.setAttribute("aria-label", t(el.dataset.tAriaLabel));
  for (const el of root.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
}
