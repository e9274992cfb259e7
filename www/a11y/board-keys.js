// The board by keyboard (issue 33): the canvas takes the focus (Tab), the
// arrow keys move a focus over the cards and the places to lay a card by
// where they lie, Enter plays there or goes in to an island's beaches and a
// beach's jetties, Space does what a click there does, Escape steps back
// out, Page Down / Page Up go to the next / previous place where a click
// makes a move. A click is the pointer's own (controls.js clickAt at
// scene.js worldPointFor), so the keys do exactly what a click there does;
// the focus is also the pointer's hover (controls.js hoverAt: the card at
// hand shows there and R turns it, an emigration's odds show beside its
// jetty). The focus ring is a board layer (layers.js) and the view pans to
// keep it on screen (scene.js showWorld).
//
// Arrows follow the map, not the text: left is west in every language,
// Hebrew too (the board is a picture and is not mirrored). Keys act only
// while the canvas has the focus, so the page around an embedded table, the
// panels and the dialogs keep theirs.

import { worldPointFor, showWorld, requestDraw } from "../scene.js";
import { clickable } from "../state.js";
import * as D from "./describe.js";
import * as G from "../geometry.js";

/**
 * The keys of the board of table `s`. `act` = { clickAt, hoverAt } (controls.js),
 * `say(text)` speaks a focus move (an assertive live region: the person asked for it).
 */
export function createBoardKeys(s, act, say) {
  const canvas = s.dom.canvas;
  const caption = s.dom.root.querySelector("#board-focus");
  let keyboard = false; // the focus came by keys (Tab, a key on the board), not by a click
  let pointed = false;
  let followed = false; // the text board's focus is on a place of the board
  const f = { target: null, shown: false };

  const legalNow = () => clickable(s);
  const words = () => D.createBoardWords(s.words);
  const hasFocus = () => {
    const root = s.dom.root;
    const active = root.nodeType === 11 ? root.activeElement : root.ownerDocument.activeElement;
    return active === canvas;
  };

  canvas.addEventListener("pointerdown", () => {
    pointed = true;
    keyboard = false;
    update();
  });
  canvas.addEventListener("focus", () => {
    keyboard = !pointed;
    pointed = false;
    if (keyboard) enter();
    update();
  });
  canvas.addEventListener("blur", () => {
    pointed = false;
    if (f.target && keyboard) act.hoverAt(s, null);
    update();
  });

  /** The focus came to the board: where it was if something can be played there, else on the first card where something can (else Tonga). */
  function enter() {
    if (!s.snap) return;
    const legal = legalNow();
    const t = f.target;
    const gone = !t || !D.exists(s.snap, legal, t);
    const idle = !gone && !D.legalAt(s.snap, legal, s.ui, t) && !(t.tile !== undefined && D.levelOf(t) !== "jetty" && D.legalInside(s.snap, legal, s.ui, t).length);
    if (gone || (idle && D.legalTargets(s.snap, legal, s.ui).length)) f.target = D.startTarget(s.snap, legal, s.ui);
    go(f.target, true);
  }

  /** Put the focus on `target`: hover there, pan to it, say it. */
  function go(target, speak = true) {
    f.target = target;
    if (!target || !s.snap) return update();
    const p = worldPointFor(s, target);
    if (p) {
      act.hoverAt(s, p);
      showWorld(s, p);
    }
    update();
    if (speak) say(describe());
  }

  function describe() {
    if (!f.target || !s.snap) return "";
    return words().describe(s.snap, legalNow(), s.ui, f.target, s.odds ? s.odds.list : null);
  }

  /** Show or hide the ring and the caption (the table changed, or the focus). */
  function update() {
    const onBoard = hasFocus() && keyboard;
    const shown = (onBoard || followed) && !!f.target && !!s.snap;
    if (caption) {
      caption.hidden = !(shown && onBoard);
      if (shown && onBoard) caption.textContent = describe();
      caption.dataset.card = (shown && f.target.tile) || ""; // the card it names, for tests
    }
    if (shown !== f.shown || shown) requestDraw(s);
    f.shown = shown;
  }

  /** After every change of the game or the UI: the focus stays where it is if that place is still there. */
  function refresh() {
    if (f.target && s.snap && !D.exists(s.snap, legalNow(), f.target)) {
      const up = f.target.tile !== undefined && s.snap.tiles.some((x) => x.card === f.target.tile) ? { tile: f.target.tile } : D.startTarget(s.snap, legalNow(), s.ui);
      f.target = up;
    }
    update();
  }

  const click = (target) => {
    const p = worldPointFor(s, target);
    if (p) act.clickAt(s, p);
  };

  /** Enter (`enter`) or Space at the focus. */
  function activate(enter) {
    const legal = legalNow();
    const t = f.target;
    const here = D.legalAt(s.snap, legal, s.ui, t);
    if (here) {
      click(t);
      // an island chosen for an expansion with a choice of beaches: on to its beaches
      if (here.kind === "select" && D.levelOf(t) === "table" && t.tile !== undefined) {
        const inside = D.legalInside(s.snap, legalNow(), s.ui, t);
        if (inside.length) go(inside[0]);
      } else if (here.kind === "select") {
        update();
        say(describe()); // chosen, or unchosen: the move is made once enough are (its words come as it is played)
      }
      return;
    }
    if (enter && t.tile !== undefined && D.levelOf(t) !== "jetty") {
      // in to the beaches (jetties): the first legal one, else the first
      const inside = D.legalInside(s.snap, legal, s.ui, t);
      const tile = s.snap.tiles.find((x) => x.card === t.tile);
      let next = null;
      if (inside.length) next = D.levelOf(t) === "table" && inside[0].jetty !== undefined ? { tile: t.tile, beach: inside[0].beach } : inside[0];
      else if (D.levelOf(t) === "table") next = tile && tile.beaches && tile.beaches.length ? { tile: t.tile, beach: 0 } : null;
      else {
        const js = tile && tile.beaches && tile.beaches[t.beach] ? tile.beaches[t.beach].jetties || [] : [];
        next = js.length ? { ...t, jetty: js[0] } : null;
      }
      if (next) {
        go(next);
        return;
      }
    }
    click(t); // what a click does there: a hint, or the engine's reason why not
  }

  function out() {
    const t = f.target;
    if (!t || D.levelOf(t) === "table") return false;
    go(D.levelOf(t) === "jetty" ? { tile: t.tile, beach: t.beach } : { tile: t.tile });
    return true;
  }

  function cycle(step) {
    const list = D.legalTargets(s.snap, legalNow(), s.ui);
    if (!list.length) {
      say(s.words.t("a11y.nothing"));
      return;
    }
    const id = f.target ? D.targetId(f.target) : "";
    let i = list.findIndex((x) => D.targetId(x) === id);
    if (i < 0) i = step > 0 ? -1 : 0;
    go(list[(i + step + list.length) % list.length]);
  }

  /** A key on the table (controls.js key): true when the board did something with it. */
  function key(e) {
    if (!s.snap || !(e.composedPath ? e.composedPath() : [e.target]).includes(canvas)) return false;
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key;
    keyboard = true;
    if (!f.target || !D.exists(s.snap, legalNow(), f.target)) {
      if (Object.hasOwn(D.ARROWS, k) || k === "Enter" || k === " ") {
        enter();
        return true;
      }
    }
    if (Object.hasOwn(D.ARROWS, k)) {
      const next = D.move(s.snap, legalNow(), f.target, k);
      if (next) go(next);
      else say(`${s.words.t("a11y.edge")} ${describe()}`);
      return true;
    }
    switch (k) {
      case "Enter":
        activate(true);
        return true;
      case " ":
      case "Spacebar":
        activate(false);
        return true;
      case "Escape":
        return out();
      case "PageDown":
        cycle(1);
        return true;
      case "PageUp":
        cycle(-1);
        return true;
      default:
        return false;
    }
  }

  /** Focus `target` from elsewhere (the text board): the ring and the hover follow, nothing is said (the entry says it). */
  function follow(target) {
    if (!target || !s.snap) return;
    f.target = target;
    followed = true;
    const p = worldPointFor(s, target);
    if (p) {
      act.hoverAt(s, p);
      showWorld(s, p);
    }
    update();
  }

  /** The text board let its focus go: the ring and the hover go too. */
  function unfollow() {
    if (!followed) return;
    followed = false;
    act.hoverAt(s, null);
    update();
  }

  /** The focus ring's target while the board shows it, else null. */
  const ring = () => (f.shown ? f.target : null);

  return { key, refresh, follow, unfollow, ring, get target() { return f.target; }, focusBoard: () => canvas.focus() };
}

