// The controller: holds the wasm Game, asks it for legalActions(), applies
// actions, and wires the renderer, the input, the animations, the bots and
// the panels together. Rules live only in the engine: every highlight comes
// from legalActions() and every refusal shows the engine's own message.

import * as G from "./geometry.js";
import { createCamera, fitBounds, worldToScreen, zoomAt, onScreen } from "./camera.js";
import { createRenderer, colorOf } from "./render.js";
import { attachInput } from "./input.js";
import { buildTimeline, createAnimator } from "./anim.js";
import * as T from "./targets.js";
import { createUi } from "./ui.js";
import { createWords } from "./words.js";
import * as Bots from "./bots.js";
import { createI18n } from "./i18n.js";

const DEFAULT_SEATS = [
  { name: "You", color: "blue", kind: "human" },
  { name: "Moana", color: "yellow", kind: "greedy" },
  { name: "Tavita", color: "green", kind: "search" },
];

/**
 * Mount a game table on `root` (an element holding the markup of index.html:
 * #board, the side panels and the dialogs) driven by the wasm `Game` class.
 * Returns the API that the page exposes as window.tongiakiApp. No global
 * state: several tables could live on one page once their markup is
 * templated (issue 6).
 *
 * `options` (all optional): `storageKey` — localStorage key under which the
 * running game is saved after every move and from which `resume()` brings it
 * back (no autosave without it); `onMove(action, snapshot)` and
 * `onOver(snapshot)` — called after every applied action / once when a game
 * ends; `keys` — "document" (default: keys anywhere on the page) or "focus"
 * (only while the table holds the focus or was clicked last; several tables
 * on one page); `language` — the table's language ("en", "de", "nl", "hu",
 * "it", "he"; default English): every table has its own (i18n.js), so
 * tables on one page do not follow each other's switch.
 */
