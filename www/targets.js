// What a click means, and what to highlight, for the decision at hand.
//
// Pure: from the snapshot, the engine's legalActions() and the UI's own
// little state (picker mode, beaches selected so far, the colour picked in the
// landing tray, the rotation of a card being laid) it works out
//  - marks():     what to highlight (only what legalActions() allows);
//  - interpret(): what a click on a hit (geometry.hitTest) does: apply an
//                 action, change the selection, or — when the click is not
//                 legal — the candidate action to hand to the engine so that
//                 the player sees the engine's own reason.
// No rule is decided here: every "legal" comes from legalActions().
// No words either: a hint is a key of lang/*.js and its arguments,
// { key, args }, as the engine gives its errors; the panels say it in the
// table's language (ui/toast.js say).

import { beachOfJetty, hexKey } from "./geometry.js";

/** A hint for the panels to put in words: a key of lang/*.js and its arguments. */
const hint = (key, ...args) => ({ key, args }); // an island among args as { card, name }: words.js hintWords

export const MODES = Object.freeze(["expand", "king"]);

export function initialUi() {
  // focus: a card the camera came close to (a phone's coarse targets, scene.js); landAll: the island whose landing the table plays as shown
  return { mode: "expand", selection: null, traySeat: null, rotation: null, lastHex: null, focus: null, landAll: null };
}

const sameMultiset = (a, b) => {
  if (a.length !== b.length) return false;
  const x = a.slice().sort((p, q) => p - q);
  const y = b.slice().sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
};

/** Is multiset `sub` contained in multiset `sup`? */
const subMultiset = (sub, sup) => {
  const left = sup.slice();
  for (const v of sub) {
    const i = left.indexOf(v);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
};

const sameTake = (a, b) => (!a && !b) || (a && b && a.tile === b.tile && a.beach === b.beach);

export function actionsOf(legal, type) {
  return legal.filter((a) => a.type === type);
}

/**
 * The kind of decision pending, as the UI sees it: "setup", "turn" (picker:
 * expand / king / resettle), "place_new" (R50), "emigrate", "land",
 * "place_card", "place_ship", "over" or "none".
 */
export function decision(snap, legal) {
  if (!legal.length) return snap.phase === "over" ? "over" : "none";
  switch (snap.phase) {
    case "turn":
      return legal.some((a) => a.type === "place_new") ? "place_new" : "turn";
    default:
      return snap.phase;
  }
}

/** The picker mode that makes sense now (keeps the chosen one if it has actions). */
export function effectiveMode(legal, mode) {
  const has = (t) => legal.some((a) => a.type === t);
  if (mode === "king" && has("found_kingdom")) return "king";
  if (has("expand")) return "expand";
  if (has("found_kingdom")) return "king";
  return "expand";
}

/** The colour picked in the landing tray: the chosen one if still in the group, else the lowest seat. */
export function traySeat(snap, ui) {
  const group = (snap.pending && snap.pending.group) || [];
  if (ui.traySeat !== null && ui.traySeat !== undefined && group.includes(ui.traySeat)) return ui.traySeat;
  return group.length ? Math.min(...group) : null;
}

/** Legal rotations of place_card at hex (q, r). */
export function rotationsAt(legal, q, r) {
  return legal.filter((a) => a.type === "place_card" && a.q === q && a.r === r).map((a) => a.rotation);
}

/** The rotation a card would be laid with at (q, r): the chosen one if legal there, else the first legal. */
export function rotationFor(legal, ui, q, r) {
  const rots = rotationsAt(legal, q, r);
  if (!rots.length) return ui.rotation ?? 0;
  return rots.includes(ui.rotation) ? ui.rotation : rots[0];
}

// Selections (expansion, R50 placement) are { type, tile, beaches, take }.

function selectionActions(legal, type) {
  return legal.filter((a) => a.type === type);
}

/** Actions of `type` that are still possible given the selection so far. */
function matching(legal, type, sel) {
  return selectionActions(legal, type).filter(
    (a) =>
      (!sel || !sel.tile || a.tile === sel.tile) &&
      (!sel || sameTake(sel.take || null, sel.take ? a.take : null)) &&
      (!sel || subMultiset(sel.beaches || [], a.beaches)),
  );
}

function needsTake(legal) {
  const ex = actionsOf(legal, "expand");
  return ex.length > 0 && ex.every((a) => a.take);
}

/**
 * What a click on `hit` (from geometry.hitTest) does. Returns one of
 *   { kind: "apply", action }
 *   { kind: "select", ui, hint? }     (new UI state; nothing applied yet)
 *   { kind: "illegal", action }       (apply it to get the engine's reason)
 *   { kind: "hint", hint }            (nothing the engine could judge)
 *   { kind: "land-all", tile }        (the arrival island: land the group as shown, landPolicy)
 * where a hint is { key, args } for the panels to put in words.
 *   { kind: "none" }
 */
export function interpret(snap, legal, ui, hit) {
  const d = decision(snap, legal);
  const tile = hit && hit.tile;
  const card = tile && tile.card;
  const onBeach = tile && tile.kind === "island" && hit.beach >= 0;
  switch (d) {
    case "setup": {
      if (!onBeach || card !== "tonga") return { kind: "hint", hint: hint("h.tonga") };
      return applyOrIllegal(legal, { type: "setup_place", beach: hit.beach });
    }
    case "place_ship": {
      const target = snap.pending && snap.pending.tile;
      if (!onBeach || card !== target) return { kind: "hint", hint: hint("h.newIsland") };
      return applyOrIllegal(legal, { type: "place_ship", beach: hit.beach });
    }
    case "land": {
      const target = snap.pending && snap.pending.tile;
      // the island itself: the whole group lands as shown (landPolicy; where the controller offers it)
      if (tile && card === target && hit.beach < 0 && landPolicy(snap, legal)) return { kind: "land-all", tile: card };
      if (!onBeach || card !== target) return { kind: "hint", hint: hint("h.arrivalIsland") };
      const seat = traySeat(snap, ui);
      return applyOrIllegal(legal, { type: "land", seat, beach: hit.beach });
    }
    case "emigrate": {
      if (!tile || tile.kind !== "island") return { kind: "hint", hint: hint("h.jetty") };
      const jb = beachOfJetty(tile, hit.edge);
      const beach = jb >= 0 ? jb : hit.beach >= 0 ? hit.beach : 0;
      return applyOrIllegal(legal, { type: "emigrate", tile: card, beach, jetty: hit.edge });
    }
    case "place_card": {
      if (tile) return { kind: "illegal", action: { type: "place_card", q: hit.q, r: hit.r, rotation: ui.rotation ?? 0 } };
      const rotation = rotationFor(legal, ui, hit.q, hit.r);
      return applyOrIllegal(legal, { type: "place_card", q: hit.q, r: hit.r, rotation });
    }
    case "place_new":
      return clickSelection(snap, legal, ui, hit, "place_new");
    case "turn": {
      const mode = effectiveMode(legal, ui.mode);
      if (mode === "king") {
        if (!tile || tile.kind !== "island") return { kind: "hint", hint: hint("h.kingIsland") };
        return applyOrIllegal(legal, { type: "found_kingdom", tile: card });
      }
      return clickSelection(snap, legal, ui, hit, "expand");
    }
    default:
      return { kind: "none" };
  }
}

function applyOrIllegal(legal, action) {
  const found = legal.find((a) => sameAction(a, action));
  return found ? { kind: "apply", action: found } : { kind: "illegal", action };
}

/** Same action? (expand beaches as a set, place_new beaches as a multiset) */
export function sameAction(a, b) {
  if (!a || !b || a.type !== b.type) return false;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (k === "beaches") {
      if (!sameMultiset(a.beaches || [], b.beaches || [])) return false;
    } else if (k === "take") {
      if (!sameTake(a.take || null, b.take || null)) return false;
    } else if (a[k] !== b[k]) return false;
  }
  return true;
}

