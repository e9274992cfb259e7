// Tongiaki in any page (issue 6): the custom element <tongiaki-game> and
// mount(element, options), from this one module.
//
//   <script type="module" src="https://example.org/tongiaki/tongiaki-element.js"></script>
//   <tongiaki-game players="Ana,Bo,Cy" bots="2" seed="7"></tongiaki-game>
//
//   import { mount } from "./tongiaki-element.js";
//   const game = await mount(document.querySelector("#here"), { players: ["Ana", "Bo"], bots: 1 });
//
// Each table lives in its own shadow root (its own markup, ids and styles)
// with its own wasm Game; keys go to the table last clicked or focused, so
// several boards on one page do not interfere. The element fills its
// container (give the container a height). After every applied action the
// element dispatches `tongiaki-move` (detail: { action, snapshot, events });
// when the game ends, `tongiaki-over` (detail: { snapshot, ranking }). Both
// bubble and cross the shadow boundary.
//
// An online table (issue 12): <tongiaki-game table="ID" server="URL"> sits
// at table ID of the server at URL (default: where this module was served
// from) — at this browser's seat if it holds one, else it joins a waiting
// table or watches (online/session.js).

import { createApp } from "./app.js";
import { TABLE_HTML } from "./markup.js";
import { createWords } from "./words.js";
import { createI18n, loadLanguage, pickLanguage } from "./i18n.js";
// one engine module per page; every table has its own Game
import { loadEngine } from "./engine.js";

/** A table's language: its `language` option, else the browser's. */
const languageOf = (options) => options.language || pickLanguage(typeof navigator === "undefined" ? [] : navigator.languages);
/** seatName and engineFailed in a table's language. */
const embedWords = (options) => createWords(createI18n(languageOf(options)).t).EMBED_WORDS;

const STYLE_URL = new URL("./style.css", import.meta.url).href;
const COLORS = ["blue", "yellow", "green", "orange", "red", "purple"];


/** Engine options and seat kinds from the element's options (see mount). */
export function gameOptions(options = {}) {
  let names = options.players;
  if (typeof names === "string") names = /^\s*\d+\s*$/.test(names) ? Number(names) : names.split(",").map((s) => s.trim()).filter(Boolean);
  if (typeof names === "number" || names === undefined || names === null) {
    const n = names === undefined || names === null ? 3 : Math.max(2, Math.min(6, Math.floor(names)));
    const words = embedWords(options);
    names = Array.from({ length: n }, (_, i) => words.seatName(i));
  }
  names = names.map((p) => (typeof p === "string" ? p : p && p.name) || "");
  let bots = options.bots;
  if (typeof bots === "string") bots = bots.trim() === "" ? 0 : bots.includes(",") ? bots.split(",").map((s) => s.trim()) : Number(bots);
  // a number: that many of the last seats are (greedy) bots; a list: a kind per seat ("human", a level "beginner" … "expert", "random", "greedy", "search")
  const seats = Array.isArray(bots)
    ? names.map((_, i) => (bots[i] && bots[i] !== "human" ? bots[i] : "human"))
    : names.map((_, i) => (i >= names.length - Math.max(0, Math.min(names.length, Number(bots) || 0)) ? "greedy" : "human"));
  const players = names.map((name, i) => ({ ...(name ? { name } : {}), color: COLORS[i] }));
  const out = { players, seats };
  const seed = options.seed;
  if (seed !== undefined && seed !== null && seed !== "" && Number.isFinite(Number(seed))) out.seed = Number(seed);
  return out;
}

/**
 * Mount a game table in `element` (any element that can hold a shadow root,
 * e.g. a div; <tongiaki-game> does this itself). options: players (a count
 * 2..6, or names), bots (how many of the last seats are bots, or a kind per
 * seat), seed, language (the table's own language: "en", "de", "nl", "hu",
 * "it", "he"; without it the browser's; every table keeps its own),
 * speed (bot and animation speed: 1 normal, 0 instant), storageKey (save the
 * running game in localStorage under this key and resume it), table and
 * server (an online table: its id and the server's URL), sound (true: the
 * table's sounds are on; off by default in an embedded table, issue 30),
 * onMove, onOver. Resolves to the table's API (the same as window.tongiakiApp on
 * the game's own page, plus destroy()).
 */
