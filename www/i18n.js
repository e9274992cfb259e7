// The UI's languages (issue 6): English, German, Dutch, Hungarian, Italian
// and Hebrew (right to left).
//
// Every table has its own language: createI18n(id) makes an instance with
// t(key, ...args) (the words in its language, falling back to English for a
// missing key), setLanguage, onLanguage, translateTree and errorText (an
// engine error in its language, from the error's key and args). Every table
// makes its own (configure() in state.js), so several <tongiaki-game> boards
// on one page each keep their own language.
//
// The module-level t() is for code that has no instance at hand (the
// module-level exports of words.js): it speaks the language of the instance
// running now (instance.run(f) runs f with it), else the page default; setLanguage/getLanguage/onLanguage at
// module level work on that page default (unit tests, a page with one table).

//
// Only English (the fallback for a missing key) comes with this module; the
// other languages are fetched with import() when a table first speaks one
// (loadLanguage), so the first board does not wait for words it does not
// show (issue 15). setLanguage resolves once the language's words are here.

import en from "./lang/en.js";

export const LANGUAGES = Object.freeze([
  { id: "en", name: "English", dir: "ltr" },
  { id: "de", name: "Deutsch", dir: "ltr" },
  { id: "nl", name: "Nederlands", dir: "ltr" },
  { id: "hu", name: "Magyar", dir: "ltr" },
  { id: "it", name: "Italiano", dir: "ltr" },
  { id: "he", name: "עברית", dir: "rtl" },
]);

/** Each language's words, fetched on demand (literal paths: the single-file build inlines them). */
const LOADERS = Object.freeze({
  en: () => Promise.resolve({ default: en }),
  de: () => import("./lang/de.js"),
  nl: () => import("./lang/nl.js"),
  hu: () => import("./lang/hu.js"),
  it: () => import("./lang/it.js"),
  he: () => import("./lang/he.js"),
});

/** The languages whose words are here: id -> words. */
const STRINGS = { en };
const loading = new Map(); // id -> Promise<words>

/** `obj[key]` when `key` is the object's own property, else undefined: a
 * language id or message key from a URL, a file or a message ("__proto__",
 * "constructor", "toString") never reaches Object.prototype. */
const own = (obj, key) => (obj && typeof key === "string" && Object.hasOwn(obj, key) ? obj[key] : undefined);

/** Is `id` one of our languages? */
export const isLanguage = (id) => own(LOADERS, id) !== undefined;

/** The words of language `id` if they are here already, else undefined. */
export const loadedWords = (id) => own(STRINGS, id);

/**
 * Resolves to the words of language `id` (fetched once; English for an
 * unknown id). A failed fetch (offline before the service worker cached
 * it) rejects, and a later call tries again.
 */
export function loadLanguage(id) {
  const lang = isLanguage(id) ? id : "en";
  if (STRINGS[lang]) return Promise.resolve(STRINGS[lang]);
  if (!loading.has(lang)) {
    const p = LOADERS[lang]().then((m) => (STRINGS[lang] = m.default));
    loading.set(lang, p);
    p.catch(() => loading.delete(lang));
  }
  return loading.get(lang);
}

/** Every language's words, { id: words } (tests and scripts that read them all). */
export async function loadAllLanguages() {
  const all = {};
  for (const { id } of LANGUAGES) all[id] = await loadLanguage(id);
  return Object.freeze(all);
}

export const dirOfLanguage = (id) => (LANGUAGES.find((l) => l.id === id) || LANGUAGES[0]).dir;

/** The words for `key` in language `lang`, English when that language lacks it, else the key. */
export function translate(lang, key, ...args) {
  let v = own(own(STRINGS, lang) || en, key);
  if (v === undefined) v = own(en, key);
  if (v === undefined) return key;
  return typeof v === "function" ? v(...args) : v;
}

/**
 * Fills an engine message template (src/error.rs) with `args`: {name},
 * {name|one|other} (plural by whether the number, or the list's length, is
 * 1), {name/sep} (a list joined with sep) and {@name} (the template whose
 * key is the argument, `lookup(key)`, filled with the same args). Anything
 * else in braces is text; a placeholder without its argument stays as it is.
 */
export function fillTemplate(template, args = {}, lookup = () => undefined, depth = 0) {
  const scalar = (v, sep) => (Array.isArray(v) ? v.map((x) => scalar(x, ", ")).join(sep) : typeof v === "string" ? v : JSON.stringify(v));
  return template.replace(/\{(@?)([a-z0-9_]+)(?:([|/])([^}]*))?\}/g, (whole, at, name, op, rest) => {
    if (at && op) return whole;
    if (!Object.hasOwn(args, name)) return whole;
    const v = args[name];
    if (at) {
      const t = typeof v === "string" ? lookup(v) : undefined;
      return t === undefined || depth >= 4 ? whole : fillTemplate(t, args, lookup, depth + 1);
    }
    if (op === "/") return scalar(v, rest);
    if (op === "|") {
      const bar = rest.indexOf("|");
      const [one, other] = bar < 0 ? [rest, rest] : [rest.slice(0, bar), rest.slice(bar + 1)];
      return (Array.isArray(v) ? v.length : Number(v)) === 1 ? one : other;
    }
    return scalar(v, ", ");
  });
}

