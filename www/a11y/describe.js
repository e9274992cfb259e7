// The board in words and as places to go to (issue 33), for the keyboard
// focus on the board (a11y/board-keys.js), the text board beside it
// (a11y/text-board.js) and the grouped list of legal actions. Pure: from the
// snapshot, legalActions(), the UI's little state (targets.js) and the
// table's words (words.js); the DOM modules draw and speak what it says.
//
// A *target* is a place on the board a click can mean, as scene.js
// worldPointFor takes it: {tile} (a card), {tile, beach}, {tile, beach,
// jetty} (jetty: the card edge it points through) or {q, r} (an empty hex).
// What is legal there is what targets.js says a click there would do
// (interpret), so the keys, the text board and a click never disagree; no
// rule is decided here.
//
// Routes: where a jetty's trail leads is read off the cards as they are
// drawn (the foam trails of the water cards, geometry.js), the way a player
// reads the board: through which water cards, with which danger numbers, to
// which island or to open sea. It says nothing of what will happen there
// (that is the engine's voyage odds, read with an emigration's choices);
// tests/unit/a11y.test.mjs checks it against the engine's own `known`
// trails of Game.voyageOdds().

import * as G from "../geometry.js";
import * as T from "../targets.js";
import { oddsFor, oddsShort } from "../odds.js";
import { hintWords } from "../words.js";

/** A target's id: the same place on the board has the same id in every module (and in the DOM's data-target). */
export function targetId(t) {
  if (!t) return "";
  if (t.tile === undefined) return `hex:${t.q},${t.r}`;
  if (t.jetty !== undefined) return `jetty:${t.tile}:${t.beach}:${t.jetty}`;
  if (t.beach !== undefined) return `beach:${t.tile}:${t.beach}`;
  return `tile:${t.tile}`;
}

/** "table" (a card or an empty hex), "beach" or "jetty". */
export const levelOf = (t) => (t.jetty !== undefined ? "jetty" : t.beach !== undefined ? "beach" : "table");

// The tiles by hex and by card, once per snapshot's tile list (a text board asks for them hundreds of times).
const indexes = new WeakMap();
function indexOf(tiles) {
  let ix = indexes.get(tiles);
  if (!ix) {
    ix = { byHex: G.tileIndex(tiles), byCard: new Map(tiles.map((t) => [t.card, t])) };
    indexes.set(tiles, ix);
  }
  return ix;
}
const NO_TILES = [];
const tileOf = (snap, card) => indexOf(snap.tiles || NO_TILES).byCard.get(card) || null;

/** The world point where a click means `target` (the same points as scene.js worldPointFor), or null. */
export function pointOf(snap, target) {
  if (!target) return null;
  if (target.tile === undefined) return G.hexCenter(target.q, target.r);
  const tile = tileOf(snap, target.tile);
  if (!tile) return null;
  if (target.jetty !== undefined) return G.slicePoint(tile, target.jetty);
  if (target.beach !== undefined) return tile.beaches && tile.beaches[target.beach] ? G.beachPoint(tile, target.beach) : null;
  return G.hexCenter(tile.q, tile.r);
}

/** Does `target` still exist on the board of `snap`? (a card may leave: R25) */
export function exists(snap, legal, target) {
  if (!target) return false;
  if (target.tile === undefined) return legal.some((a) => a.type === "place_card" && a.q === target.q && a.r === target.r);
  const tile = tileOf(snap, target.tile);
  if (!tile) return false;
  if (target.beach === undefined) return true;
  const b = tile.beaches && tile.beaches[target.beach];
  if (!b) return false;
  return target.jetty === undefined || (b.jetties || []).includes(target.jetty);
}

// ---- routes ---------------------------------------------------------------

/**
 * Where the trail from `card`'s jetty at card edge `edge` leads, following
 * the drawn trails: { steps: [{ card, from, to, danger }], end } with end
 * { kind: "island", card, king } (king: its owner, or null), { kind: "open",
 * q, r } (an empty hex: a card from the pile is laid there) or { kind:
 * "loop" } (round and round on water). `from`/`to` are the water card's
 * edges the trail joins, as the engine's KnownTrail names them.
 */