/** Beach clicks that build a selection for `expand` or `place_new`. */
function clickSelection(snap, legal, ui, hit, type) {
  const tile = hit && hit.tile;
  if (!tile || tile.kind !== "island") {
    return { kind: "hint", hint: hint(type === "expand" ? "h.expandIsland" : "h.newShipBeach") };
  }
  const card = tile.card;
  const cur = ui.selection && ui.selection.type === type ? ui.selection : null;
  const all = selectionActions(legal, type);
  const take = type === "expand" && needsTake(legal);
  // R51: the first click picks the beach a ship is taken from.
  if (take && (!cur || !cur.take)) {
    if (hit.beach < 0) return { kind: "hint", hint: hint("h.takeFirst") };
    const tk = { tile: card, beach: hit.beach };
    if (all.some((a) => sameTake(a.take, tk))) return { kind: "select", ui: { ...ui, selection: { type, tile: null, beaches: [], take: tk } } };
    return { kind: "illegal", action: { type, tile: card, beaches: [], take: tk } };
  }
  if (take && cur && cur.take && hit.beach >= 0 && cur.take.tile === card && cur.take.beach === hit.beach) {
    return { kind: "select", ui: { ...ui, selection: null } }; // unselect the source
  }
  const forTile = all.filter((a) => a.tile === card && (!take || sameTake(a.take, cur.take)));
  if (hit.beach < 0) {
    // The island itself: expansion when the choice of beaches is forced.
    if (forTile.length === 1) return { kind: "apply", action: forTile[0] };
    if (forTile.length > 1) {
      const n = forTile[0].beaches.length;
      return {
        kind: "select",
        ui: { ...ui, selection: { type, tile: card, beaches: [], take: cur ? cur.take : null } },
        hint: hint("h.chooseBeaches", n, { card, name: tile.name }), // words.js hintWords names the island
      };
    }
    return { kind: "illegal", action: { type, tile: card, beaches: [], ...(take ? { take: cur.take } : {}) } };
  }
  let beaches = cur && cur.tile === card ? cur.beaches.slice() : [];
  if (type === "expand" && beaches.includes(hit.beach)) {
    beaches = beaches.filter((b) => b !== hit.beach); // a click on a selected beach unselects it
    return { kind: "select", ui: { ...ui, selection: beaches.length || take ? { type, tile: card, beaches, take: cur ? cur.take : null } : null } };
  }
  beaches.push(hit.beach);
  const sel = { type, tile: card, beaches, take: cur ? cur.take : null };
  const still = matching(legal, type, sel);
  if (!still.length) {
    // Not possible: let the engine say why, with the beaches chosen so far.
    return { kind: "illegal", action: { type, tile: card, beaches, ...(sel.take ? { take: sel.take } : {}) } };
  }
  const done = still.find((a) => a.beaches.length === beaches.length);
  if (done) return { kind: "apply", action: done };
  return { kind: "select", ui: { ...ui, selection: sel } };
}

