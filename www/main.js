// The page's entry point: load the wasm engine, mount the table on the
// document, start a game, and expose the test hooks as window.tongiakiApp.
//
// The engine (pkg/tongiaki.js) is loaded by engine.js, which index.html has
// already started on its own, and dynamically, so that a missing or broken
// engine build shows a message on the page instead of a blank table.

import { createApp } from "./app.js";
import { TABLE_HTML } from "./markup.js";
import { setLanguage, pickLanguage } from "./i18n.js";
import { loadEngine } from "./engine.js";
import { learned } from "./tutorial.js";

const LANGUAGE_KEY = "tongiaki.language";

async function main() {
  // The language: ?lang=xx, else the one chosen last time, else the browser's.
  const params = new URLSearchParams(location.search);
  let chosen = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    chosen = null;
  }
  // Its words are fetched (i18n.js) while the engine loads; English comes with the page.
  const languageReady = setLanguage(params.get("lang") || chosen || pickLanguage(navigator.languages));
  document.body.insertAdjacentHTML("afterbegin", TABLE_HTML);
  const loading = document.getElementById("loading");
  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    loading.textContent = `The game engine could not be loaded (${e.message}). Build it with scripts/build-wasm.sh and serve the page with "tongiaki serve".`;
    loading.classList.add("error");
    throw e;
  }
  const language = await languageReady;
  // The running game is saved in localStorage after every move and comes
  // back after a reload (?new starts afresh instead).
  const api = createApp(document.body, engine.Game, { storageKey: "tongiaki.autosave", languageKey: LANGUAGE_KEY, soundKey: "tongiaki.sound", language, online: { page: true } });
  window.tongiakiApp = api;
  loading.hidden = true;
  if (params.has("speed")) api.setSpeed(Number(params.get("speed")));
  const resumed = !params.has("new") && !!api.resume();
  if (!resumed) api.newGame(null);
  // ?table=ID: an online table's link (online/session.js); the game on this device waits behind it.
  const table = params.get("table");
  if (table) api.openTable(table);
  // "Learn to play": ?learn starts the guided game; a first visit offers it.
  else if (params.has("learn")) api.tutorial.start();
  else if (!resumed && !learned()) api.tutorial.offer();
  // "My tables" (issue 31): the seats this browser holds at online tables, whose turn it is in each.
  if (!table) api.myTables(true).catch(() => {});
  api.drawNow(); // the first board is on screen before we call ourselves ready
  api.readyAt = performance.now(); // ms since navigation start (BENCHMARKS.md)
  api.ready = true;
  document.documentElement.dataset.ready = "true";
  window.dispatchEvent(new Event("tongiaki-ready"));
  registerServiceWorker();
}

/** Offline play (sw.js): cache every file on the first visit. Not on file:// (the single-file build). */
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register("./sw.js").catch((e) => console.warn(`Offline play is not available: ${e.message}`));
}

main();
