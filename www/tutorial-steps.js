// The guided first game ("Learn to play", issue 14): always the same game.
// The pile is fixed (the engine's `deck` option, top first) and so is every
// move, the learner's and the opponents'; the learner makes theirs by
// clicking, the opponents' are played at the table's pace. The words of each
// step are in lang/tutorial/*.js under the step's `say` key.
//
// The script is the game's whole action log in order; each entry says who
// makes its action:
//   { say }             a step to read; next() moves on
//   { say, you }        a step that waits for the learner's action `you`
//   { you }             the learner's next action, still in the same step
//   { bot }             an opponent's move
//   { auto }            a move of the learner's seat made for them
//   { jump }            moves played at once, without animation ("many turns later")
// scripts/tutorial-check.mjs replays it with the engine and checks that
// every idea the steps speak of happens (a wreck, a surplus ship sent home,
// a chain, a king island, the end by the last island).

/** The pile, top first: a permutation of the 31 cards other than Tonga. */
export const DECK = Object.freeze([
  "water-j", "tubuai", "water-k", "hiva-oa", "rarotonga", "water-f", "water-a", "mangareva", "tahiti", "water-o", "muroroa",
  "oahu", "water-l", "water-g", "fidschi", "water-n", "tuamotu", "water-p", "samoa", "rapa-nui", "water-c", "water-m",
  "nauru", "water-i", "tokelau", "water-d", "hawaii", "water-b", "water-h", "tuvalu", "water-e",
]);

/** The seats: the learner, Kai (blue; the log speaks of players in the third person), and two opponents. */
export const SEATS = Object.freeze([
  { name: "Kai", color: "blue", kind: "human" },
  { name: "Moana", color: "yellow", kind: "greedy" },
  { name: "Tavita", color: "green", kind: "greedy" },
]);

export const SEED = 1;

/**
 * An action from its short form, as the script writes it:
 * "s 3" setup_place · "e tonga 3,4" expand (and "e tile b take-tile take-beach", R51) ·
 * "m tonga 3 3" emigrate (tile, beach, jetty) · "l 0 1" land (seat, beach) ·
 * "r 0" return (seat) · "k hiva-oa" found_kingdom · "n tonga 0,1" place_new · "x" resettle.
 */
export function act(text) {
  const [op, ...w] = text.trim().split(/\s+/);
  const nums = (s) => s.split(",").map(Number);
  switch (op) {
    case "s":
      return { type: "setup_place", beach: Number(w[0]) };
    case "e":
      return { type: "expand", tile: w[0], beaches: nums(w[1]), ...(w[2] ? { take: { tile: w[2], beach: Number(w[3]) } } : {}) };
    case "m":
      return { type: "emigrate", tile: w[0], beach: Number(w[1]), jetty: Number(w[2]) };
    case "l":
      return { type: "land", seat: Number(w[0]), beach: Number(w[1]) };
    case "r":
      return { type: "return", seat: Number(w[0]) };
    case "k":
      return { type: "found_kingdom", tile: w[0] };
    case "n":
      return { type: "place_new", tile: w[0], beaches: nums(w[1]) };
    case "x":
      return { type: "resettle" };
    default:
      throw new Error(`tutorial: no action "${text}"`);
  }
}

const say = (key, you) => (you ? { say: key, you: act(you) } : { say: key });
const you = (a) => ({ you: act(a) });
const bot = (a) => ({ bot: act(a) });
const auto = (a) => ({ auto: act(a) });

