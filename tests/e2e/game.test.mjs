// A whole 3-player game played in headless Chromium only by clicking: canvas
// points from window.tongiakiApp.pointFor(), the turn picker, the landing
// tray and the rotation controls. No apply() call makes a move. Checks every
// click did exactly what the intended action does, that every input kind was
// used, that the ranking screen comes up, and that the console stayed clean.
import test from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, perform, sameAction, inputKind } from "./lib/driver.mjs";

const KINDS = ["beach", "island", "beach-select", "picker-king", "picker-resettle", "jetty", "tray-colour", "send-home", "card-turn"];
// Three cards are laid that must be turned first: by the R key, the button and the wheel.
const NEED = { "card-turn": 3 };

/**
 * Find, with the page's own engine (a separate Game, not the app's), a seed
 * and a sequence of legal choices in which every input kind occurs; the
 * choices prefer kinds not seen yet. Deterministic.
 */
async function findScript(page) {
  return page.evaluate(
    ({ kindSrc, KINDS, NEED }) => {
      const inputKind = new Function(`return (${kindSrc})`)();
      let s = 7;
      const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) / 4294967296);
      const Game = window.tongiakiApp.Game;
      let best = null; // the shortest qualifying game keeps the test quick
      for (let seed = 1; seed <= 40; seed++) {
        const options = { players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }], seed };
        const g = new Game(options);
        const seen = new Map();
        const enough = (k) => (seen.get(k) || 0) >= (NEED[k] || 1);
        const actions = [];
        for (let n = 0; n < 2000; n++) {
          const legal = g.legalActions();
          if (!legal.length) break;
          const snap = g.snapshot();
          const kinds = legal.map((a) => inputKind(a, snap, legal));
          const fresh = legal.filter((a, i) => !enough(kinds[i]));
          // Rare kinds first; resettling too often makes the game long.
          let pick;
          if (fresh.length && rand() < 0.75) pick = fresh[Math.floor(rand() * fresh.length)];
          else {
            const calm = legal.filter((a) => a.type !== "resettle" || legal.length === 1);
            pick = calm[Math.floor(rand() * calm.length)] || legal[0];
          }
          const k = inputKind(pick, snap, legal);
          seen.set(k, (seen.get(k) || 0) + 1);
          actions.push(pick);
          g.apply(pick);
        }
        const over = g.snapshot().phase === "over";
        g.free();
        if (over && KINDS.every(enough) && (!best || actions.length < best.actions.length)) best = { options, actions };
      }
      return best;
    },
    { kindSrc: inputKind.toString(), KINDS, NEED },
  );
}

test("a full 3-player game played only by clicks reaches the ranking screen", { timeout: 20 * 60 * 1000 }, async () => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 860 } });
  try {
    const { page, errors } = await openPage(context, BASE_URL);
    await ready(page);
    const t0 = Date.now();
    const script = await findScript(page);
    assert.ok(script, "some seed exercises every input kind");
    console.log(`# script: seed ${script.options.seed}, ${script.actions.length} actions, found in ${Date.now() - t0} ms`);
    await page.evaluate((o) => {
      window.tongiakiApp.setSpeed(0.3); // animations on, but quick
      window.tongiakiApp.setAutoForced(true);
      window.tongiakiApp.newGame(o);
    }, script.options);
    await idle(page);

    const used = new Map();
    const rotateWays = ["key", "button", "wheel"];
    const turns = {};
    let placed = 0;
    let shotMid = false;
    for (;;) {
      await idle(page);
      const st = await state(page);
      if (st.snap.phase === "over") break;
      const n = st.log.length;
      assert.ok(n < script.actions.length, "the game ends when the script does");
      const want = script.actions[n];
      assert.ok(st.legal.some((a) => sameAction(a, want)), `step ${n}: ${JSON.stringify(want)} is legal`);
      if (n === 6) await screenshot(page, "game-opening");
      if (!shotMid && st.snap.revealed.islands + st.snap.revealed.water >= 16) {
        shotMid = true;
        await screenshot(page, "game-midgame");
      }
      if (n > 60) await page.evaluate(() => window.tongiakiApp.setSpeed(0)); // keep the run short
      const kind = await perform(page, want, st, { rotate: rotateWays[placed % 3], turns });
      if (kind === "card-turn") placed++;
      await idle(page);
      const log = await page.evaluate(() => JSON.parse(window.tongiakiApp.save()).actions);
      assert.ok(log.length > n, `step ${n} (${kind}): the click applied an action`);
      assert.ok(sameAction(log[n], want), `step ${n} (${kind}): clicked ${JSON.stringify(want)}, got ${JSON.stringify(log[n])}`);
      used.set(kind, (used.get(kind) || 0) + 1);
    }
    for (const k of KINDS) assert.ok(used.get(k) >= (NEED[k] || 1), `input kind "${k}" was used (${JSON.stringify([...used])})`);
    for (const w of rotateWays) assert.ok(turns[w] > 0, `a card was turned by ${w} (${JSON.stringify(turns)})`);

    // The ranking screen, with every player, R62 explained, and "play again".
    await page.waitForSelector("#ranking-dialog[open]");
    const rows = await page.$$eval("#ranking li", (lis) => lis.map((li) => li.textContent));
    assert.equal(rows.length, 3);
    const snap = (await state(page)).snap;
    const first = snap.players[snap.ranking[0][0]];
    assert.ok(rows[0].includes(first.name) && rows[0].includes(`${first.score} pt`), rows[0]);
    await screenshot(page, "game-end");
    await page.click("#play-again");
    const again = (await state(page)).snap;
    assert.equal(again.phase, "setup");
    assert.equal(again.players.length, 3);
    assert.deepEqual(errors, [], "no console errors");
    console.log(`# clicks by input kind: ${JSON.stringify(Object.fromEntries(used))}; card turns: ${JSON.stringify(turns)}`);
  } finally {
    await close();
  }
});
