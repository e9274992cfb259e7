// "Learn to play" (issue 14): a guided first game. The game is always the
// same (tutorial-steps.js: a fixed pile and a script of every move); each
// step explains one idea in a few sentences, highlights what to click and
// waits for the learner — or, for a step only to read, for Next. A click the
// lesson does not take is explained instead of played; the opponents' moves
// come from the script at the table's pace. While it runs the lesson is the
// table's source (`s.source`, source.js): turns.js asks it who moves next
// and lets it check a person's move, the board highlights and clicks only
// what it waits for (state.js `clickable`), a click waits while there is a
// step to read, view.js lets it redraw its panel. It is never autosaved
// and takes nothing back: the game the learner was playing before stays in
// the autosave and comes back when the lesson is left.
//
// Hooks: window.tongiakiApp.tutorial = { start(), state(), next(), stop(), offer() };
// state() → { step, total, expects, done } where `expects` is the action
// the current step waits for (null while there is only something to read).

import * as T from "./targets.js";
import * as G from "./geometry.js";
import { fitBounds } from "./camera.js";
import { SCRIPT, STEPS, DECK, SEATS, SEED } from "./tutorial-steps.js";
import { DEFAULT_SEATS } from "./state.js";
import { refresh, refreshPanels } from "./view.js";
import { afterChange } from "./turns.js";
import { fit, requestDraw } from "./scene.js";
import * as Session from "./session.js";
import { localSource, setSource, dropSource } from "./source.js";
import { el } from "./dom.js";

// The lesson's words (lang/tutorial/*.js) are fetched when a lesson starts
// or is offered, in the table's language and English (for a missing key),
// not with the page (issue 15); the offer's own words are the UI's
// (lang/*.js "lesson.offer…"). Literal paths: the single-file build inlines them.
const LOADERS = Object.freeze({
  en: () => import("./lang/tutorial/en.js"),
  de: () => import("./lang/tutorial/de.js"),
  nl: () => import("./lang/tutorial/nl.js"),
  hu: () => import("./lang/tutorial/hu.js"),
  it: () => import("./lang/tutorial/it.js"),
  he: () => import("./lang/tutorial/he.js"),
});
const TEXT = {}; // language -> the lesson's words, once here
const fetching = new Map(); // language -> Promise

/** Resolves to the lesson's words in `lang` (and fetches English beside them). */
export function loadLessonText(lang) {
  const id = Object.hasOwn(LOADERS, lang) ? lang : "en";
  const one = (l) => {
    if (TEXT[l]) return Promise.resolve(TEXT[l]);
    if (!fetching.has(l)) {
      const p = LOADERS[l]().then((m) => (TEXT[l] = m.default));
      fetching.set(l, p);
      p.catch(() => fetching.delete(l));
    }
    return fetching.get(l);
  };
  return Promise.all([one("en"), one(id)]).then(([, words]) => words);
}

/** The lesson's words in every language, { id: words } (tests and scripts). */
export async function allLessonTexts() {
  const all = {};
  for (const l of Object.keys(LOADERS)) all[l] = await loadLessonText(l);
  return Object.freeze(all);
}

/** localStorage: set once the lesson was taken or the first-visit offer declined (pages with a storageKey only). */
export const LEARNED_KEY = "tongiaki.learned";

const PAUSE = { bot: 900, auto: 650 }; // ms before a scripted move, scaled by the table's speed
const CLOSE_UP = 45; // CSS px per hex radius below which a step zooms to the card it wants clicked

const own = (obj, key) => (obj && Object.hasOwn(obj, key) ? obj[key] : undefined);

/**
 * The lesson's words in the table's language (English where a language
 * lacks one). Words not fetched yet (a switch of language during the
 * lesson): fetched, and the lesson's panel drawn again when they come, if
 * it still runs (`running()`).
 */