/**
 * Highlights for the decision at hand: Maps keyed as render.js expects,
 * styles "legal" | "hover" | "selected".
 */
export function marks(snap, legal, ui, hover) {
  const m = { beaches: new Map(), tiles: new Map(), slices: new Map(), hexes: new Map() };
  const d = decision(snap, legal);
  const hoverBeach = hover && hover.tile && hover.beach >= 0 ? `${hover.tile.card}/${hover.beach}` : null;
  const beach = (key) => m.beaches.set(key, key === hoverBeach ? "hover" : "legal");
  switch (d) {
    case "setup":
      for (const a of actionsOf(legal, "setup_place")) beach(`tonga/${a.beach}`);
      break;
    case "place_ship":
      for (const a of actionsOf(legal, "place_ship")) beach(`${snap.pending.tile}/${a.beach}`);
      break;
    case "land": {
      const seat = traySeat(snap, ui);
      for (const a of actionsOf(legal, "land")) if (a.seat === seat) beach(`${snap.pending.tile}/${a.beach}`);
      break;
    }
    case "emigrate": {
      const hs = hover && hover.tile ? `${hover.tile.card}/${hover.edge}` : null;
      for (const a of actionsOf(legal, "emigrate")) {
        const key = `${a.tile}/${a.jetty}`;
        m.slices.set(key, key === hs ? "hover" : "legal");
        m.beaches.set(`${a.tile}/${a.beach}`, "legal");
      }
      break;
    }
    case "place_card": {
      const hk = hover ? hexKey(hover.q, hover.r) : null;
      for (const a of actionsOf(legal, "place_card")) {
        const key = hexKey(a.q, a.r);
        m.hexes.set(key, key === hk ? "hover" : "legal");
      }
      break;
    }
    case "turn":
    case "place_new": {
      const type = d === "place_new" ? "place_new" : "expand";
      const mode = d === "place_new" ? "place_new" : effectiveMode(legal, ui.mode);
      if (mode === "king") {
        for (const a of actionsOf(legal, "found_kingdom")) m.tiles.set(a.tile, hover && hover.tile && hover.tile.card === a.tile ? "hover" : "legal");
        break;
      }
      const sel = ui.selection && ui.selection.type === type ? ui.selection : null;
      if (type === "expand" && needsTake(legal) && !(sel && sel.take)) {
        for (const a of actionsOf(legal, "expand")) beach(`${a.take.tile}/${a.take.beach}`);
        break;
      }
      if (sel && sel.take) m.beaches.set(`${sel.take.tile}/${sel.take.beach}`, "selected");
      const cands = matching(legal, type, sel && sel.tile ? sel : sel && sel.take ? { take: sel.take, beaches: [] } : null);
      for (const a of cands) {
        m.tiles.set(a.tile, hover && hover.tile && hover.tile.card === a.tile && hover.beach < 0 ? "hover" : "legal");
        for (const b of a.beaches) {
          const key = `${a.tile}/${b}`;
          if (!m.beaches.has(key)) beach(key);
        }
      }
      if (sel && sel.tile) for (const b of sel.beaches) m.beaches.set(`${sel.tile}/${b}`, "selected");
      break;
    }
    default:
      break;
  }
  return m;
}