/** Many turns later (greedy bots in every seat, found by scripts/tutorial-check.mjs --search). */
const LATER = [
  "e tonga 0,1,2,3,4,5|m tonga 1 1|l 1 0|l 1 1|l 1 0|m tonga 2 2|m tonga 5 5|m tonga 3 3|n rarotonga 1",
  "n rarotonga 1|e rarotonga 0,1|m rarotonga 1 3|l 1 0|l 1 1|l 0 2|l 2 0|m mangareva 0 2|l 1 0",
  "l 2 1|m rarotonga 0 2|e tahiti 0|m tahiti 0 1|l 2 1|l 1 0|e mangareva 0|m mangareva 0 1|l 0 1",
  "l 1 0|e tahiti 1|m tahiti 1 3|l 1 0|l 0 1|l 2 2|e muroroa 0|m muroroa 0 1|l 2 0|l 1 1|e mangareva 1",
  "m mangareva 1 3|l 0 0|l 1 1|l 2 2|k tahiti|e muroroa 1|m muroroa 1 2|l 2 0|l 0 1|k mangareva",
  "e tonga 1,2,3,4|m tonga 4 4|l 1 0|l 1 1|l 1 0|k muroroa|e fidschi 1|e tubuai 0,1|m tubuai 0 2",
  "l 1 0|l 1 1|l 1 2|e fidschi 1|e fidschi 1,2|m fidschi 1 2|l 0 0|l 0 1|l 1 0|l 2 0|k samoa|e rapa-nui 0",
  "e rapa-nui 0,1|m rapa-nui 0 2|e tonga 1,2,3,4,5|e fidschi 2|e fidschi 0,2|m fidschi 2 4|e tonga 1 tonga 0",
  "m tonga 1 1|l 1 0|l 1 1|l 1 0|e oahu 0|e rapa-nui 0,1|m rapa-nui 1 3|l 0 0|l 0 1|l 0 2|e oahu 0 tonga 0",
  "m oahu 0 2|l 1 0|l 2 1|l 2 2|e tokelau 1,2|m tokelau 2 5|l 2 1|l 2 0|e nauru 0,1,2|m nauru 0 2",
  "m nauru 2 4|l 0 0|l 0 1|e tokelau 1 tonga 2|m tokelau 1 2|e oahu 0,1|e nauru 0,1|m nauru 1 3",
  "e oahu 1|e oahu 0,1,2|m oahu 1 3|m oahu 0 1|l 2 0|l 2 1|l 2 2|e hawaii 0,2|e tonga 2,4|e oahu 0,1,2",
  "m oahu 2 4|l 2 0|l 2 1|l 2 2",
]
  .join("|")
  .split("|")
  .map(act);

export const SCRIPT = Object.freeze([
  say("intro"),
  // setup (R2)
  say("setup1", "s 3"),
  bot("s 3"),
  bot("s 0"),
  say("setup2", "s 4"),
  bot("s 1"),
  bot("s 0"),
  // turn 1: expansion (R10), a full beach sails (R20), a card revealed (R21), danger (R21), landing (R23)
  say("expand", "e tonga 3,4"),
  say("sail", "m tonga 3 3"),
  say("reveal"),
  say("danger"),
  say("land1", "l 0 0"),
  say("land2", "l 1 1"),
  say("land3", "l 0 0"),
  // Moana expands; Tavita's one-colour group is wrecked
  bot("e tubuai 1"),
  bot("e tonga 0,5"),
  bot("m tonga 0 0"),
  say("wreck"),
  // turn 2: surplus ships go home (R23), a chain (R24), choosing a jetty (R20)
  say("expand2", "e tonga 2,4"),
  say("sail2", "m tonga 4 4"),
  say("surplus1", "l 0 0"),
  you("l 0 1"),
  say("surplus2", "r 0"),
  say("chain"),
  say("jetty", "m tubuai 0 1"),
  say("newIsland", "l 0 0"),
  you("l 0 1"),
  you("l 0 2"),
  say("home", "m tubuai 1 5"),
  auto("l 0 2"),
  auto("l 1 1"),
  auto("l 1 3"),
  say("landed"),
  bot("e tonga 0,3,4"),
  bot("e tonga 5"),
  // turn 3: a king island (R30)
  say("king", "k hiva-oa"),
  say("kingDone"),
  say("later"),
  { jump: Object.freeze(LATER) },
  // the end (R60) and the score (R61, R62)
  say("end"),
  say("lastExpand", "e hawaii 0,1,2"),
  say("lastSail", "m hawaii 2 4"),
  say("lastLand", "l 0 0"),
  you("l 0 1"),
  say("score"),
]);

/** The steps (entries with words), in order. */
export const STEPS = Object.freeze(SCRIPT.filter((e) => e.say).map((e) => e.say));

/** Every action of the script in order: the game's log when the lesson is over. */
export function scriptActions() {
  const out = [];
  for (const e of SCRIPT) {
    if (e.jump) out.push(...e.jump);
    else if (e.you || e.bot || e.auto) out.push(e.you || e.bot || e.auto);
  }
  return out;
}
