// Bot seats. One small async entry point, chooseAction(game, seat, kind), so
// that issue 5 can swap the inside for the engine's botAction running in a
// Web Worker (post game.save() to the worker, get an action back) without the
// controller noticing. There is no rule logic here: "random" picks uniformly
// among the engine's own legalActions().

export const BOT_KINDS = Object.freeze([{ id: "random", label: "Bot (random)" }]);

/** Seeded PRNG (mulberry32) so a test can make bot play repeatable. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = Math.random;

/** Make the random bot repeatable (tests); `null` restores Math.random. */
export function seedBots(seed) {
  random = seed === null || seed === undefined ? Math.random : rng(seed);
}

/**
 * Choose an action for `seat` in `game` (a wasm Game). Resolves to one of
 * game.legalActions(). Async on purpose: the Worker version will be.
 */
export async function chooseAction(game, seat, kind = "random") {
  const legal = game.legalActions();
  if (!legal.length) throw new Error("The bot has nothing to do: the game is over.");
  switch (kind) {
    case "random":
    default:
      return legal[Math.floor(random() * legal.length)];
  }
}