export async function mount(element, options = {}) {
  const shadow = element.shadowRoot || element.attachShadow({ mode: "open" });
  shadow.innerHTML = `<link rel="stylesheet" href="${STYLE_URL}"><div class="tongiaki-root">${TABLE_HTML}</div>`;
  const root = shadow.querySelector(".tongiaki-root");
  const loading = shadow.getElementById("loading");
  // the table's words are fetched while the engine loads (i18n.js; English if they cannot be)
  const words = loadLanguage(languageOf(options)).catch(() => null);
  let mod;
  try {
    mod = await loadEngine();
    await words;
  } catch (e) {
    loading.textContent = embedWords(options).engineFailed(e.message);
    loading.classList.add("error");
    throw e;
  }
  const fire = (type, detail) => element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  const api = createApp(shadow, mod.Game, {
    keys: "focus",
    online: { server: options.server || new URL("./", import.meta.url).href },
    language: languageOf(options),
    storageKey: options.storageKey || null,
    // sounds: off in an embedded table unless it asks (the `sound` attribute; "false" or "off" says no)
    sound: options.sound !== undefined && options.sound !== false && !/^(false|off|0)$/i.test(String(options.sound)),
    onMove(action, snapshot, events) {
      fire("tongiaki-move", { action, snapshot, events });
      if (options.onMove) options.onMove(action, snapshot, events);
    },
    onOver(snapshot) {
      fire("tongiaki-over", { snapshot, ranking: snapshot.ranking });
      if (options.onOver) options.onOver(snapshot);
    },
  });
  loading.hidden = true;
  if (options.speed !== undefined && options.speed !== null && options.speed !== "") api.setSpeed(Number(options.speed));
  if (!(options.storageKey && api.resume())) api.newGame(gameOptions(options));
  if (options.table) api.openTable(options.table); // a waiting table may ask for a name first: ready does not wait for it
  api.drawNow();
  api.ready = true;
  api.root = root;
  api.destroy = () => {
    api.dispose();
    shadow.innerHTML = "";
  };
  fire("tongiaki-ready", { api });
  return api;
}

const ATTRS = ["players", "bots", "seed", "language", "speed", "storage-key", "table", "server", "sound"];

/** <tongiaki-game players bots seed language speed storage-key table server sound>: a table that fills its container. */
export class TongiakiGame extends HTMLElement {
  static get observedAttributes() {
    return ATTRS;
  }

  constructor() {
    super();
    this.tongiaki = null; // the table's API once it is ready
    this.ready = null; // a promise of it
  }

  options() {
    const o = {};
    for (const a of ATTRS) if (this.hasAttribute(a)) o[a === "storage-key" ? "storageKey" : a] = this.getAttribute(a);
    return o;
  }

  connectedCallback() {
    if (this.ready) return;
    this.ready = mount(this, this.options()).then((api) => (this.tongiaki = api));
  }

  /** Taken out of the page: stop the table (a table put back starts a new game). */
  disconnectedCallback() {
    const ready = this.ready;
    this.ready = null;
    if (ready) ready.then((api) => api.destroy());
    this.tongiaki = null;
  }

  attributeChangedCallback(name, old, value) {
    if (!this.tongiaki || old === value) return;
    if (name === "language") this.tongiaki.setLanguage(languageOf({ language: value })); // this table only, once its words are fetched
    else if (name === "speed") this.tongiaki.setSpeed(Number(value));
    else if (name === "sound") this.tongiaki.setSound(value !== null && !/^(false|off|0)$/i.test(value));
    else if (name === "table") {
      if (value) this.tongiaki.openTable(value);
      else this.tongiaki.leaveTable();
    }
    else if (name !== "storage-key" && name !== "server") this.tongiaki.newGame(gameOptions(this.options())); // a new game with the new seats or seed
  }
}

if (typeof customElements !== "undefined" && !customElements.get("tongiaki-game")) customElements.define("tongiaki-game", TongiakiGame);