/**
 * An engine error (a thrown TongiakiError, or anything) in language `lang`:
 * the translation of its `key` filled with its `args` when that language
 * knows the key (card and island names stay as they are), else its English
 * `message`. The online tables' refusals (`online.*`, from the server or
 * online/api.js) are keys of the language itself, beside its `errors`.
 */
export function errorText(lang, e) {
  if (e === null || e === undefined) return "";
  const message = e.message || String(e);
  const words = own(STRINGS, lang) || en;
  const table = words.errors || {};
  const online = typeof e.key === "string" && e.key.startsWith("online.") ? own(words, e.key) : undefined;
  const template = own(table, e.key) ?? online;
  if (lang === "en" || typeof template !== "string") return message;
  const lookup = (k) => own(table, k) ?? own(en.errors, k);
  const args = e.args !== null && typeof e.args === "object" ? e.args : {};
  const text = fillTemplate(template, args, lookup);
  // A part or argument the table could not fill: say it in English rather than half.
  return /\{@?[a-z0-9_]+(?:[|/][^}]*)?\}/.test(text) && !/\{@?[a-z0-9_]+(?:[|/][^}]*)?\}/.test(message) ? message : text;
}

let ambient = null; // the instance whose run() is on the stack

/**
 * A language of its own (one per table). `initial`: a language id; unknown
 * means English. Its words should be here already (await loadLanguage
 * first); if not, the instance speaks English until they come, then tells
 * its listeners as after a switch.
 */
export function createI18n(initial = "en") {
  let current = isLanguage(initial) ? initial : "en";
  let wanted = current; // the last language asked for (a slow fetch does not undo a later switch)
  const listeners = new Set();
  const tell = () => {
    for (const f of [...listeners]) f(current);
  };
  if (!loadedWords(current)) {
    const first = current;
    loadLanguage(first).then(
      () => current === first && tell(),
      (e) => console.warn(`The words of "${first}" could not be loaded: ${e.message}`),
    );
  }
  const inst = {
    t: (key, ...args) => translate(current, key, ...args),
    language: () => current,
    dir: () => dirOfLanguage(current),
    /**
     * Switch (an unknown id means English) once the language's words are
     * here; tells this instance's listeners. Resolves to the language in use
     * after it: the old one when the words cannot be fetched, or when
     * another switch was asked for meanwhile (that one wins).
     */
    async setLanguage(id) {
      const next = isLanguage(id) ? id : "en";
      wanted = next;
      try {
        await loadLanguage(next);
      } catch (e) {
        console.warn(`The words of "${next}" could not be loaded: ${e.message}`);
        return current;
      }
      if (wanted !== next || next === current) return current;
      current = next;
      tell();
      return current;
    },
    /** Call `f(language)` after every switch; returns a function that stops it. */
    onLanguage(f) {
      listeners.add(f);
      return () => listeners.delete(f);
    },
    translateTree: (root) => translateTreeWith(inst.t, root),
    errorText: (e) => errorText(current, e),
    /** Run `f` with this instance as the module-level t()'s language. */
    run(f) {
      const prev = ambient;
      ambient = inst;
      try {
        return f();
      } finally {
        ambient = prev;
      }
    },
  };
  return inst;
}

const pageDefault = createI18n("en");

export function t(key, ...args) {
  return (ambient || pageDefault).t(key, ...args);
}

export const getLanguage = () => (ambient || pageDefault).language();
export const dirOf = (id = getLanguage()) => dirOfLanguage(id);
export const setLanguage = (id) => pageDefault.setLanguage(id);
export const onLanguage = (f) => pageDefault.onLanguage(f);

/** The first of the browser's languages (navigator.languages) that we speak, else English. */
export function pickLanguage(prefs) {
  for (const p of prefs || []) {
    const base = String(p).toLowerCase().split(/[-_]/)[0];
    if (base === "iw") return "he"; // the old code for Hebrew
    if (isLanguage(base)) return base;
  }
  return "en";
}

function translateTreeWith(tr, root) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = tr(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-html]")) el.innerHTML = tr(el.dataset.tHtml);
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = tr(el.dataset.tTitle);
  for (const el of root.querySelectorAll("[data-t-aria-label]")) el.setAttribute("aria-label", tr(el.dataset.tAriaLabel));
  for (const el of root.querySelectorAll("[data-t-placeholder]")) el.placeholder = tr(el.dataset.tPlaceholder);
}

/** Translate the markup under `root` in the module-level language: data-t (text), data-t-html, data-t-title, data-t-aria-label, data-t-placeholder. */
export function translateTree(root) {
  translateTreeWith(t, root);
}