export function createApp(root, Game, options = {}) {
  const i18n = createI18n(options.language || "en");
  const { describeEvent, describeAction, colorWord, SAVE_WORDS, t } = createWords(i18n.t);
  const app = {
    Game: null,
    game: null,
    snap: null,
    legal: [],
    seats: [], // [{ kind: "human" | bot kind }]
    options: null, // the options of the running game (for "play again")
    ui: T.initialUi(),
    hover: null, // world point under the pointer
    hit: null, // hitTest of the hover point
    speed: 1,
    autoForced: true,
    generation: 0, // bumps on a new game: cancels pending bot moves
    timer: 0, // pending bot / forced move
    busyReason: null,
    rankingShown: false,
    faceCache: new Map(),
    idleWaiters: [],
    replay: null, // { save: the live game's save text, actions, k } while the replay viewer is open
  };
  const storageKey = options.storageKey || null;

  const canvas = root.querySelector("#board");
  const renderer = createRenderer(canvas);
  const camera = createCamera();
  let frameScene = null; // an animation frame's scene parts, or null
  let drawQueued = false;

  const animator = createAnimator({
    onFrame(parts) {
      frameScene = parts;
      drawNow();
    },
    onDone() {
      frameScene = null;
      requestDraw();
      afterChange();
    },
  });

  const ui = createUi(root, {
    openNewGame: () => openNewGame(),
    fit: () => fit(),
    zoom: (f) => {
      zoomAt(camera, f, camera.w / 2, camera.h / 2);
      requestDraw();
    },
    speed: (v) => {
      app.speed = v;
    },
    autoForced: (on) => {
      app.autoForced = on;
      afterChange();
    },
    playAgain: () => newGame(app.options),
    pick: (mode) => {
      app.ui = { ...app.ui, mode, selection: null };
      refreshPanels();
      requestDraw();
    },
    resettle: () => humanAct({ type: "resettle" }),
    traySeat: (seat) => {
      app.ui = { ...app.ui, traySeat: seat };
      refreshPanels();
      requestDraw();
    },
    sendHome: () => humanAct({ type: "return", seat: T.traySeat(app.snap, app.ui) }),
    rotate: (step) => rotate(step),
    clearSelection: () => clearSelection(),
    action: (a) => humanAct(a),
    saveFile: () => saveFile(),
    openFile: (text) => openFile(text),
    replay: () => (app.replay ? closeReplay() : openReplay()),
    replayTo: (k) => replayTo(k),
    replayStep: (d) => replayTo(app.replay ? app.replay.k + d : 0),
    replayExit: () => closeReplay(),
    language: (id) => {
      i18n.setLanguage(id);
      if (options.languageKey) {
        try {
          localStorage.setItem(options.languageKey, i18n.language());
        } catch {
          // not remembered; the switch still works
        }
      }
    },
    tryNewGame: (options) => {
      try {
        new app.Game(engineOptions(options)).free();
        return null;
      } catch (e) {
        return i18n.errorText(e);
      }
    },
  }, i18n);

  // ---------------------------------------------------------------------------
  // Game lifecycle

  function engineOptions(options) {
    const o = { players: options.players.map((p) => ({ ...(p.name ? { name: p.name } : {}), ...(p.color ? { color: p.color } : {}) })) };
    if (options.seed !== undefined && options.seed !== null && options.seed !== "") o.seed = options.seed;
    if (options.deck) o.deck = options.deck;
    return o;
  }

  /**
   * Start a new game. `options` are those of `new Game` (players, seed, deck);
   * a player may carry `bot: "random"` and `options.seats` may list "human" or
   * a bot kind per seat (UI-only extras, not passed to the engine).
   */
  function newGame(options) {
    const opts = options || { players: DEFAULT_SEATS.map(({ name, color }) => ({ name, color })), seats: DEFAULT_SEATS.map((s) => s.kind) };
    const game = new app.Game(engineOptions(opts)); // throws the engine's bad_options error
    const seats = opts.players.map((p, i) => ({ kind: (opts.seats && opts.seats[i]) || p.bot || "human" }));
    startGame(game, opts, seats);
    ui.log([{ text: t("g.newGame", app.snap.players.map((p, i) => `${p.name} (${colorWord(app.snap, i)})`).join(", "), opts.seed), cls: "turn" }]);
    return app.snap;
  }

  /** Make `game` (a wasm Game, new or loaded) the one on the table. */
  function startGame(game, opts, seats, quiet = false) {
    if (app.replay) leaveReplayState();
    if (app.game && app.game !== game) app.game.free();
    app.game = game;
    app.options = opts;
    app.seats = seats;
    app.generation++;
    clearTimeout(app.timer);
    app.timer = 0;
    app.ui = T.initialUi();
    app.rankingShown = false;
    app.faceCache.clear();
    animator.skip();
    frameScene = null;
    ui.closeDialogs();
    ui.clearLog();
    ui.thinking(null);
    app.rankingShown = !!quiet; // an opened file's ranking is not news
    refresh();
    fit();
    afterChange();
  }

  // ---------------------------------------------------------------------------
  // Save, resume, replay (issue 6). The file is the engine's own save() JSON;
  // loading it is Game.load, which replays it through the rules and names the
  // bad entry of a tampered or foreign file.

  function autosave() {
    if (!storageKey || app.replay || !app.game) return;
    try {
      localStorage.setItem(storageKey, JSON.stringify({ save: app.game.save(), seats: app.seats.map((s) => s.kind), options: app.options }));
    } catch {
      // storage full or switched off: the game goes on unsaved
    }
  }

  /** Bring back the autosaved game; returns its snapshot, or null if there is none (or it no longer loads). */
  function resume() {
    if (!storageKey) return null;
    let saved;
    try {
      saved = JSON.parse(localStorage.getItem(storageKey));
    } catch {
      saved = null;
    }
    if (!saved || typeof saved.save !== "string") return null;
    let game;
    try {
      game = app.Game.load(saved.save);
    } catch {
      return null; // an old or broken save: start afresh
    }
    const n = game.snapshot().players.length;
    const kinds = Array.isArray(saved.seats) && saved.seats.length === n ? saved.seats : Array(n).fill("human");
    const opts = saved.options && Array.isArray(saved.options.players) ? saved.options : optionsOf(game, kinds);
    startGame(game, opts, kinds.map((kind) => ({ kind: String(kind) })));
    ui.log([{ text: SAVE_WORDS.resumed, cls: "turn" }]);
    return app.snap;
  }

  /** "Play again" options for a loaded game: same players, a fresh seed. */
  function optionsOf(game, kinds) {
    const players = game.snapshot().players.map((p) => ({ name: p.name, color: p.color }));
    return { players, seats: kinds };
  }

  function saveFile() {
    if (!app.game) return;
    const text = app.replay ? app.replay.save : app.game.save();
    const d = new Date();
    const pad = (x) => String(x).padStart(2, "0");
    const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = SAVE_WORDS.fileName(stamp);
    a.hidden = true;
    (root.nodeType === 11 ? root : root.ownerDocument.body).append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  /**
   * Open a game file (the text of a save). On success every seat is a person
   * (the file does not say who was a bot) and the replay viewer opens at the
   * last move. Returns null, or the engine's message when it refuses the file.
   */
  function openFile(text) {
    let game;
    try {
      game = app.Game.load(text);
    } catch (e) {
      const message = SAVE_WORDS.openFailed(i18n.errorText(e));
      ui.toast(message);
      return message;
    }
    const kinds = game.snapshot().players.map(() => "human");
    startGame(game, optionsOf(game, kinds), kinds.map((kind) => ({ kind })), true);
    const n = JSON.parse(game.save()).actions.length;
    ui.log([{ text: SAVE_WORDS.opened(n), cls: "turn" }]);
    openReplay(n);
    return null;
  }

  /** Open the replay viewer on the game at hand, at move `k` (default: the last one). */
  function openReplay(k) {
    if (!app.game) return;
    if (!app.replay) {
      const save = app.game.save();
      const parsed = JSON.parse(save);
      app.replay = { save, parsed, actions: parsed.actions, k: parsed.actions.length };
      animator.skip();
      frameScene = null;
      clearTimeout(app.timer);
      app.timer = 0;
      app.generation++;
      ui.thinking(null);
      ui.closeDialogs();
    }
    replayTo(k === undefined ? app.replay.actions.length : k);
  }

  /** Show the game after its first `k` actions: Game.load of the save cut after k. */
  function replayTo(k) {
    const r = app.replay;
    if (!r) return null;
    k = Math.max(0, Math.min(r.actions.length, Math.round(Number(k) || 0)));
    const game = app.Game.load(JSON.stringify({ ...r.parsed, actions: r.actions.slice(0, k) }));
    let words = SAVE_WORDS.replayStart;
    if (k > 0) {
      // the move in words, as it read before it was made
      const prev = app.Game.load(JSON.stringify({ ...r.parsed, actions: r.actions.slice(0, k - 1) }));
      words = SAVE_WORDS.replayMove(k, describeAction(prev.snapshot(), r.actions[k - 1]));
      prev.free();
    }
    app.game.free();
    app.game = game;
    r.k = k;
    app.ui = T.initialUi();
    refresh();
    ui.renderReplay({ k, n: r.actions.length, words });
    settle();
    return app.snap;
  }

  function leaveReplayState() {
    app.replay = null;
    ui.renderReplay(null);
  }

  /** Leave the replay: the live game comes back where it was. */
  function closeReplay() {
    const r = app.replay;
    if (!r) return;
    const game = app.Game.load(r.save);
    leaveReplayState();
    app.game.free();
    app.game = game;
    app.ui = T.initialUi();
    app.generation++;
    refresh();
    fit();
    afterChange();
  }

  async function openNewGame() {
    const seats = app.snap
      ? app.snap.players.map((p, i) => ({ name: p.name, color: p.color, kind: app.seats[i] ? app.seats[i].kind : "human" }))
      : DEFAULT_SEATS;
    const options = await ui.newGameDialog({ seats, seed: null });
    if (options) newGame(options);
  }

  function refresh() {
    app.snap = app.game.snapshot();
    app.legal = app.game.legalActions();
    const d = T.decision(app.snap, app.legal);
    // Drop UI state that no longer fits the decision at hand.
    const ui2 = { ...app.ui };
    if (d !== "turn" && d !== "place_new") ui2.selection = null;
    if (d === "turn") ui2.mode = T.effectiveMode(app.legal, ui2.mode);
    if (d !== "land") ui2.traySeat = null;
    if (d !== "place_card") {
      ui2.rotation = null;
      ui2.lastHex = null;
    }
    app.ui = ui2;
    refreshPanels();
    keepBoardInView();
    requestDraw();
    autosave();
  }

  /** When a card is laid outside the view (or a new hex to lay on is), fit the board again. */
  function keepBoardInView() {
    const n = app.snap.tiles.length + (app.snap.phase === "place_card" ? 1000 : 0);
    if (n === app.lastTileCount) return;
    app.lastTileCount = n;
    renderer.resize(camera);
    const hexes = app.snap.tiles.map((t) => ({ q: t.q, r: t.r }));
    for (const a of app.legal) if (a.type === "place_card") hexes.push({ q: a.q, r: a.r });
    const out = hexes.some((h) => {
      const c = G.hexCenter(h.q, h.r);
      const p = worldToScreen(camera, c.x, c.y);
      return !onScreen(camera, p, camera.scale * 0.9);
    });
    if (out) fit();
  }

  function isBotTurn() {
    if (app.replay) return true; // nobody plays in a replay
    const s = app.snap;
    return s && s.current !== null && s.current !== undefined && app.seats[s.current] && app.seats[s.current].kind !== "human";
  }

  function refreshPanels() {
    const s = app.snap;
    const d = T.decision(s, app.legal);
    const hex = currentHex();
    ui.renderStatus({
      snap: s,
      legal: app.legal,
      decision: d,
      mode: app.ui.mode,
      seats: app.seats,
      traySeat: d === "land" ? T.traySeat(s, app.ui) : null,
      selectionHint: T.selectionHint(s, app.legal, app.ui),
      replay: !!app.replay,
      hasSelection: !!app.ui.selection,
      rotation: d === "place_card" ? { value: hex ? T.rotationFor(app.legal, app.ui, hex.q, hex.r) : app.ui.rotation ?? null, hex } : null,
      botTurn: isBotTurn(),
    });
    ui.renderPlayers(s, app.seats);
    ui.renderActions(s, isBotTurn() ? [] : app.legal, !isBotTurn());
  }

  /** Apply an action: log, animate, refresh. Returns the events, or null if the engine refused it. */
  function perform(action) {
    const before = app.snap;
    let events;
    try {
      events = app.game.apply(action);
    } catch (e) {
      ui.toast(i18n.errorText(e));
      return null;
    }
    ui.hideToast();
    app.ui = { ...app.ui, selection: null };
    refresh();
    const lines = [];
    for (const e of events) {
      const text = describeEvent(before, app.snap, e);
      if (text) lines.push({ text, cls: e.type === "turn_started" ? "turn" : e.type === "voyage_failed" || e.type === "island_removed" ? "bad" : null });
    }
    ui.log(lines);
    animate(events, before);
    announce(action, events);
    return events;
  }

  function announce(action, events) {
    if (options.onMove) options.onMove(action, app.snap, events);
  }

  function animate(events, before) {
    const colors = app.snap.players.map((p) => colorOf(p.color));
    const timeline = buildTimeline(events, before, app.snap);
    const arrived = events.some((e) => e.type === "arrived");
    animator.play(timeline, colors, app.speed);
    // After the timeline ran (at once or later) its state knows where a group came in.
    if (arrived) app.lastArrival = timeline;
    if (!animator.busy) afterChange();
  }

  function humanAct(action) {
    if (isBotTurn()) return null;
    animator.skip();
    return perform(action);
  }

  /** After every change: show the ranking, schedule a bot's or a forced move. */
  function afterChange() {
    clearTimeout(app.timer);
    app.timer = 0;
    ui.thinking(null);
    if (animator.busy || !app.snap) return settle();
    if (app.replay) return settle();
    if (app.snap.phase === "over") {
      if (!app.rankingShown) {
        app.rankingShown = true;
        ui.showRanking(app.snap);
        if (options.onOver) options.onOver(app.snap);
      }
      return settle();
    }
    const gen = app.generation;
    if (isBotTurn()) {
      const seat = app.snap.current;
      const kind = app.seats[seat].kind;
      ui.thinking(t("g.thinking", app.snap.players[seat].name));
      const delay = app.speed <= 0 ? 0 : Math.round(450 * app.speed);
      app.timer = setTimeout(async () => {
        let action;
        try {
          action = await Bots.chooseAction(app.game, seat, kind, { speed: app.speed });
        } catch (e) {
          app.timer = 0;
          ui.thinking(null);
          ui.toast(t("g.botFailed", i18n.errorText(e)));
          settle();
          return;
        }
        if (gen !== app.generation) return;
        app.timer = 0;
        ui.thinking(null);
        perform(action);
      }, delay);
      return;
    }
    if (app.autoForced && app.legal.length === 1) {
      const only = app.legal[0];
      app.timer = setTimeout(() => {
        if (gen !== app.generation) return;
        app.timer = 0;
        perform(only);
      }, app.speed <= 0 ? 0 : Math.round(250 * app.speed));
      return;
    }
    settle();
  }

  /** Resolve whenIdle() waiters when nothing is moving and a person must act (or the game is over). */
  function settle() {
    if (animator.busy || app.timer) return;
    const w = app.idleWaiters;
    app.idleWaiters = [];
    for (const f of w) f();
  }

  function whenIdle() {
    return new Promise((resolve) => {
      app.idleWaiters.push(resolve);
      settle();
    });
  }

  // ---------------------------------------------------------------------------
  // The board

  function fit() {
    const tiles = app.snap ? app.snap.tiles : [];
    const hexes = tiles.map((t) => ({ q: t.q, r: t.r }));
    // while a card is being laid, the empty places it may go to count too
    for (const a of app.legal) if (a.type === "place_card") hexes.push({ q: a.q, r: a.r });
    if (tiles.length <= 1) for (const t of tiles) for (let d = 0; d < 6; d++) hexes.push(G.neighbor(t.q, t.r, d));
    renderer.resize(camera);
    fitBounds(camera, G.boundsOf(hexes, 1, 0.15), 12, 130);
    requestDraw();
  }

  function requestDraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => {
      drawQueued = false;
      drawNow();
    });
  }

  function currentHex() {
    const h = app.hit;
    if (h && !h.tile && T.rotationsAt(app.legal, h.q, h.r).length) return { q: h.q, r: h.r };
    return app.ui.lastHex;
  }

  /** The face of a card waiting to be laid: from the engine, by laying it in a throwaway copy of the game. */
  function cardFace(card) {
    if (app.faceCache.has(card)) return app.faceCache.get(card);
    const p = app.snap.pending || {};
    let face = null;
    if (p.trails || p.beaches) {
      face = { card, kind: p.kind, name: p.name, value: p.value, king: null, beaches: p.beaches, trails: p.trails, ships: [] };
    } else {
      const lay = app.legal.find((a) => a.type === "place_card");
      let copy = null;
      try {
        copy = app.Game.load(app.game.save());
        copy.apply(lay);
        const t = copy.snapshot().tiles.find((x) => x.card === card);
        if (t) face = { ...t, beaches: t.beaches && t.beaches.map((b) => ({ ...b, ships: [] })), ships: t.ships ? [] : undefined };
      } catch {
        face = null;
      } finally {
        if (copy) copy.free();
      }
    }
    face = face || { card, kind: "back", name: p.card };
    app.faceCache.set(card, face);
    return face;
  }

  function buildScene() {
    const s = app.snap;
    const colors = s.players.map((p) => colorOf(p.color));
    if (frameScene) {
      return { tiles: frameScene.tiles, colors, hidden: frameScene.hidden, group: frameScene.group, overlays: [frameScene.overlay] };
    }
    const human = !isBotTurn();
    const marks = human ? T.marks(s, app.legal, app.ui, app.hit) : null;
    const scene = { tiles: s.tiles, colors, marks };
    if (s.phase === "land" && s.pending) {
      const g = app.lastArrival && app.lastArrival.state.group;
      const last = g && g.tile === s.pending.tile ? g.at : null;
      scene.group = { tile: s.pending.tile, seats: s.pending.group, at: last };
    }
    if (s.phase === "place_card" && s.pending && app.hover && human) {
      const face = cardFace(s.pending.card);
      const hex = app.hit && !app.hit.tile && T.rotationsAt(app.legal, app.hit.q, app.hit.r).length ? { q: app.hit.q, r: app.hit.r } : null;
      if (hex) {
        scene.ghost = { tile: { ...face, q: hex.q, r: hex.r, rotation: T.rotationFor(app.legal, app.ui, hex.q, hex.r) }, legal: true, alpha: 0.9 };
      } else {
        // follow the pointer between places
        const q = app.hover.x / 1.5;
        const r = app.hover.y / G.SQRT3 - q / 2;
        scene.ghost = { tile: { ...face, q, r, rotation: app.ui.rotation ?? 0 }, legal: null, alpha: 0.55 };
      }
    }
    return scene;
  }

  function drawNow() {
    if (!app.snap) return;
    renderer.resize(camera);
    renderer.draw(buildScene(), camera);
    if (renderer.incomplete) requestDraw(); // sharpen cards drawn from an older zoom level
  }

  // ---------------------------------------------------------------------------
  // Input

  function clickAt(world) {
    if (!app.snap) return;
    if (animator.busy) {
      animator.skip();
      return;
    }
    if (app.replay) {
      ui.toast(SAVE_WORDS.replayNoClick, "info");
      return;
    }
    if (isBotTurn()) {
      ui.toast(t("g.wait", app.snap.players[app.snap.current].name), "info");
      return;
    }
    const hit = G.hitTest(app.snap.tiles, world.x, world.y);
    const res = T.interpret(app.snap, app.legal, app.ui, hit);
    switch (res.kind) {
      case "apply":
        perform(res.action);
        break;
      case "illegal":
        // Not legal: the engine says why (and leaves the game unchanged).
        perform(res.action);
        break;
      case "select":
        app.ui = res.ui;
        if (res.hint) ui.tell(res.hint);
        refreshPanels();
        requestDraw();
        break;
      case "hint":
        ui.tell(res.hint);
        break;
      default:
        break;
    }
  }

  function hoverAt(world) {
    app.hover = world;
    app.hit = world && app.snap ? G.hitTest(app.snap.tiles, world.x, world.y) : null;
    if (app.hit && !app.hit.tile && app.snap && app.snap.phase === "place_card" && T.rotationsAt(app.legal, app.hit.q, app.hit.r).length) {
      const hex = { q: app.hit.q, r: app.hit.r };
      if (!app.ui.lastHex || app.ui.lastHex.q !== hex.q || app.ui.lastHex.r !== hex.r) {
        app.ui = { ...app.ui, lastHex: hex };
        refreshPanels();
      }
    }
    canvas.style.cursor = cursorFor(app.hit);
    requestDraw();
  }

  function cursorFor(hit) {
    if (!hit || !app.snap || isBotTurn()) return "";
    const m = T.interpret(app.snap, app.legal, app.ui, hit);
    return m.kind === "apply" || m.kind === "select" ? "pointer" : "";
  }

  function rotate(step) {
    if (!app.snap || app.snap.phase !== "place_card") return;
    const hex = currentHex() || (() => {
      const a = app.legal.find((x) => x.type === "place_card");
      return a ? { q: a.q, r: a.r } : null;
    })();
    if (!hex) return;
    const rots = T.rotationsAt(app.legal, hex.q, hex.r);
    if (!rots.length) return;
    const cur = T.rotationFor(app.legal, app.ui, hex.q, hex.r);
    const i = rots.indexOf(cur);
    const next = rots[(i + step + rots.length) % rots.length];
    app.ui = { ...app.ui, rotation: next, lastHex: hex };
    refreshPanels();
    requestDraw();
  }

  function clearSelection() {
    app.ui = { ...app.ui, selection: null };
    refreshPanels();
    requestDraw();
  }

  attachInput(canvas, {
    camera: () => camera,
    hover: hoverAt,
    click: clickAt,
    wheelRotates: () => !!(app.snap && app.snap.phase === "place_card" && !isBotTurn() && app.hit && !app.hit.tile && T.rotationsAt(app.legal, app.hit.q, app.hit.r).length),
    rotate,
    changed: () => {
      if (app.hover) app.hit = null;
      requestDraw();
    },
    accepts: (e) => acceptsKey(e),
    key(e) {
      const k = e.key;
      if (app.replay) {
        const go = { ArrowLeft: -1, ArrowRight: 1 }[k];
        if (go) {
          replayTo(app.replay.k + go);
          return true;
        }
        if (k === "Home" || k === "End") {
          replayTo(k === "Home" ? 0 : app.replay.actions.length);
          return true;
        }
      }
      if (k === "r" || k === "R") {
        rotate(e.shiftKey ? -1 : 1);
        return true;
      }
      if (k === "Escape") {
        if (app.ui.selection) {
          clearSelection();
          return true;
        }
        return false;
      }
      if (k === "f" || k === "F") {
        fit();
        return true;
      }
      if (k === "+" || k === "=") {
        zoomAt(camera, 1.25, camera.w / 2, camera.h / 2);
        requestDraw();
        return true;
      }
      if (k === "-") {
        zoomAt(camera, 0.8, camera.w / 2, camera.h / 2);
        requestDraw();
        return true;
      }
      if ((k === "e" || k === "E") && app.legal.some((a) => a.type === "expand")) {
        app.ui = { ...app.ui, mode: "expand", selection: null };
        refreshPanels();
        requestDraw();
        return true;
      }
      if ((k === "k" || k === "K") && app.legal.some((a) => a.type === "found_kingdom")) {
        app.ui = { ...app.ui, mode: "king", selection: null };
        refreshPanels();
        requestDraw();
        return true;
      }
      if (k === "n" || k === "N") {
        openNewGame();
        return true;
      }
      if (k === "?") {
        root.querySelector("#help-dialog").showModal();
        return true;
      }
      return false;
    },
  });

  // Keys reach this table when the page has one table, or (keys: "focus")
  // when the event comes from inside it or it was the last one clicked.
  let lastPointed = false;
  const host = root.nodeType === 11 ? root.host : root;
  if (options.keys === "focus") {
    host.ownerDocument.addEventListener("pointerdown", (e) => {
      lastPointed = e.composedPath().includes(host);
    }, true);
  }
  function acceptsKey(e) {
    if (disposed) return false;
    if (options.keys !== "focus") return true;
    return e.composedPath().includes(host) || lastPointed;
  }

  // ---------------------------------------------------------------------------
  // Language (i18n.js): translate the markup, set lang/dir, redraw the panels.

  const langTarget = root.nodeType === 11 ? root.querySelector(".tongiaki-root") || root.host : root.ownerDocument.documentElement;
  function applyLanguage() {
    i18n.translateTree(root);
    langTarget.lang = i18n.language();
    langTarget.dir = i18n.dir();
    ui.showLanguage(i18n.language());
    if (!app.snap) return;
    if (app.replay) replayTo(app.replay.k);
    else refreshPanels();
    if (app.snap.phase === "over" && root.querySelector("#ranking-dialog").open) ui.showRanking(app.snap);
  }
  const stopLanguage = i18n.onLanguage(applyLanguage);
  applyLanguage();
  let disposed = false;

  const resizeObserver = new ResizeObserver(() => {
    const w = camera.w;
    const h = camera.h;
    renderer.resize(camera);
    if (w !== camera.w || h !== camera.h) drawNow();
  });
  resizeObserver.observe(canvas);
  window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener?.("change", () => drawNow());

  // ---------------------------------------------------------------------------
  // Test hooks (issue 4): window.tongiakiApp

  /**
   * The viewport point {x, y} (CSS px) where a click performs `target`:
   * {tile, jetty} | {tile, beach} | {tile} | {q, r}. If the point is off
   * screen the board is fitted first.
   */
  function pointFor(target) {
    const world = worldPointFor(target);
    if (!world) throw new Error(`pointFor: nothing on the board for ${JSON.stringify(target)}`);
    renderer.resize(camera);
    let p = worldToScreen(camera, world.x, world.y);
    if (!onScreen(camera, p, 6)) {
      fit();
      p = worldToScreen(camera, world.x, world.y);
    }
    const rect = canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  function worldPointFor(target) {
    if (!target) return null;
    if (target.tile !== undefined) {
      const tile = app.snap.tiles.find((t) => t.card === target.tile);
      if (!tile) return null;
      if (target.jetty !== undefined) return G.slicePoint(tile, target.jetty);
      if (target.beach !== undefined) return tile.beaches && tile.beaches[target.beach] ? G.beachPoint(tile, target.beach) : null;
      return G.hexCenter(tile.q, tile.r);
    }
    if (target.q !== undefined && target.r !== undefined) return G.hexCenter(target.q, target.r);
    return null;
  }

  const api = {
    get Game() {
      return app.Game;
    },
    snapshot: () => app.game.snapshot(),
    legalActions: () => app.game.legalActions(),
    save: () => app.game.save(),
    /** Apply an action through the controller (UI, log and animation follow). Throws the engine's error. */
    apply(action) {
      if (app.replay) throw new Error("The replay viewer is open: close it (Back to the game) before playing.");
      const before = app.snap;
      const events = app.game.apply(action); // throws on a bad action, state unchanged
      app.ui = { ...app.ui, selection: null };
      refresh();
      ui.log(events.map((e) => ({ text: describeEvent(before, app.snap, e) })).filter((l) => l.text));
      animate(events, before);
      announce(action, events);
      return events;
    },
    /**
     * Play an action as a person would (the action list): a refused one shows
     * the engine's reason in this table's language in the toast. Returns the
     * events, or null when refused.
     */
    tryAction: (action) => perform(action),
    newGame: (options) => newGame(options),
    /** Bring back the autosaved game (options.storageKey); its snapshot, or null. */
    resume: () => resume(),
    /** Open a game file's text: null, or the message shown when the engine refuses it. */
    openFile: (text) => openFile(text),
    /** Open the replay viewer at move k (default: the last); `replayTo(k)` moves it; `closeReplay()` leaves it. */
    openReplay: (k) => openReplay(k),
    replayTo: (k) => replayTo(k),
    closeReplay: () => closeReplay(),
    /** { k, n } while the replay viewer is open, else null. */
    replayState: () => (app.replay ? { k: app.replay.k, n: app.replay.actions.length } : null),
    /** Switch this table's language ("en", "de", "nl", "hu", "it", "he"); returns the one now in use. */
    setLanguage: (id) => i18n.setLanguage(id),
    language: () => i18n.language(),
    /** An engine error (or anything thrown) in this table's language. */
    errorText: (e) => i18n.errorText(e),
    /** What the bots have done on this page: { worker, decisions, iterations, millis, last } (bots.js). */
    botStats: () => Bots.botStats(),
    pointFor,
    whenIdle,
    setSpeed(v) {
      app.speed = v;
      const sel = root.querySelector("#speed");
      if ([...sel.options].some((o) => Number(o.value) === v)) sel.value = String(v);
    },
    setAutoForced(on) {
      app.autoForced = !!on;
      root.querySelector("#auto-forced").checked = !!on;
    },
    seedBots: Bots.seedBots,
    /** UI state, for tests: picker mode, selection, tray colour, rotation. */
    uiState: () => ({ ...app.ui, traySeat: app.snap ? T.traySeat(app.snap, app.ui) : null, decision: T.decision(app.snap, app.legal), busy: animator.busy || !!app.timer }),
    /** Draw the current board n times; returns the time of each full redraw in ms (benchmarks). */
    timeRedraws(n = 50) {
      const times = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        renderer.draw(buildScene(), camera);
        times.push(performance.now() - t0);
      }
      return times;
    },
    /** Draw now (not on the next animation frame). */
    drawNow,
    /** Stop this table for good: timers, bots, keys, language and resize listeners, the wasm Game. */
    dispose() {
      if (disposed) return;
      disposed = true;
      stopLanguage();
      resizeObserver.disconnect();
      app.generation++;
      clearTimeout(app.timer);
      app.timer = 0;
      animator.skip();
      if (app.game) app.game.free();
      app.game = null;
    },
    ready: false,
  };

  app.Game = Game;
  return api;
}
