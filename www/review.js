// After the game (issue 32): the review of a finished game and the hint.
//
// The review: the Review button of the tool bar, or "Review the game" in the
// ranking dialog, once the game on the table is over (a local game, a file
// opened, an online table once it is over: its save is public then). The
// bots' worker reviews the save one search at a time (bots.js reviewGame:
// the engine's `Review`, src/review/), with progress and Stop, the board
// free all along; the panel (ui/review.js) shows each player's chance to win
// across the game, the players' lines, the moves that cost most, the
// luckiest and unluckiest reveals. A costly move, a reveal or a point of the
// chart opens the replay viewer there (session.js), and while it steps
// through the game the panel reviews the move at hand and a board layer
// (layers.js) draws the move played and the better one.
//
// The hint: a setting of the tool bar (Hints, off by default) shows a Hint
// button during a local game against bots when a person is to move: the
// move the strongest bot would make (bots.js hint, in the worker), drawn on
// the board with its sentence why. Each hint used is remembered with the
// game's history up to it (localStorage), so the review of that game counts
// them per player and marks the moves.
//
// The words are review-words.js's; the drawing review-draw.js's. This
// module follows the table through view.js's panel hooks (`s.panelHooks`),
// never through another module's functions.

import * as Bots from "./bots.js";
import { addLayer } from "./layers.js";
import { isBotTurn } from "./state.js";
import { requestDraw } from "./scene.js";
import { worldToScreen } from "./camera.js";
import { openReplay, replayTo } from "./session.js";
import { createReviewPanel, REVIEW_CSS } from "./ui/review.js";
import { createReviewWords, costlyMoves, luckExtremes, chartSeries, decisionAt, luckAt } from "./review-words.js";
import { moveOverlay, actionPoint } from "./review-draw.js";
import { el } from "./dom.js";

/** Where the hint setting and the hints used are kept (shared by the tables of a page). */
export const HINTS_KEY = "tongiaki.hints";
export const HINT_LOG_KEY = "tongiaki.hintLog";
const HINT_LOG_MAX = 500;

/** How many costly moves the panel lists. */
const COSTLY = 5;

/** A short hash of a text (FNV-1a, 32 bits, hex): the history a hint was used in. */
export function historyKey(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The history of a save (parsed) up to action n: its options and first n actions. */
export const historyAt = (parsed, n) => historyKey(JSON.stringify([parsed.options, parsed.actions.slice(0, n)]));

const storage = () => {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;
  }
};

