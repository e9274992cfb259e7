// Card data of docs/rules.md §1.2/§1.3, for TESTS ONLY: the front end itself has
// no card table (it draws what the snapshot's tiles say). The tests use it to
// check the geometry on every real card and to build snapshots shaped like
// docs/api.md for the renderer and the redraw benchmark.

export const ISLANDS = [
  ["tonga", "Tonga", 0, "3:0 3:1 3:2 3:3 3:4 3:5"],
  ["muroroa", "Muroroa", 2, "2:1 2:2 3:4,5"],
  ["nauru", "Nauru", 2, "2:1,2 3:3 2:4,5"],
  ["tubuai", "Tubuai", 2, "3:1,2 3:4,5"],
  ["rarotonga", "Rarotonga", 3, "3:1,2 4:3,4,5"],
  ["rapa-nui", "Rapa Nui", 3, "5:1,2 3:3,4,5"],
  ["tokelau", "Tokelau", 3, "4:1 3:2,3 2:4,5"],
  ["tuamotu", "Tuamotu", 3, "4:1,2,3 4:4,5"],
  ["hiva-oa", "Hiva Oa", 4, "2:1,2 2:3 5:4,5"],
  ["mangareva", "Mangareva", 4, "2:1,2 3:3,4 4:5"],
  ["oahu", "Oahu", 4, "3:1,2 5:3 3:4,5"],
  ["tahiti", "Tahiti", 4, "2:1,2 3:3,4 4:5"],
  ["tuvalu", "Tuvalu", 4, "2:1,2 4:3 3:4,5"],
  ["fidschi", "Fidschi", 5, "5:1 4:2,3 4:4,5"],
  ["hawaii", "Hawaii", 5, "3:1,2 5:3 2:4,5"],
  ["samoa", "Samoa", 5, "3:1,2 4:3,4 5:5"],
].map(([card, name, value, spec]) => ({
  card,
  name,
  value,
  beaches: spec.split(" ").map((b) => {
    const [p, j] = b.split(":");
    return { places: Number(p), jetties: j.split(",").map(Number) };
  }),
}));

export const WATERS = [
  ["water-a", "0,3,4 1,5,4 2,4,4"],
  ["water-b", "0,4,4 1,3,4 2,5,3"],
  ["water-c", "0,3,4 1,5,3 2,4,0"],
  ["water-d", "0,4,3 1,3,3 2,5,4"],
  ["water-e", "0,1,3 2,3,2 4,5,4"],
  ["water-f", "0,3,3 1,5,3 2,4,3"],
  ["water-g", "0,3,3 1,5,2 2,4,0"],
  ["water-h", "0,1,3 2,3,0 4,5,2"],
  ["water-i", "0,4,2 1,3,3 2,5,4"],
  ["water-j", "0,5,2 1,2,2 3,4,2"],
  ["water-k", "0,1,2 2,3,0 4,5,2"],
  ["water-l", "0,5,0 1,2,3 3,4,4"],
  ["water-m", "0,4,0 1,3,4 2,5,2"],
  ["water-n", "0,5,0 1,2,4 3,4,2"],
  ["water-o", "0,1,0 2,3,2 4,5,0"],
  ["water-p", "0,5,0 1,2,0 3,4,0"],
].map(([card, spec]) => ({ card, trails: spec.split(" ").map((t) => t.split(",").map(Number)) }));

export const COLORS = ["blue", "yellow", "green", "orange", "red", "purple"];

/** A tile object shaped like docs/api.md's snapshot tiles. */
export function islandTile(card, q, r, rotation, ships = null, king = null) {
  const c = ISLANDS.find((i) => i.card === card);
  if (!c) throw new Error(`no island ${card}`);
  return {
    card,
    kind: "island",
    q,
    r,
    rotation,
    name: c.name,
    value: c.value,
    king,
    beaches: c.beaches.map((b, i) => ({ places: b.places, jetties: b.jetties.slice(), ships: ships ? ships[i] || [] : [] })),
  };
}

export function waterTile(card, q, r, rotation, ships = []) {
  const c = WATERS.find((w) => w.card === card);
  if (!c) throw new Error(`no water ${card}`);
  return { card, kind: "water", q, r, rotation, trails: c.trails.map((t) => t.slice()), ships };
}