export function route(snap, card, edge) {
  const index = indexOf(snap.tiles || NO_TILES).byHex;
  const start = tileOf(snap, card);
  const steps = [];
  if (!start) return { steps, end: { kind: "open", q: 0, r: 0 } };
  let dir = G.worldDirection(edge, start.rotation);
  let { q, r } = start;
  const seen = new Set();
  for (;;) {
    const [dq, dr] = G.DIRECTIONS[dir];
    q += dq;
    r += dr;
    const tile = index.get(G.hexKey(q, r));
    if (!tile) return { steps, end: { kind: "open", q, r } };
    if (tile.kind === "island") return { steps, end: { kind: "island", card: tile.card, king: tile.king ?? null } };
    const from = G.cardEdge(G.mod6(dir + 3), tile.rotation);
    const trail = (tile.trails || []).find(([a, b]) => a === from || b === from);
    const key = `${tile.card}/${from}`;
    if (!trail || seen.has(key)) return { steps, end: { kind: "loop" } };
    seen.add(key);
    const to = trail[0] === from ? trail[1] : trail[0];
    steps.push({ card: tile.card, from, to, danger: trail[2] });
    dir = G.worldDirection(to, tile.rotation);
  }
}

// ---- what is legal where ----------------------------------------------------

/** The board highlights for the decision at hand (targets.js marks), without a pointer. */
export function legalMarks(snap, legal, ui) {
  return T.marks(snap, legal, ui, null);
}

function hitAt(snap, target) {
  const p = pointOf(snap, target);
  const tiles = snap.tiles || NO_TILES;
  return p ? G.hitTest(tiles, p.x, p.y, 1, indexOf(tiles).byHex) : null;
}

/**
 * What a click at `target` does now, if it is one of the moves the board
 * highlights: { kind: "apply", action } | { kind: "select", hint } — else
 * null. An emigration is chosen at its jetty, never at its beach or island
 * (a click there would sail through whichever slice it fell in).
 */
export function legalAt(snap, legal, ui, target, marks = legalMarks(snap, legal, ui)) {
  if (!snap || !target) return null;
  const d = T.decision(snap, legal);
  const level = levelOf(target);
  let marked = false;
  if (target.tile === undefined) marked = marks.hexes.has(G.hexKey(target.q, target.r));
  else if (level === "table") marked = marks.tiles.has(target.tile);
  else if (level === "beach") marked = d !== "emigrate" && marks.beaches.has(`${target.tile}/${target.beach}`);
  else marked = marks.slices.has(`${target.tile}/${target.jetty}`);
  if (!marked) return null;
  const hit = hitAt(snap, target);
  if (!hit) return null;
  const res = T.interpret(snap, legal, ui, hit);
  if (res.kind === "apply") return { kind: "apply", action: res.action };
  if (res.kind === "select") return { kind: "select", hint: res.hint || null };
  return null;
}

/** The legal targets one level inside `target` (an island's beaches or jetties, a beach's jetties). */
export function legalInside(snap, legal, ui, target, marks = legalMarks(snap, legal, ui), targets = legalTargets(snap, legal, ui, marks)) {
  return targets.filter((x) => x.tile === target.tile && x.tile !== undefined && levelOf(x) !== "table" && (target.beach === undefined || (x.beach === target.beach && levelOf(x) === "jetty")));
}

