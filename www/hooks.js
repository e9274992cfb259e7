// The table's API (as chessground's api.ts): what the page exposes as
// window.tongiakiApp and what mount() resolves to — the engine's own calls
// (snapshot, legalActions, save, apply), new game, resume, files and the
// replay viewer, and the hooks the tests and benchmarks use (pointFor,
// whenIdle, setSpeed, uiState, timeRedraws, ...). Every call goes through
// the same modules as a person's click.

import * as T from "./targets.js";
import * as Bots from "./bots.js";
import { cancelPending } from "./state.js";
import { pointFor, drawNow, buildScene } from "./scene.js";
import { play, perform, whenIdle } from "./turns.js";
import * as Session from "./session.js";
import { currentOdds } from "./odds-view.js";
import { takeBack } from "./undo.js";
import { worldToScreen } from "./camera.js";

export function start(s, unbind) {
  const { ui, animator, renderer, camera } = s.dom;
  return {
    get Game() {
      return s.Game;
    },
    snapshot: () => s.game.snapshot(),
    legalActions: () => s.game.legalActions(),
    save: () => s.game.save(),
    /** Apply an action through the controller (UI, log and animation follow). Throws the engine's error. */
    apply(action) {
      if (!s.source.plays) throw new Error(s.source.whyNotPlaying);
      return play(s, action);
    },
    /**
     * Play an action as a person would (the action list): a refused one shows
     * the engine's reason in this table's language in the toast. Returns the
     * events, or null when refused.
     */
    tryAction: (action) => perform(s, action),
    newGame: (options) => Session.newGame(s, options),
    /** Bring back the autosaved game (options.storageKey); its snapshot, or null. */
    resume: () => Session.resume(s),
    /** Open a game file's text: null, or the message shown when the engine refuses it. */
    openFile: (text) => Session.openFile(s, text),
    /** Open the replay viewer at move k (default: the last); `replayTo(k)` moves it; `closeReplay()` leaves it. */
    openReplay: (k) => Session.openReplay(s, k),
    replayTo: (k) => Session.replayTo(s, k),
    closeReplay: () => Session.closeReplay(s),
    /** { k, n } while the replay viewer is open, else null. */
    replayState: () => Session.replayState(s),
    /** Take back the last person's decision (and the bots' moves after it) unless a card was revealed since: true when it did (undo.js). */
    undo: () => takeBack(s),
    /** Go to online table `id` (seat, join or watch; online/session.js); resolves to online(), or null. */
    openTable: (id) => (s.onlineTables ? s.onlineTables.open(id) : Promise.resolve(null)),
    /** Leave the online table (back to the game on this device). */
    leaveTable: () => s.onlineTables && s.onlineTables.leave(),
    /** The online table: { table, seat, status, moves, connection, seats, link, over, mode, past, rematch }, or null. */
    online: () => (s.onlineTables ? s.onlineTables.state() : null),
    /** "My tables" (issue 31): the tables this browser holds a seat at, as they are now; `show`: as a panel on the start screen. */
    myTables: (show = true) => (s.onlineTables ? s.onlineTables.mine(show) : Promise.resolve([])),
    /** The online table's chat as this page has it: { lines, unread }, or null. */
    chat: () => (s.onlineTables ? s.onlineTables.chat() : null),
    /** "Learn to play": { start(), state() → { step, total, expects, done }, next(), stop(), offer() } (tutorial.js). */
    tutorial: s.tutorial,
    /** The review and the hint (issue 32, review.js): { start({iterations}), stop(), close(), goTo(n), state(), setHints(on), hint(), hintShown() }. */
    review: s.review,
    /** Switch this table's language ("en", "de", "nl", "hu", "it", "he"); resolves to the one now in use, once its words are fetched and shown. */
    setLanguage: (id) => s.i18n.setLanguage(id),
    language: () => s.i18n.language(),
    /** An engine error (or anything thrown) in this table's language. */
    errorText: (e) => s.i18n.errorText(e),
    /** What the bots have done on this page: { worker, decisions, iterations, millis, last } (bots.js). */
    botStats: () => Bots.botStats(),
    /** The voyage odds the table shows now (Game.voyageOdds(), issue 14), or null while they are worked out or no person emigrates. */
    voyageOdds: () => currentOdds(s),
    /** How the last odds were worked out: { millis (asked to answered), engineMillis, worker }, or null. */
    oddsStats: () => (s.odds && s.odds.list ? { millis: s.odds.millis, engineMillis: s.odds.engineMillis, worker: s.odds.worker } : null),
    /** The viewport point (CSS px) where a click performs {tile, jetty} | {tile, beach} | {tile} | {q, r}. */
    pointFor: (target) => pointFor(s, target),
    /** Resolves when nothing is moving and a person must act (or the game is over). */
    whenIdle: () => whenIdle(s),
    setSpeed(v) {
      s.speed = v;
      ui.showSpeed(v);
    },
    /** Sounds on or off (issue 30: sound.js; remembered where the page keeps it). */
    setSound(on) {
      s.sound.set(!!on);
      ui.showSound(s.sound.on);
    },
    /** { on }: the table's sound switch. */
    sound: () => ({ on: s.sound.on }),
    /**
     * The board's targets of the decision at hand, as the camera shows them
     * (issue 30, scene.js boardTargets): [{ target, kind, x, y }] with the
     * viewport point (CSS px) where a click acts on each; `coarse` when they
     * are cards to come close to. Moves nothing.
     */
    boardTargets() {
      const rect = s.dom.canvas.getBoundingClientRect();
      return {
        coarse: !!s.view.coarse,
        follow: !!s.view.follow,
        targets: (s.view.targets || []).map((t) => {
          const p = worldToScreen(camera, t.world.x, t.world.y);
          return { target: t.target, kind: t.kind, x: rect.left + p.x, y: rect.top + p.y };
        }),
      };
    },
    setAutoForced(on) {
      s.autoForced = !!on;
      ui.showAutoForced(!!on);
    },
    seedBots: Bots.seedBots,
    /**
     * The Game class of the bots' package (pkg/tongiaki_bots.js), loaded on
     * first call: the page's `Game` plus botAction, botDecision and
     * voyageOdds (the page's own engine has none of them). A promise.
     */
    loadBots: () => Bots.loadBots(),
    /** UI state, for tests: picker mode, selection, tray colour, rotation. */
    uiState: () => ({ ...s.ui, traySeat: s.snap ? T.traySeat(s.snap, s.ui) : null, decision: T.decision(s.snap, s.legal), busy: animator.busy || !!s.timer }),
    /** Draw the current board n times; returns the time of each full redraw in ms (benchmarks). */
    timeRedraws(n = 50) {
      const times = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        renderer.draw(buildScene(s), camera);
        times.push(performance.now() - t0);
      }
      return times;
    },
    /** Draw now (not on the next animation frame). */
    drawNow: () => drawNow(s),
    /** Stop this table for good: timers, bots, keys, language and resize listeners, the wasm Game. */
    dispose() {
      if (s.disposed) return;
      s.disposed = true;
      unbind();
      s.source.end(); // the source ends: an online table is left, a lesson stops
      s.sound.dispose();
      cancelPending(s);
      animator.skip();
      if (s.game) s.game.free();
      s.game = null;
    },
    ready: false,
  };
}