function readLog() {
  try {
    const v = JSON.parse(storage()?.getItem(HINT_LOG_KEY) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The hints used in the game saved as `parsed`: { bySeat: counts, at: Set of action indexes }. */
export function hintsIn(parsed, players, log = readLog()) {
  const bySeat = Array(players).fill(0);
  const at = new Set();
  for (const h of log) {
    if (!h || !Number.isInteger(h.n) || h.n > parsed.actions.length || at.has(h.n)) continue;
    if (historyAt(parsed, h.n) !== h.key) continue;
    at.add(h.n);
    if (h.seat >= 0 && h.seat < players) bySeat[h.seat] += 1;
  }
  return { bySeat, at };
}

/** The review and the hint of table `s`; returns the API the page's hooks expose as `review`. */
export function createReview(s) {
  const root = s.dom.root;
  const $ = (id) => root.querySelector(`#${id}`);
  if (!root.querySelector("style[data-review]")) {
    const style = el("style", { "data-review": "" });
    style.textContent = REVIEW_CSS;
    (root.nodeType === 9 ? root.head : root).append(style);
  }
  const t = (...a) => s.i18n.t(...a);
  const words = () => createReviewWords(s.i18n.t, s.words, s.i18n.language());

  // ---- the review ----------------------------------------------------------

  /** The review of the table: { key (the save), parsed, status, progress, result, error, job, open }. */
  let r = null;
  const snaps = new Map(); // action index -> snapshot of the position before it (the words of a move)
  const panel = createReviewPanel(root, { close, stop, resume: () => start({ again: true }), goTo }, t);

  // Is the game on the table over? In the replay viewer, its snapshot is an
  // earlier position: then the save's own last position says (kept per save).
  let overOf = { save: null, over: false };
  const isOver = () => {
    if (!s.snap) return false;
    const rp = s.source.replay;
    if (!rp) return s.snap.phase === "over";
    if (overOf.save !== rp.save) {
      const g = s.Game.load(rp.save);
      overOf = { save: rp.save, over: g.snapshot().phase === "over" };
      g.free();
    }
    return overOf.over;
  };
  const liveSave = () => {
    try {
      return s.source.saveText();
    } catch {
      return null; // an online game before its end: the server keeps its save
    }
  };

  /** Options of the reviews the buttons start (tests: `{ iterations }`, playouts per decision; else the engine's default). */
  let defaults = {};

  /** Start (or show) the review of the game on the table. `options.iterations`: playouts per decision. */
  function start(options = {}) {
    options = { ...defaults, ...options };
    const save = r && options.again ? r.key : liveSave();
    const over = r && options.again ? true : isOver();
    if (!save || !over) {
      s.dom.ui.toast(t("rv.notOver"), "info");
      return false;
    }
    if (r && r.key === save && !options.again && (r.status === "done" || r.status === "running")) {
      r.open = true;
      show();
      return true;
    }
    if (r && r.job) r.job.stop();
    snaps.clear();
    const parsed = JSON.parse(save);
    r = { key: save, parsed, status: "running", progress: { done: 0, total: 0 }, result: null, error: null, job: null, open: true, iterations: options.iterations };
    const mine = r;
    mine.job = Bots.reviewGame(save, {
      iterations: options.iterations,
      seed: 1,
      onProgress: (p) => {
        if (r !== mine) return;
        mine.progress = p;
        show();
      },
    });
    mine.job.done
      .then((a) => {
        if (r !== mine) return;
        mine.result = a.review;
        mine.millis = a.millis;
        mine.worker = a.worker;
        mine.status = a.stopped ? "stopped" : "done";
        mine.job = null;
        show();
      })
      .catch((e) => {
        if (r !== mine) return;
        mine.status = "error";
        mine.error = t("rv.failed", s.i18n.errorText(e));
        mine.job = null;
        show();
      });
    show();
    return true;
  }

  function stop() {
    if (r && r.job) r.job.stop();
  }

  function close() {
    if (r) r.open = false;
    panel.render(null);
    requestDraw(s);
  }

  /** Step the replay to the position before action n (opening the viewer on the reviewed game). */
  function goTo(n) {
    if (!r || liveSave() !== r.key) return; // another game is on the table now
    if (!s.source.replay) openReplay(s, n);
    else replayTo(s, n);
  }

  /** The snapshot of the reviewed game before action n (the page's engine; kept). */
  function snapAt(n) {
    if (!snaps.has(n)) {
      const g = s.Game.load(JSON.stringify({ ...r.parsed, actions: r.parsed.actions.slice(0, n) }));
      snaps.set(n, g.snapshot());
      g.free();
    }
    return snaps.get(n);
  }

  /** Is the replay viewer on the reviewed game? Its position k, else null. */
  function replayAt() {
    const rp = s.source.replay;
    return rp && r && rp.save === r.key ? rp.k : null;
  }

  /** The panel's model (ui/review.js) from the review so far. */
  function model() {
    const w = words();
    const review = r.result;
    const snap = snapAt(r.parsed.actions.length);
    const players = snap.players;
    const name = (seat) => s.words.playerName(snap, seat);
    const m = { status: r.status, progress: r.progress, error: r.error };
    if (r.status === "stopped" && review) m.stoppedText = t("rv.stopped", review.reviewed, review.moves);
    if (!review) return m;
    const hints = hintsIn(r.parsed, players.length);
    const k = replayAt();
    const costly = costlyMoves(review, COSTLY);
    m.chart = {
      moves: review.moves,
      series: chartSeries(review, players.length),
      colors: players.map((p) => p.color),
      names: players.map((p) => p.name),
      label: t("rv.chartLabel", players.map((p) => p.name).join(", ")),
      percent: w.pc,
      marks: costly.map((d, i) => ({ n: d.n, x: d.n + 1, y: d.value, seat: d.seat, label: i + 1 })),
      at: k,
    };
    m.players = review.players.map((p) => ({ seat: p.seat, color: players[p.seat].color, text: w.playerLine(p, snap, hints.bySeat[p.seat]) }));
    m.costly = costly.map((d) => {
      const at = snapAt(d.n);
      return {
        n: d.n,
        color: players[d.seat].color,
        title: t("rv.moveOf", d.n + 1, name(d.seat)),
        cost: w.costText(d),
        why: w.why(d, at),
        current: k === d.n,
      };
    });
    const { luckiest, unluckiest } = luckExtremes(review);
    const luckText = (l) => l && { n: l.n, text: w.luckLine(l, snapAt(l.n), r.parsed.actions[l.n]) };
    m.luck = { luckiest: luckText(luckiest), unluckiest: luckText(unluckiest) };
    m.here = k === null ? { n: null, title: t("rv.hereStart"), lines: [] } : hereModel(k, w, hints);
    return m;
  }

  /** The review of the move made from position k (action k). */
  function hereModel(k, w, hints) {
    const review = r.result;
    const action = r.parsed.actions[k];
    if (!action) return { n: k, title: t("rv.hereStart"), lines: [] };
    const at = snapAt(k);
    const seat = at.current;
    const title = t("rv.here", k + 1, s.words.playerName(at, seat), s.words.describeAction(at, action));
    const d = decisionAt(review, k);
    const lines = [];
    if (!d) lines.push(t("rv.hereForced"));
    else if (JSON.stringify(d.best) === JSON.stringify(d.action)) lines.push(t("rv.hereBest", w.pc(d.value)));
    else {
      lines.push(w.costText(d));
      lines.push(t("rv.hereBetter", s.words.describeAction(at, d.best)));
      lines.push(w.why(d, at));
    }
    const l = luckAt(review, k);
    if (l) lines.push(w.luckLine(l, at, action));
    if (hints.at.has(k)) lines.push(t("rv.hintedHere"));
    return { n: k, title, lines };
  }

  function show() {
    if (!r || !r.open) return panel.render(null);
    panel.render(model());
    requestDraw(s);
  }

  /** What the board shows of the review now: the decision at the replay's position, or null. */
  function drawnDecision() {
    const k = r && r.open && r.result ? replayAt() : null;
    if (k === null || !s.snap) return null;
    return decisionAt(r.result, k);
  }

  // The board: at a reviewed decision of the replay, the move played and the better one.
  addLayer(s, () => {
    const d = drawnDecision();
    if (!d) return null;
    const same = JSON.stringify(d.best) === JSON.stringify(d.action);
    const reaches = (f) => (f && f.reaches) || null;
    const played = moveOverlay(s.snap, d.action, same ? "better" : "played", t("rv.tagPlayed"), reaches(d.why && d.why.action));
    const best = same ? null : moveOverlay(s.snap, d.best, "better", t("rv.tagBetter"), reaches(d.why && d.why.best));
    return (art) => {
      played && played(art);
      best && best(art);
    };
  });

  // ---- the hint ------------------------------------------------------------

  let hintsOn = storage()?.getItem(HINTS_KEY) === "on";
  let shown = null; // { key (the position), hint, text }
  let asking = null; // the position a hint is being looked for
  const hintButton = $("hint");
  const hintsToggle = $("hints-on");
  if (hintsToggle) {
    hintsToggle.checked = hintsOn;
    hintsToggle.addEventListener("change", (e) => setHints(e.target.checked));
  }
  if (hintButton) hintButton.addEventListener("click", () => askHint());

  function setHints(on) {
    hintsOn = !!on;
    try {
      storage()?.setItem(HINTS_KEY, hintsOn ? "on" : "off");
    } catch {
      // storage off: the setting lasts as long as the page
    }
    if (hintsToggle) hintsToggle.checked = hintsOn;
    if (!hintsOn) hideHint();
    follow();
  }

  /** May a hint be asked now? A local game against bots, a person to move with a choice. */
  function mayHint() {
    return !!(
      hintsOn &&
      s.game &&
      s.snap &&
      s.source.plays &&
      s.source.autosaves &&
      s.snap.phase !== "over" &&
      s.seats.some((x) => x.kind !== "human") &&
      !isBotTurn(s) &&
      s.legal.length > 1
    );
  }

  const positionKey = () => (s.game ? s.source.oddsKey() : null);

  async function askHint() {
    if (!mayHint()) return null;
    const key = positionKey();
    if (shown && shown.key === key) return shown.hint;
    asking = key;
    if (hintButton) hintButton.disabled = true;
    hintBox(t("rv.hintWorking"));
    const save = s.game.save();
    const seat = s.snap.current;
    const snap = s.snap;
    try {
      const h = await Bots.hint(s.game);
      if (asking !== key || positionKey() !== key) return null; // the game moved on meanwhile
      const parsed = JSON.parse(save);
      recordHint({ seat, n: parsed.actions.length, key: historyAt(parsed, parsed.actions.length) });
      shown = { key, hint: h, text: words().hintText(h, snap), snap };
      hintBox(shown.text);
      requestDraw(s);
      return h;
    } catch (e) {
      if (asking === key) hintBox(t("rv.hintFailed", s.i18n.errorText(e)));
      return null;
    } finally {
      if (asking === key) asking = null;
      if (hintButton) hintButton.disabled = false;
    }
  }

  function recordHint(h) {
    const log = readLog().filter((x) => !(x.key === h.key && x.n === h.n));
    log.push(h);
    try {
      storage()?.setItem(HINT_LOG_KEY, JSON.stringify(log.slice(-HINT_LOG_MAX)));
    } catch {
      // storage off: the review of this game will not count it
    }
  }

  function hintBox(text) {
    let box = $("hint-box");
    if (!box) {
      box = el("div", { id: "hint-box", class: "hint-box", role: "status", "aria-live": "polite" }, el("span", {}), el("button", { type: "button", "aria-label": t("rv.close"), title: t("rv.close"), onclick: () => hideHint(), text: "×" }));
      $("board-wrap").append(box);
    }
    box.firstChild.textContent = text;
    box.hidden = false;
  }

  function hideHint() {
    shown = null;
    asking = null;
    const box = $("hint-box");
    if (box) box.hidden = true;
    requestDraw(s);
  }

  addLayer(s, () => (shown && s.snap ? moveOverlay(shown.snap, shown.hint.action, "hint", t("rv.tagHint"), shown.hint.why && shown.hint.why.reaches) : null));

  // ---- following the table ---------------------------------------------------

  /** After the panels were drawn (view.js): the buttons, the hint's position, the panel at the replay's move. */
  function follow() {
    const review = $("review");
    // nothing to review before the end, no hint after it: the tool bar keeps to one line
    if (review) review.disabled = review.hidden = !isOver();
    const hintsSwitch = $("hints-on")?.closest("label");
    if (hintsSwitch) hintsSwitch.hidden = isOver();
    if (hintButton) hintButton.hidden = !mayHint();
    if (shown && positionKey() !== shown.key) hideHint();
    if (r && r.open && liveSave() !== r.key) {
      // another game came to the table: its review is not this one
      stop();
      close();
    }
    if (r && r.open) show();
  }
  (s.panelHooks ||= []).push(follow);

  $("review")?.addEventListener("click", () => (r && r.open && r.key === liveSave() ? close() : start()));
  $("ranking-review")?.addEventListener("click", () => {
    $("ranking-dialog").close();
    start();
  });

  function drawn() {
    const d = drawnDecision();
    if (!d) return null;
    const same = JSON.stringify(d.best) === JSON.stringify(d.action);
    return { k: d.n, played: d.action, best: same ? null : d.best };
  }

  /** The CSS point of the page where `action` of the position on the table is drawn, or null. */
  function pagePoint(snap, action) {
    const w = actionPoint(snap, action);
    if (!w) return null;
    const p = worldToScreen(s.dom.camera, w.x, w.y);
    const rect = s.dom.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  return {
    /** Start the review of the finished game on the table (options.iterations: playouts per decision); false when it is not over. */
    start,
    /** Options for the reviews the buttons start (tests: `{ iterations }`). */
    configure(o = {}) {
      defaults = { ...o };
    },
    /** What the board draws of the review now: { k, played, best } (best null where it is the move played), or null. */
    drawn,
    /** Where on the page the drawn moves are pinned: { played, best, hint } (CSS points, null where none). */
    drawnPoints() {
      const d = drawn();
      return {
        played: d ? pagePoint(s.snap, d.played) : null,
        best: d && d.best ? pagePoint(s.snap, d.best) : null,
        hint: shown ? pagePoint(shown.snap, shown.hint.action) : null,
      };
    },
    stop,
    close,
    /** Step the replay to the position before action n. */
    goTo,
    /** { status, progress, open, millis, worker, review } or null. */
    state: () => (r ? { status: r.status, progress: { ...r.progress }, open: r.open, millis: r.millis ?? null, worker: r.worker ?? null, review: r.result } : null),
    /** The hint: turn the setting on or off; ask for one (resolves to the hint, or null where none may be asked); what is shown. */
    setHints,
    hint: askHint,
    hintShown: () => (shown ? { action: shown.hint.action, kind: shown.hint.kind, text: shown.text, why: shown.hint.why } : null),
  };
}