function words(s, running) {
  const lang = s.i18n.language();
  if (!TEXT[lang] || !TEXT.en) {
    loadLessonText(lang).then(
      () => running() && s.i18n.language() === lang && refreshPanels(s),
      (e) => console.warn(`The lesson's words could not be loaded: ${e.message}`),
    );
  }
  return (key, ...args) => {
    let v = own(TEXT[lang], key);
    if (v === undefined) v = own(TEXT.en, key);
    if (v === undefined) return key;
    return typeof v === "function" ? v(...args) : v;
  };
}

function remember(s) {
  if (!s.storageKey) return;
  try {
    localStorage.setItem(LEARNED_KEY, "1");
  } catch {
    // not remembered: the offer may come again
  }
}

/** Has this page's person taken the lesson or declined it? */
export function learned() {
  try {
    return localStorage.getItem(LEARNED_KEY) === "1";
  } catch {
    return true;
  }
}

const expected = (e) => (e && (e.you || e.bot || e.auto)) || null;

/** Is `a` a step towards a legal action (the action itself, or for expand/place_new some of its beaches)? */
function legalish(legal, a) {
  return legal.some(
    (x) =>
      T.sameAction(x, a) ||
      ((a.type === "expand" || a.type === "place_new") && x.type === a.type && x.tile === a.tile && !a.take === !x.take && (a.beaches || []).every((b) => x.beaches.includes(b))),
  );
}

/**
 * The tutorial of one table: start() puts the lesson's game on the table.
 * Returns the API of window.tongiakiApp.tutorial.
 */