/** Draw a ring around `target` on the board (art.js's context, world units): `style` "focus" or "preview". */
export function drawRing(art, snap, target, style, scale) {
  const { ctx } = art;
  const p = D.pointOf(snap, target);
  if (!p) return;
  const px = 1 / Math.max(1, scale); // one CSS pixel in world units
  ctx.save();
  const path = () => {
    if (target.tile === undefined) return art.hexPath(p.x, p.y, 0.93);
    const tile = snap.tiles.find((x) => x.card === target.tile);
    const c = G.hexCenter(tile.q, tile.r);
    if (target.jetty !== undefined) {
      const d = G.worldDirection(target.jetty, tile.rotation);
      const m = G.polar(c.x, c.y, d, 0.75);
      ctx.beginPath();
      ctx.arc(m.x, m.y, 0.17, 0, 2 * Math.PI);
      return;
    }
    if (target.beach !== undefined) {
      const lay = G.islandLayout(tile.beaches)[target.beach];
      return art.sectorPath(c.x, c.y, lay.from + tile.rotation, lay.to + tile.rotation, G.ISLAND.sandIn - 0.04, G.ISLAND.sandOut + 0.04);
    }
    return art.hexPath(c.x, c.y, 0.93);
  };
  path();
  if (style === "preview") ctx.setLineDash([6 * px, 4 * px]);
  ctx.lineJoin = "round";
  ctx.lineWidth = Math.max(0.08, 7 * px);
  ctx.strokeStyle = "#101418";
  ctx.stroke();
  ctx.lineWidth = Math.max(0.04, 3.5 * px);
  ctx.strokeStyle = style === "preview" ? "#5ee7ff" : "#ffffff";
  ctx.stroke();
  ctx.restore();
}
