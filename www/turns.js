// Turns: applying an action (the engine judges it; the log, the animation and
// the host's onMove follow), and what comes after every change — the ranking
// when the game is over, then whoever the table's source (source.js) says
// moves next: a bot's move, a scripted one or a forced one after a pause
// scaled by the speed, the server's, or waiting for a person (whenIdle
// resolves then).

import { buildTimeline, sayAlong } from "./anim.js";
import { colorOf } from "./render.js";
import * as Bots from "./bots.js";
import { isBotTurn } from "./state.js";
import { landPolicy } from "./targets.js";
import { refresh, refreshPanels } from "./view.js";
import { requestDraw, startedMove, shown, cameraBusy, whenCameraStill } from "./scene.js";
import { explainEvents } from "./explain.js";
import { showNotes, clearNotes } from "./notes.js";
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
    // the engine's reason, its island names as players know them and no rule number (words.js errorWords)
    s.dom.ui.toast(s.words.errorWords(e));
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

/**
 * An action was applied (here, or at an online table by the server): log,
 * explain, animate, tell the host. One timeline for board and words (issue
 * 30): the panels keep what they showed until the board has shown the move
 * (`s.held`, view.js), and each event's lines, notes and sounds are told
 * when the animation has shown that event (anim.js `sayAlong`).
 */
export function applied(s, action, before, events) {
  // a move still being shown (an online table's next state came early) is shown to its end first:
  // its words are told and the panels catch up with it, not with this one
  if (s.dom.animator.busy) s.dom.animator.skip();
  s.source.applied(action);
  recordMove(s, before, events);
  s.lastMover = before.current; // who moved (a "your turn" chime when a person's decision follows another's)
  s.ui = { ...s.ui, selection: null, focus: null };
  s.held = true; // the panels wait for the board (view.js refreshPanels)
  refresh(s);
  // Outcomes explained (explain.js): their words stand in the log for the
  // event's own line (or come just before it) and show as notes on the board.
  const why = explainEvents(before, s.snap, events, s.words.t);
  const mine = !!(s.seats && s.seats[before.current] && s.seats[before.current].kind === "human"); // a person's own move
  const whyAt = new Map(why.map((w) => [w.index, w]));
  const items = [];
  events.forEach((e, i) => {
    const bad = e.type === "voyage_failed" || e.type === "island_removed" ? "bad" : null;
    const w = whyAt.get(i);
    const lines = [];
    if (w && !w.replaces) lines.push({ text: w.text, cls: "why" });
    const text = w && w.replaces ? w.text : s.words.describeEvent(before, s.snap, e);
    if (text) lines.push({ text, cls: e.type === "turn_started" ? "turn" : bad || (w ? "why" : null), event: e });
    if (lines.length || w) items.push({ index: i, lines, note: w ? { ...w, mine } : null });
  });
  animate(s, events, before, items, mine);
  if (s.onMove) s.onMove(action, s.snap, events);
  return events;
}

/** Tell what a step of the timeline has shown: its lines (narration.js), its notes. */
function tell(s, says) {
  const lines = says.flatMap((x) => x.lines);
  narrate(s, lines);
  const notes = says.map((x) => x.note).filter(Boolean);
  if (notes.length) showNotes(s, notes);
}

function animate(s, events, before, items, mine) {
  const { animator } = s.dom;
  // At the instant speed moves follow each other faster than a note can be read, and the board
  // already shows the position after this one: a note of an earlier move would explain a board
  // that is gone, so this move's notes replace theirs (at the other speeds they fade in time) —
  // but for the notes of the person's own last move, which stay until their next move (what
  // became of their group is not shown otherwise: the bots' moves follow at once).
  if (s.speed <= 0) clearNotes(s, mine ? null : (n) => n.mine);
  const timeline = buildTimeline(events, before, s.snap);
  const { now } = sayAlong(timeline, items);
  tell(s, now);
  // After the timeline ran (at once or later) its state knows where a group came in.
  if (events.some((e) => e.type === "arrived")) s.lastArrival = timeline;
  startedMove(s, events, before);
  // its end (at once at speed 0) calls animated() (app.js onDone)
  animator.play(timeline, s.snap.players.map((p) => colorOf(p.color)), s.speed);
}

/** The animator has shown a step to its end (app.js onStep): tell its words. */
export function stepShown(s, step) {
  if (step.says && step.says.length) tell(s, step.says);
}

/** The animator's last frame was drawn: back to the board, the panels catch up, and on with the game. */
export function animated(s) {
  s.frame = null;
  if (s.held) {
    s.held = false;
    refreshPanels(s);
  }
  shown(s);
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
  const landing = () => s.ui.landAll && s.snap.pending && s.snap.pending.tile === s.ui.landAll && landPolicy(s.snap, s.legal);
  if (landing()) {
    // "land as shown" (one click on the island): the next ship of the group, at a quick pace
    later(160, () => {
      if (gen !== s.generation) return;
      s.timer = 0;
      const next = !isBotTurn(s) && landing(); // the state of the moment, not the one it was planned in
      // (at an online table perform sends it and answers null: the server's next state goes on from here)
      if (next) perform(s, next);
      else {
        s.ui = { ...s.ui, landAll: null };
        settle(s);
      }
    });
    return;
  }
  if (move.by === "person" && s.lastMover !== undefined && s.lastMover !== snap.current && s.chimed !== snap) {
    s.chimed = snap;
    s.sound.play("turn"); // your turn, after someone else's move (sound.js)
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
  if (cameraBusy(s)) return whenCameraStill(s, () => settle(s)); // the targets stay where the camera stops
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