/** Every place where a click makes a move now, in reading order (top to bottom, then left to right). */
export function legalTargets(snap, legal, ui, marks = legalMarks(snap, legal, ui)) {
  if (!snap) return [];
  const d = T.decision(snap, legal);
  const out = [];
  for (const card of marks.tiles.keys()) out.push({ tile: card });
  for (const key of marks.hexes.keys()) {
    const [q, r] = key.split(",").map(Number);
    out.push({ q, r });
  }
  if (d !== "emigrate") {
    for (const key of marks.beaches.keys()) {
      const i = key.lastIndexOf("/");
      out.push({ tile: key.slice(0, i), beach: Number(key.slice(i + 1)) });
    }
  }
  for (const key of marks.slices.keys()) {
    const i = key.lastIndexOf("/");
    const card = key.slice(0, i);
    const jetty = Number(key.slice(i + 1));
    const tile = tileOf(snap, card);
    if (tile) out.push({ tile: card, beach: G.beachOfJetty(tile, jetty), jetty });
  }
  const at = out.map((t) => ({ t, p: pointOf(snap, t) })).filter((x) => x.p);
  at.sort((a, b) => Math.round(a.p.y * 4) - Math.round(b.p.y * 4) || a.p.x - b.p.x);
  return at.map((x) => x.t);
}

// ---- moving by position -------------------------------------------------------

export const ARROWS = Object.freeze({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] });

/**
 * The candidate nearest to `from` in direction `dir` ([dx, dy], screen-like:
 * y down), within a cone of about 63° either side; null when there is none.
 * Distance along the direction counts once, distance across it twice.
 */