export function players(n) {
  const names = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"];
  return Array.from({ length: n }, (_, i) => ({
    name: names[i],
    color: COLORS[i],
    supply: 13,
    ships_on_table: 2,
    kings: [],
    score: 0,
    islands: 1,
  }));
}

/** Spiral of hexes around (0, 0): ring 0, ring 1, ... (Red Blob order). */
export function spiral(count) {
  const DIRS = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];
  const out = [{ q: 0, r: 0 }];
  for (let radius = 1; out.length < count; radius++) {
    // start at direction 4 (north-east) * radius, walk the ring
    let q = DIRS[4][0] * radius;
    let r = DIRS[4][1] * radius;
    for (let side = 0; side < 6; side++) {
      for (let step = 0; step < radius; step++) {
        out.push({ q, r });
        q += DIRS[side][0];
        r += DIRS[side][1];
      }
    }
  }
  return out.slice(0, count);
}

/**
 * A busy snapshot: all 32 cards on the table and `shipCount` ships on
 * beaches (plus a few on water), `n` players. Deterministic.
 */
export function fullBoardSnapshot({ n = 6, shipCount = 60 } = {}) {
  const cells = spiral(32);
  const cards = [];
  let wi = 0;
  let ii = 1;
  for (let k = 0; k < 32; k++) {
    // Interleave: Tonga first, then mostly alternating water / island.
    if (k === 0) cards.push(["island", "tonga"]);
    else if ((k % 2 === 1 && wi < 16) || ii >= 16) cards.push(["water", WATERS[wi++].card]);
    else cards.push(["island", ISLANDS[ii++].card]);
  }
  const tiles = cards.map(([kind, card], k) => {
    const { q, r } = cells[k];
    const rot = k === 0 ? 0 : (k * 5) % 6;
    return kind === "island" ? islandTile(card, q, r, rot) : waterTile(card, q, r, rot);
  });
  // Distribute ships over beaches without filling any beach.
  let placed = 0;
  let seat = 0;
  const islands = tiles.filter((t) => t.kind === "island");
  islands[4].king = 2; // a king island: no ships on its beaches, the king drawn as a mask
  outer: for (let round = 0; round < 6; round++) {
    for (const t of islands) {
      if (t.king !== null) continue;
      for (const b of t.beaches) {
        if (placed >= shipCount) break outer;
        if (b.ships.length < b.places - 1) {
          b.ships.push(seat);
          b.ships.sort((x, y) => x - y);
          seat = (seat + 1) % n;
          placed++;
        }
      }
    }
  }
  const waters = tiles.filter((t) => t.kind === "water");
  waters[3].ships = [0, 1, 1];
  return {
    phase: "over",
    current: null,
    turn: 40,
    players: players(n),
    tiles,
    pile: { islands: 0, water: 0 },
    revealed: { islands: 16, water: 16 },
    removed: [],
    pending: null,
    ranking: [[0], [1, 2], [3], [4], [5]].filter((g) => g.every((s) => s < n)),
  };
}

/** A small opening-like snapshot: Tonga plus a few cards, ships on places. */
export function smallSnapshot() {
  const tiles = [
    islandTile("tonga", 0, 0, 0, [[0], [1, 2], [], [0, 1], [2], []]),
    waterTile("water-c", 0, -1, 3),
    islandTile("samoa", 0, -2, 3, [[1], [0, 2, 2], []]),
    waterTile("water-e", 1, -1, 4),
    islandTile("hiva-oa", 1, 0, 2, [[], [2], [0, 0]]),
    waterTile("water-j", -1, 1, 1, []),
    islandTile("tahiti", -1, 0, 1, [[0], [], [1, 1, 2]], null),
    waterTile("water-o", 0, 1, 0),
    islandTile("tubuai", -2, 0, 2, [[1], []], 1),
  ];
  return {
    phase: "turn",
    current: 1,
    turn: 7,
    players: players(3),
    tiles,
    pile: { islands: 11, water: 12 },
    revealed: { islands: 5, water: 4 },
    removed: [],
    pending: null,
  };
}