/** What the selection still needs, as a hint ({ key, args }), or null. */
export function selectionHint(snap, legal, ui) {
  const sel = ui.selection;
  if (!sel) {
    if (decision(snap, legal) === "turn" && effectiveMode(legal, ui.mode) === "expand" && needsTake(legal)) {
      return hint("h.r51");
    }
    return null;
  }
  const cands = matching(legal, sel.type, sel.tile ? sel : { take: sel.take, beaches: [] });
  if (!cands.length) return null;
  if (sel.take && !sel.tile) return hint("h.takenGoes");
  const need = cands[0].beaches.length - sel.beaches.length;
  const tl = snap.tiles.find((x) => x.card === sel.tile);
  return need > 0 ? hint("h.moreBeaches", need, { card: sel.tile, name: tl ? tl.name : null }) : null;
}

// ---- the targets of a decision (issue 30) -------------------------------

/**
 * The board targets of the decision at hand: where a click does something
 * (interpret() above: apply an action or take a step towards one), as
 * [{ target, kind }] with `target` as pointFor takes it ({tile, beach} |
 * {tile, jetty} | {tile} | {q, r}). The camera frames them (framing.js);
 * notes keep clear of them. `opts.landAll`: the island itself lands the
 * whole group as shown (landPolicy), offered where a click may play every
 * landing move. `ui.focus` (a card): only that card's targets.
 */
export function targetList(snap, legal, ui, opts = {}) {
  const out = [];
  const seen = new Set();
  const add = (target, kind) => {
    if (ui.focus && target.tile !== ui.focus) return;
    const k = JSON.stringify(target);
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ target, kind });
  };
  const d = decision(snap, legal);
  const p = snap.pending || {};
  switch (d) {
    case "setup":
      for (const a of actionsOf(legal, "setup_place")) add({ tile: "tonga", beach: a.beach }, "beach");
      break;
    case "place_ship":
      for (const a of actionsOf(legal, "place_ship")) add({ tile: p.tile, beach: a.beach }, "beach");
      break;
    case "land": {
      const seat = traySeat(snap, ui);
      for (const a of actionsOf(legal, "land")) if (a.seat === seat) add({ tile: p.tile, beach: a.beach }, "beach");
      if (opts.landAll && landPolicy(snap, legal)) add({ tile: p.tile }, "land-all");
      break;
    }
    case "emigrate":
      for (const a of actionsOf(legal, "emigrate")) add({ tile: a.tile, jetty: a.jetty }, "jetty");
      break;
    case "place_card":
      for (const a of actionsOf(legal, "place_card")) add({ q: a.q, r: a.r }, "hex");
      break;
    case "turn":
    case "place_new": {
      const type = d === "place_new" ? "place_new" : "expand";
      const mode = d === "place_new" ? "place_new" : effectiveMode(legal, ui.mode);
      if (mode === "king") {
        for (const a of actionsOf(legal, "found_kingdom")) add({ tile: a.tile }, "island");
        break;
      }
      const sel = ui.selection && ui.selection.type === type ? ui.selection : null;
      if (type === "expand" && needsTake(legal) && !(sel && sel.take)) {
        for (const a of actionsOf(legal, "expand")) add({ tile: a.take.tile, beach: a.take.beach }, "beach");
        break;
      }
      if (sel && sel.take) add({ tile: sel.take.tile, beach: sel.take.beach }, "selected"); // a click takes it back
      if (sel && sel.tile) {
        for (const b of sel.beaches) if (type === "expand") add({ tile: sel.tile, beach: b }, "selected");
        for (const a of matching(legal, type, sel)) for (const b of a.beaches) add({ tile: sel.tile, beach: b }, "beach");
        break;
      }
      const cands = matching(legal, type, sel && sel.take ? { take: sel.take, beaches: [] } : null);
      for (const a of cands) {
        add({ tile: a.tile }, "island");
        for (const b of a.beaches) add({ tile: a.tile, beach: b }, "beach");
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/** The cards of `targets` (targetList), one coarse target each: a click there comes close to that card (ui.focus). */
export function coarseTargets(targets) {
  const out = [];
  const seen = new Set();
  for (const { target } of targets) {
    const key = target.tile !== undefined ? target.tile : hexKey(target.q, target.r);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ target: target.tile !== undefined ? { tile: target.tile } : { q: target.q, r: target.r }, kind: "card" });
  }
  return out;
}

/**
 * "Land as shown" (issue 30): the next move of a landing that the player
 * leaves to the table, one of the legal actions (so R23's free beaches
 * first, and R25, are the engine's): the mover's own ships first, then the
 * others' by seat, each on the first beach the engine allows; when no ship
 * can land, one goes home, another player's before the mover's. Null when
 * there is nothing to land.
 */
export function landPolicy(snap, legal) {
  if (decision(snap, legal) !== "land") return null;
  const me = snap.current;
  const lands = actionsOf(legal, "land");
  const mine = lands.find((a) => a.seat === me);
  if (mine || lands.length) return mine || lands[0];
  const back = actionsOf(legal, "return");
  return back.find((a) => a.seat !== me) || back[0] || null;
}