export function nearestInDirection(from, candidates, dir) {
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const vx = c.p.x - from.x;
    const vy = c.p.y - from.y;
    const along = vx * dir[0] + vy * dir[1];
    const across = Math.abs(vx * dir[1] - vy * dir[0]);
    if (along <= 1e-6 || across > along * 2) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** The targets an arrow key moves among at `target`'s level: cards and places to lay; an island's beaches; a beach's jetties. */
export function siblings(snap, legal, target) {
  const level = levelOf(target);
  if (level === "table") {
    const out = (snap.tiles || []).map((t) => ({ tile: t.card }));
    for (const a of legal) if (a.type === "place_card" && !out.some((x) => x.q === a.q && x.r === a.r)) out.push({ q: a.q, r: a.r });
    return out;
  }
  const tile = tileOf(snap, target.tile);
  if (!tile || !tile.beaches) return [];
  if (level === "beach") return tile.beaches.map((_, i) => ({ tile: tile.card, beach: i }));
  const b = tile.beaches[target.beach];
  return b ? (b.jetties || []).map((j) => ({ tile: tile.card, beach: target.beach, jetty: j })) : [];
}

/** The target an arrow moves to from `target` (null: nothing that way). */
export function move(snap, legal, target, key) {
  const dir = ARROWS[key];
  const from = pointOf(snap, target);
  if (!dir || !from) return null;
  const id = targetId(target);
  const cands = siblings(snap, legal, target)
    .filter((t) => targetId(t) !== id)
    .map((t) => ({ t, p: pointOf(snap, t) }))
    .filter((c) => c.p);
  const c = nearestInDirection(from, cands, dir);
  return c ? c.t : null;
}

/** Where the focus starts: the first legal target's card, else Tonga, else the first card. */
export function startTarget(snap, legal, ui) {
  const first = legalTargets(snap, legal, ui)[0];
  if (first) return first.tile === undefined ? first : { tile: first.tile };
  const tiles = snap.tiles || [];
  const t = tiles.find((x) => x.card === "tonga") || tiles[0];
  return t ? { tile: t.card } : null;
}

// ---- words ------------------------------------------------------------------

/** The functions that say the board in the words `w` of a table (words.js createWords). */
export function createBoardWords(w) {
  const { t, playerName, colorWord, edgeDirection, beachWords, describeAction } = w;
  // words.js names every water card alike (issue 30's plain words); someone
  // going card by card must tell them apart, so one is named by where it lies.
  function cardName(snap, card) {
    const name = w.cardName(snap, card);
    const tile = card && card.startsWith("water-") ? (snap.tiles || []).find((x) => x.card === card) : null;
    return tile ? `${name} ${w.whereWords(snap, tile.q, tile.r)}` : name;
  }
  const list = (xs) => (xs.length <= 1 ? xs.join("") : t("andList", xs.slice(0, -1).join(", "), xs[xs.length - 1]));

  /** Ships by player: "You (blue) 2, Moana (yellow) 1", or "no ships". */
  function shipsByPlayer(snap, seats) {
    const n = new Map();
    for (const s of seats) n.set(s, (n.get(s) || 0) + 1);
    if (!n.size) return t("a11y.noShips");
    return [...n.entries()].sort((a, b) => a[0] - b[0]).map(([s, k]) => t("a11y.ships", playerName(snap, s), colorWord(snap, s), k)).join(", ");
  }

  const shipsOn = (tile) => (tile.beaches || []).flatMap((b) => b.ships || []);

  function islandWords(snap, tile) {
    let text = t("a11y.island", cardName(snap, tile.card), tile.value ?? 0, shipsByPlayer(snap, shipsOn(tile)), (tile.beaches || []).length);
    if (tile.king !== null && tile.king !== undefined) text += `; ${t("a11y.king", playerName(snap, tile.king))}`;
    return text;
  }

  function waterWords(snap, tile) {
    const trails = (tile.trails || []).map(([a, b, d]) => t("a11y.trail", edgeDirection(tile, a), edgeDirection(tile, b), d));
    let text = t("a11y.water", cardName(snap, tile.card), trails.join("; "));
    if (tile.ships && tile.ships.length) text += `; ${t("a11y.staying", shipsByPlayer(snap, tile.ships))}`;
    return text;
  }

  function beachState(snap, tile, i) {
    const b = tile.beaches[i];
    const ships = b.ships || [];
    const by = new Map();
    for (const s of ships) by.set(s, (by.get(s) || 0) + 1);
    const who = [...by.entries()].sort((x, y) => x[0] - y[0]).map(([s, k]) => t("nColour", k, colorWord(snap, s)));
    let text = t("a11y.beach", beachWords(snap, tile.card, i), ships.length, b.places, list(who));
    if (ships.length >= b.places) text += `; ${t("a11y.full")}`;
    return text;
  }

  /** Where a jetty's trail leads, in words. */
  function routeWords(snap, card, edge) {
    const { steps, end } = route(snap, card, edge);
    let to;
    if (end.kind === "island") {
      const tile = tileOf(snap, end.card);
      to = tile && tile.king !== null && tile.king !== undefined ? t("a11y.toKing", cardName(snap, end.card), playerName(snap, tile.king)) : t("a11y.toIsland", cardName(snap, end.card));
    } else if (end.kind === "open") to = t("a11y.toOpen");
    else to = t("a11y.loop");
    if (!steps.length) return to;
    return t("a11y.via", steps.map((x) => t("a11y.danger", cardName(snap, x.card), x.danger)).join(", "), to);
  }

  function jettyWords(snap, tile, edge) {
    return t("a11y.jetty", edgeDirection(tile, edge), routeWords(snap, tile.card, edge));
  }

  /** The cards next to hex (q, r), by direction: "Samoa to the north, …"; the open sea is left out. */
  function nearWords(snap, q, r) {
    const index = indexOf(snap.tiles || NO_TILES).byHex;
    const out = [];
    for (let d = 0; d < 6; d++) {
      const n = G.neighbor(q, r, d);
      const x = index.get(G.hexKey(n.q, n.r));
      if (x) out.push(t("a11y.nearOne", t(`dir.${d}`), cardName(snap, x.card)));
    }
    return out.length ? t("a11y.near", out.join(", ")) : "";
  }

  /** What the target is, without what may be done there. */
  function whatIs(snap, target) {
    if (target.tile === undefined) {
      const near = nearWords(snap, target.q, target.r);
      return t("a11y.open", target.q, target.r) + (near ? `; ${near}` : "");
    }
    const tile = tileOf(snap, target.tile);
    if (!tile) return cardName(snap, target.tile);
    if (target.jetty !== undefined) return jettyWords(snap, tile, target.jetty);
    if (target.beach !== undefined) return beachState(snap, tile, target.beach);
    if (tile.kind === "island") return islandWords(snap, tile);
    const near = nearWords(snap, tile.q, tile.r);
    return waterWords(snap, tile) + (near ? `; ${near}` : "");
  }

  /**
   * What may be done at the target now, in words, or "" when nothing:
   * "Enter: <the move>", a choice it makes, or how many choices lie inside.
   * `odds`: the engine's voyage odds (read with an emigration's choice).
   */
  function whatNow(snap, legal, ui, target, odds = null, marks = legalMarks(snap, legal, ui), targets = null) {
    const here = legalAt(snap, legal, ui, target, marks);
    if (here && here.kind === "apply") {
      let text = t("a11y.enter", describeAction(snap, here.action));
      const o = here.action.type === "emigrate" ? oddsFor(odds, here.action.tile, here.action.jetty) : null;
      if (o) text += ` (${oddsShort(o, t, t("lang"))})`;
      return text;
    }
    if (here) {
      const selected = target.beach !== undefined && marks.beaches.get(`${target.tile}/${target.beach}`) === "selected";
      if (selected) return t("a11y.chosen");
      return t("a11y.enter", here.hint ? hintWords(t, here.hint) : t("a11y.choose"));
    }
    if (target.tile !== undefined && levelOf(target) !== "jetty") {
      const inside = legalInside(snap, legal, ui, target, marks, targets || legalTargets(snap, legal, ui, marks));
      if (inside.length) return t("a11y.inside", inside.length);
    }
    return "";
  }

  /** The target in words: what it is, then what may be done there. */
  function describe(snap, legal, ui, target, odds = null, marks = legalMarks(snap, legal, ui)) {
    const now = whatNow(snap, legal, ui, target, odds, marks);
    const what = whatIs(snap, target);
    return now ? `${what}. ${now}` : what;
  }

  return { shipsByPlayer, islandWords, waterWords, beachState, routeWords, jettyWords, nearWords, whatIs, whatNow, describe };
}

// ---- the text board -----------------------------------------------------------

/**
 * The text board as a tree: [{ id, name, legal, target?, children }].
 * Islands (each with its beaches, each with its jetties), water cards,
 * places to lay the card at hand, the pile and the scores.
 */
export function boardTree(snap, legal, ui, w, odds = null) {
  const bw = createBoardWords(w);
  const { t, cardName, playerName, colorWord } = w;
  const marks = legalMarks(snap, legal, ui);
  const targets = legalTargets(snap, legal, ui, marks);
  const node = (target, children = []) => {
    const now = bw.whatNow(snap, legal, ui, target, odds, marks, targets);
    const what = bw.whatIs(snap, target);
    return { id: targetId(target), name: now ? `${what}. ${now}` : what, legal: !!now && now !== t("a11y.chosen"), target, children };
  };
  const tiles = snap.tiles || [];
  const islands = tiles.filter((x) => x.kind === "island");
  const waters = tiles.filter((x) => x.kind !== "island");
  const out = [];
  out.push({
    id: "group:islands",
    name: t("a11y.islands", islands.length),
    children: islands.map((tile) =>
      node(
        { tile: tile.card },
        (tile.beaches || []).map((b, i) => node({ tile: tile.card, beach: i }, (b.jetties || []).map((j) => node({ tile: tile.card, beach: i, jetty: j })))),
      ),
    ),
  });
  out.push({ id: "group:water", name: t("a11y.waters", waters.length), children: waters.map((tile) => node({ tile: tile.card })) });
  const places = [];
  for (const a of legal) if (a.type === "place_card" && !places.some((p) => p.q === a.q && p.r === a.r)) places.push({ q: a.q, r: a.r });
  if (places.length) {
    const card = snap.pending && snap.pending.card;
    out.push({ id: "group:places", name: t("a11y.places", cardName(snap, card), places.length), children: places.map((p) => node(p)) });
  }
  out.push({ id: "pile", name: t("pl.pile", snap.pile.islands, snap.pile.water, snap.revealed.islands, snap.revealed.water), children: [] });
  out.push({
    id: "group:scores",
    name: t("a11y.scores"),
    children: (snap.players || []).map((p, i) => ({ id: `score:${i}`, name: t("a11y.score", playerName(snap, i), colorWord(snap, i), p.score, p.islands, p.supply), children: [] })),
  });
  return out;
}