export function createTutorial(s) {
  let running = null; // the lesson while it runs (the table's source, or under the replay viewer)
  let last = null; // the state() of the lesson that ran last, once it is over

  function coach() {
    return s.dom.root.querySelector("#coach");
  }

  function clearTargets() {
    for (const e of s.dom.root.querySelectorAll(".coach-target")) e.classList.remove("coach-target");
  }

  function hideCoach() {
    const c = coach();
    c.hidden = true;
    delete c.dataset.offer;
    c.replaceChildren();
    clearTargets();
  }

  /** The first visit: offer the lesson in the side panel (in the table's language: again when it changes, `relabel`). */
  function offer() {
    if (running) return;
    const tt = s.i18n.t;
    // the lesson's words are fetched when Start is pointed at or focused (else when it starts), not with the first board
    const prefetch = () => loadLessonText(s.i18n.language()).catch(() => {});
    const c = coach();
    c.replaceChildren(
      el("p", { class: "coach-text", text: tt("lesson.offer") }),
      el(
        "div",
        { class: "coach-row" },
        el("button", { type: "button", id: "coach-start", class: "primary", text: tt("lesson.offerStart"), onclick: () => start(), onpointerenter: prefetch, onfocus: prefetch }),
        el("button", {
          type: "button",
          id: "coach-later",
          text: tt("lesson.offerLater"),
          onclick: () => {
            remember(s);
            hideCoach();
          },
        }),
      ),
    );
    c.hidden = false;
    c.dataset.offer = "";
  }

  /** The table's language changed (events.js): an offer showing is said again in it; a running lesson redraws with the panels. */
  function relabel() {
    const c = coach();
    if (!running && c && !c.hidden && c.dataset.offer !== undefined) offer();
  }

  /** Start the lesson: its game on the table, step 1. */
  function start() {
    if (running) running.end();
    remember(s);
    const players = SEATS.map((p) => ({ name: p.name, color: p.color }));
    // The game before the lesson stays in the autosave: the lesson's own is never written there.
    const key = s.storageKey;
    s.storageKey = null;
    try {
      Session.newGame(s, { players, seed: SEED, deck: [...DECK], seats: SEATS.map((p) => p.kind) });
    } finally {
      s.storageKey = key;
    }
    const lesson = createLesson(s, {
      onStop: () => {
        last = lesson.state();
        running = null;
        hideCoach();
      },
    });
    running = lesson;
    setSource(s, lesson); // from now on turns.js asks it who moves: every move of the learner is a click, even a forced one
    s.rankingShown = true; // the last step explains the score; the ranking comes with Finish
    s.dom.ui.closeDialogs();
    refreshPanels(s);
    requestDraw(s);
    afterChange(s);
    return lesson.state();
  }

  /** Leave the lesson: the game played before it comes back (else a new one). */
  function stop() {
    if (!running) return false;
    running.end();
    if (!Session.resume(s)) Session.newGame(s, null);
    return true;
  }

  return {
    start,
    stop,
    offer,
    relabel,
    state: () => (running ? running.state() : last || { step: 0, total: STEPS.length, expects: null, done: false }),
    next: () => (running ? running.next() : false),
  };

  /** One run of the lesson, the table's source while it runs. `onStop()` when it ends (another game came, or it was left). */
  function createLesson(s, { onStop }) {
    let i = 0; // the script entry to come
    let shown = 0; // the script entry of the step shown
    let focused = -1; // the script entry the view was last brought close to
    let over = false; // stopped: the lesson no longer has a say
    let done = false; // finished: the last step was read; its game stays on the table until another comes

    const entry = () => SCRIPT[i] || null;
    const lessonWords = () => words(s, () => !over);
    const stepNo = () => SCRIPT.slice(0, shown + 1).filter((e) => e.say).length;
    const isReading = () => {
      const e = entry();
      return !!e && !!e.say && !e.you;
    };

    /** Move on to entry i, playing a jump at once. */
    function arrive() {
      while (entry() && entry().jump) {
        for (const a of entry().jump) s.game.apply(a);
        i++;
        refresh(s);
        fit(s);
        s.dom.ui.log([{ text: lessonWords()("jumped"), cls: "turn" }]);
      }
      if (entry() && entry().say) shown = i;
    }

    function state() {
      const e = entry();
      return { step: stepNo(), total: STEPS.length, expects: !done && e && e.you ? { ...e.you } : null, done };
    }

    function stop() {
      if (over) return;
      over = true;
      dropSource(s, lesson); // its game stays on the table, an ordinary local one
      onStop();
      if (s.game && s.snap) refreshPanels(s);
      requestDraw(s);
    }

    function finish() {
      done = true;
      // "Play again" after the lesson is an ordinary game, not the lesson's pile.
      s.options = { players: DEFAULT_SEATS.map(({ name, color }) => ({ name, color })), seats: DEFAULT_SEATS.map((x) => x.kind) };
      s.dom.ui.log([{ text: lessonWords()("done"), cls: "turn" }]);
      refreshPanels(s);
      if (s.snap && s.snap.phase === "over") s.dom.ui.showRanking(s.snap);
    }

    function next() {
      if (over || done || !isReading()) return false;
      if (i === SCRIPT.length - 1) {
        finish();
        return true;
      }
      i++;
      arrive();
      refreshPanels(s);
      requestDraw(s);
      afterChange(s);
      return true;
    }

    /** What to highlight and click: the one action the step waits for. */
    function legal(all) {
      if (done) return all;
      const e = entry();
      return e && e.you ? all.filter((a) => T.sameAction(a, e.you)) : [];
    }

    /** A move about to be played: null when the lesson takes it, else why not (engine-illegal moves are left to the engine). */
    function check(action) {
      if (done) return null;
      const want = expected(entry());
      if (want && T.sameAction(want, action)) return null;
      if (!legalish(s.legal, action)) return null;
      const tt = lessonWords();
      if (isReading()) return tt("readFirst");
      const key = `${SCRIPT[shown].say}.why`;
      const why = tt(key);
      return why === key ? tt("why") : why;
    }

    /** A move was played: the next entry, or (a move off the script, by the API) the lesson ends. */
    function applied(action) {
      if (done) return;
      if (!T.sameAction(expected(entry()) || {}, action)) {
        stop();
        return;
      }
      i++;
      arrive();
    }

    /**
     * Who moves next (source.js upcoming): the script's move, after a pause, or the learner, whose
     * every move is a click (even a forced one; once the lesson is done, all of them).
     */
    function upcoming() {
      const e = entry();
      if (e && !done && e.bot) return { by: "script", action: e.bot, who: s.snap.current, pause: PAUSE.bot };
      if (e && !done && e.auto) return { by: "script", action: e.auto, who: null, pause: PAUSE.auto };
      return { by: "person", playsForced: false };
    }

    /** The coach panel and what to click outside the board. */
    function decorate() {
      if (over) return;
      const tt = lessonWords();
      const c = coach();
      if (!TEXT[s.i18n.language()] || !TEXT.en) {
        c.hidden = true; // the step is shown when its words come (words() draws the panel again)
        return;
      }
      const e = entry();
      const head = el(
        "div",
        { class: "coach-head" },
        el("strong", { id: "coach-step", text: tt("stepOf", stepNo(), STEPS.length) }),
        el("button", { type: "button", id: "coach-quit", class: "link", title: tt("quitTitle"), text: tt(done ? "back" : "quit"), onclick: () => stopAndRestore() }),
      );
      const text = done ? tt("done") : e && e.bot ? tt("watch", s.snap.players[s.snap.current].name) : e && e.auto ? tt("auto") : tt(SCRIPT[shown].say);
      c.replaceChildren(head, el("p", { id: "coach-text", class: "coach-text", text }));
      if (!done && isReading()) {
        // Next sits at the end of the text, so the step takes little room on a phone
        const lastStep = i === SCRIPT.length - 1;
        c.lastChild.append(" ", el("button", { type: "button", id: "coach-next", class: "primary", text: tt(lastStep ? "finish" : "next"), onclick: () => next() }));
      }
      c.dataset.step = String(stepNo());
      delete c.dataset.offer; // the lesson's step, not the offer
      c.hidden = false;
      closeUp();
      clearTargets();
      for (const t of targets()) t.classList.add("coach-target");
    }

    /** A step waiting for a click on a card too small to hit comfortably brings it close (F fits the board again). */
    function closeUp() {
      const a = entry() && entry().you;
      if (!a || focused === i) return;
      focused = i;
      const card = a.tile || (s.snap.pending && s.snap.pending.tile) || (a.type === "setup_place" ? "tonga" : null);
      const tile = card && s.snap.tiles.find((t) => t.card === card);
      const { camera, renderer } = s.dom;
      renderer.resize(camera);
      if (!tile || camera.scale >= CLOSE_UP) return;
      const hexes = [{ q: tile.q, r: tile.r }];
      for (let d = 0; d < 6; d++) hexes.push(G.neighbor(tile.q, tile.r, d));
      fitBounds(camera, G.boundsOf(hexes, 1, 0.15), 12, 130);
      requestDraw(s);
    }

    /** The controls outside the board the step wants clicked. */
    function targets() {
      if (done) return [];
      const root = s.dom.root;
      const e = entry();
      const out = [];
      const add = (sel) => {
        const x = root.querySelector(sel);
        if (x) out.push(x);
      };
      if (isReading()) add("#coach-next");
      const a = e && e.you;
      if (!a) return out;
      if (a.type === "expand" && s.ui.mode !== "expand") add("#pick-expand");
      if (a.type === "found_kingdom" && s.ui.mode !== "king") add("#pick-king");
      if (a.type === "land" || a.type === "return") {
        if (T.traySeat(s.snap, s.ui) !== a.seat) add(`.tray-seat[data-seat="${a.seat}"]`);
        if (a.type === "return") add("#send-home");
      }
      return out;
    }

    function stopAndRestore() {
      stop();
      if (!Session.resume(s)) Session.newGame(s, null);
    }

    const lesson = localSource(s, {
      name: "lesson",
      autosaves: false, // the game before the lesson stays in the autosave
      mayTakeBack: false,
      noTakeBack: "u.noTakeBackLesson",
      upcoming,
      clickable: legal,
      holdsClick: () => (isReading() ? lessonWords()("readFirst") : null),
      refuse: check,
      applied,
      decorate,
      end: stop,
      // the tutorial's own (window.tongiakiApp.tutorial)
      state,
      next,
    });
    arrive();
    return lesson;
  }
}
