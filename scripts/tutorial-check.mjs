#!/usr/bin/env node
// The guided first game (www/tutorial-steps.js) checked with the built
// engine (pkg/, scripts/build-wasm.sh):
//
//   node scripts/tutorial-check.mjs            replay the script: each step with
//                                              what happened during it, the words
//                                              per language and a reading-time estimate
//   node scripts/tutorial-check.mjs --search [FROM [TO]]
//                                              how LATER and the last pile were found:
//                                              from the position after the king island,
//                                              greedy bots in every seat on piles whose
//                                              first four cards are the lesson's; report
//                                              positions where the learner, at the start
//                                              of a turn, can end the game in four moves
//                                              or fewer (and who wins); pile 24 is the
//                                              lesson's (its first find is LATER)
//
// The unit test tests/unit/tutorial.test.mjs checks the same script with the
// same engine whenever pkg/ is built.
import { readFileSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SCRIPT, STEPS, DECK, SEATS, SEED, scriptActions } from "../www/tutorial-steps.js";
import { allLessonTexts } from "../www/tutorial.js";
import { rng } from "../www/bots.js";

const TUTORIAL_TEXT = await allLessonTexts(); // the page fetches them on demand (issue 15)

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PKG = process.env.PKG || join(ROOT, "pkg");
if (!existsSync(join(PKG, "tongiaki_bots_bg.wasm"))) {
  console.error(`no engine in ${PKG}: build it with scripts/build-wasm.sh`);
  process.exit(2);
}
// The bots' package: the page's engine plus botAction (--search plays greedy bots).
const engine = await import(pathToFileURL(join(PKG, "tongiaki_bots.js")).href);
engine.initSync({ module: readFileSync(join(PKG, "tongiaki_bots_bg.wasm")) });
const { Game } = engine;
const players = SEATS.map((p) => ({ name: p.name, color: p.color }));
const load = (deck, actions) => Game.load(JSON.stringify({ format: "tongiaki-save", version: 1, options: { players, seed: SEED, deck }, actions }));

function check() {
  const game = new Game({ players, seed: SEED, deck: [...DECK] });
  let step = 0;
  let line = null;
  const flush = () => line && console.log(line);
  for (const e of SCRIPT) {
    if (e.say) {
      flush();
      step++;
      line = `${String(step).padStart(2)} ${e.say.padEnd(11)}`;
    }
    const moves = e.jump || [e.you || e.bot || e.auto].filter(Boolean);
    for (const a of moves) {
      const who = e.you ? "you" : e.bot ? "bot" : e.auto ? "auto" : "jump";
      const events = game.apply(a); // throws the engine's reason if the script went wrong
      if (!e.jump) line += ` [${who} ${a.type}: ${events.map((x) => x.type).filter((t) => t !== "ship_placed" && t !== "ship_landed").join(" ")}]`;
    }
    if (e.jump) line += ` [jump: ${e.jump.length} moves]`;
  }
  flush();
  const end = game.snapshot();
  console.log(`\n${STEPS.length} steps, ${scriptActions().length} moves; ${end.phase}, ranking ${JSON.stringify(end.ranking)}, scores ${end.players.map((p) => p.score)}`);
  for (const [lang, words] of Object.entries(TUTORIAL_TEXT)) {
    const n = STEPS.reduce((sum, k) => sum + words[k].split(/\s+/).length, 0);
    const clicks = SCRIPT.filter((x) => x.you || (x.say && !x.you)).length;
    // 200 words a minute, and 6 s for each click (finding the highlighted place)
    console.log(`${lang}: ${n} words, ${clicks} clicks: about ${Math.round((n / 200) * 60 + clicks * 6)} s of reading and clicking`);
  }
  game.free();
}

/** The shortest run of the learner's own moves that ends the game this turn, or null. */
function endPath(g, depth) {
  const s = g.snapshot();
  if (s.phase === "over") return [];
  if (depth === 0 || s.current !== 0) return null;
  let best = null;
  for (const a of g.legalActions()) {
    if (a.type === "resettle" || a.type === "found_kingdom") continue;
    const c = Game.load(g.save());
    c.apply(a);
    const p = endPath(c, depth - 1);
    c.free();
    if (p && (!best || p.length + 1 < best.length)) best = [a, ...p];
  }
  return best;
}

/** The cards other than Tonga in the engine's order (docs/rules.md), which the search shuffles. */
const CARDS = [
  "muroroa", "nauru", "tubuai", "rarotonga", "rapa-nui", "tokelau", "tuamotu", "hiva-oa", "mangareva", "oahu", "tahiti", "tuvalu",
  "fidschi", "hawaii", "samoa", ..."abcdefghijklmnop".split("").map((c) => `water-${c}`),
];

function search(from, to) {
  const head = DECK.slice(0, 4);
  const opening = [];
  for (const e of SCRIPT) {
    if (e.jump) break;
    const a = e.you || e.bot || e.auto;
    if (a) opening.push(a);
  }
  for (let ds = from; ds <= to; ds++) {
    const r = rng(ds * 7919);
    const rest = CARDS.filter((c) => !head.includes(c));
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [rest[i], rest[j]] = [rest[j], rest[i]];
    }
    const deck = [...head, ...rest];
    const g = load(deck, opening);
    const br = rng(104729 + ds);
    for (let steps = 0; steps < 2000 && g.snapshot().phase !== "over"; steps++) {
      const s = g.snapshot();
      if (s.current === 0 && s.phase === "turn" && Math.min(16 - s.revealed.islands, 16 - s.revealed.water) <= 1) {
        const path = endPath(g, 4);
        if (path) {
          const c = Game.load(g.save());
          for (const a of path) c.apply(a);
          const end = c.snapshot();
          c.free();
          console.log(JSON.stringify({ ds, moves: JSON.parse(g.save()).actions.length, path, pile: s.pile, tiles: s.tiles.length, ranking: end.ranking, scores: end.players.map((p) => p.score), deck }));
          break;
        }
      }
      g.apply(g.botAction("greedy", Math.floor(br() * 1e9)));
    }
    g.free();
  }
}

if (process.argv[2] === "--search") search(Number(process.argv[3] || 1), Number(process.argv[4] || process.argv[3] || 30));
else check();
