// Turns: applying an action (the engine judges it; the log, the animation and
// the host's onMove follow), and what comes after every change — the ranking
// when the game is over, then whoever the table's source (source.js) says
// moves next: a bot's move, a scripted one or a forced one after a pause
// scaled by the speed, the server's, or waiting for a person (whenIdle
// resolves then).

import { buildTimeline } from "./anim.js";
import { colorOf } from "./render.js";
import * as Bots from "./bots.js";
import { isBotTurn } from "./state.js";
import { refresh } from "./view.js";
import { requestDraw } from "./scene.js";
import { explainEvents } from "./explain.js";
import { showNotes } from "./notes.js";
import { recordMove } from "./history.js";
import { narrate } from "./narration.js";

/** Apply an action; throws the engine's error (the game unchanged). Log, animate, tell the host. */
export function play(s, action) {
  const before = s.snap;
  const events = s.game.apply(action);
  return events === null ? null : applied(s, action, before, events);
}

/**
 * Play an action as a person would: a refused one shows the engine's reason in the toast. The events, or null.
 * A move the source does not take (a lesson's, tutorial.js) is explained instead of played.
 */
export function perform(s, action) {
  const why = s.source.refuse(action);
  if (why) {
    s.dom.ui.toast(why, "info");
    return null;
  }
  const before = s.snap;
  let events;
  try {
    events = s.game.apply(action);
  } catch (e) {
    s.dom.ui.toast(s.i18n.errorText(e));
    return null;
  }
  s.dom.ui.hideToast();
  // null: an online table sent it; the server's next state plays it (online/session.js)
  return events === null ? null : applied(s, action, before, events);
}

/** A person's action from the panels: not on a bot's turn; a running animation ends at once. */
export function humanAct(s, action) {
  if (isBotTurn(s)) return null;
  s.dom.animator.skip();
  return perform(s, action);
}

/** An action was applied (here, or at an online table by the server): log, explain, animate, tell the host. */
export function applied(s, action, before, events) {
  s.source.applied(action);
  recordMove(s, before, events);
  s.ui = { ...s.ui, selection: null };
  refresh(s);
  // Outcomes explained (explain.js): their words stand in the log for the
  // event's own line (or come just before it) and show as notes on the board.
  const why = explainEvents(before, s.snap, events, s.words.t);
  const whyAt = new Map(why.map((w) => [w.index, w]));
  const lines = [];
  events.forEach((e, i) => {
    const bad = e.type === "voyage_failed" || e.type === "island_removed" ? "bad" : null;
    const w = whyAt.get(i);
    if (w && !w.replaces) lines.push({ text: w.text, cls: "why" });
    const text = w && w.replaces ? w.text : s.words.describeEvent(before, s.snap, e);
    if (text) lines.push({ text, cls: e.type === "turn_started" ? "turn" : bad || (w ? "why" : null), event: e });
  });
  narrate(s, lines);
  showNotes(s, why);
  animate(s, events, before);
  if (s.onMove) s.onMove(action, s.snap, events);
  return events;
}

function animate(s, events, before) {
  const { animator } = s.dom;
  const timeline = buildTimeline(events, before, s.snap);
  animator.play(timeline, s.snap.players.map((p) => colorOf(p.color)), s.speed);
  // After the timeline ran (at once or later) its state knows where a group came in.
  if (events.some((e) => e.type === "arrived")) s.lastArrival = timeline;
  if (!animator.busy) afterChange(s);
}

/** The animator's last frame was drawn: back to the board, and on with the game. */
export function animated(s) {
  s.frame = null;
  requestDraw(s);
  afterChange(s);
}

/** After every change: show the ranking, schedule a bot's or a forced move. */
export function afterChange(s) {
  clearTimeout(s.timer);
  s.timer = 0;
  const { ui, animator } = s.dom;
  ui.thinking(null);
  if (animator.busy || !s.snap || !s.source.plays) return settle(s);
  const snap = s.snap;
  if (snap.phase === "over") {
    if (!s.rankingShown) {
      s.rankingShown = true;
      ui.showRanking(snap);
      if (s.onOver) s.onOver(snap);
    }
    return settle(s);
  }
  const gen = s.generation;
  const later = (pause, f) => {
    s.timer = setTimeout(f, s.speed <= 0 ? 0 : Math.round(pause * s.speed));
  };
  const move = s.source.upcoming();
  if (move.by === "script") {
    // a lesson's script (tutorial.js); the learner's own moves wait for a click
    if (move.who !== null) ui.thinking(s.words.t("g.thinking", snap.players[move.who].name));
    later(move.pause, () => {
      if (gen !== s.generation) return;
      s.timer = 0;
      ui.thinking(null);
      perform(s, move.action);
    });
    return;
  }
  if (move.by === "elsewhere") {
    // online, the other seats move on the server: its next state comes by itself (online/session.js)
    if (move.thinking) ui.thinking(s.words.t("g.thinking", move.thinking));
    return settle(s);
  }
  if (move.by === "bot") {
    const { seat, kind } = move;
    ui.thinking(s.words.t("g.thinking", snap.players[seat].name));
    later(450, async () => {
      let action;
      try {
        action = await Bots.chooseAction(s.game, seat, kind, { speed: s.speed });
      } catch (e) {
        s.timer = 0;
        ui.thinking(null);
        ui.toast(s.words.t("g.botFailed", s.i18n.errorText(e)));
        settle(s);
        return;
      }
      if (gen !== s.generation) return;
      s.timer = 0;
      ui.thinking(null);
      perform(s, action);
    });
    return;
  }
  if (move.playsForced && s.autoForced && s.legal.length === 1) {
    const only = s.legal[0];
    later(250, () => {
      if (gen !== s.generation) return;
      s.timer = 0;
      perform(s, only);
    });
    return;
  }
  settle(s);
}

/** Resolve whenIdle() waiters when nothing is moving and a person must act (or the game is over). */
export function settle(s) {
  if (s.dom.animator.busy || s.timer) return;
  const waiting = s.idleWaiters;
  s.idleWaiters = [];
  for (const f of waiting) f();
}

export function whenIdle(s) {
  return new Promise((resolve) => {
    s.idleWaiters.push(resolve);
    settle(s);
  });
}
