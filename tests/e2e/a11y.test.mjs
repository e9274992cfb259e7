// Play without a mouse, and without sight (issue 33), in headless Chromium:
//  - a whole game against a bot played by keys alone (Tab, arrows, Enter,
//    Space, Escape through playwright's keyboard; no mouse, and no script
//    acting for the player: the page is only read), choosing each move by
//    the accessible name of an entry — in the list of legal actions, in the
//    board in words (a tree), or at the keyboard's focus on the board —
//    checking that every move was announced in the live region and that
//    every island on the table is named in the accessibility tree with its
//    ships;
//  - axe-core (node_modules/axe-core) finds no serious or critical
//    violation on the first visit, a game in progress (desktop and phone),
//    the new-game dialog, the lesson, an online waiting room, the end of a
//    game, and in the high-contrast look;
//  - dialogs keep and give back the focus; keys stay with the page around
//    an embedded table; Hebrew: the tree's arrows mirrored, the board's
//    not, a letter key on a Hebrew layout; reduced motion as a fade; text
//    sizes that follow the browser's;
//  - screenshots of the keyboard's focus on the board, desktop and phone
//    (test-artifacts/a11y-focus-*.png).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle } from "./lib/driver.mjs";
import en from "../../www/lang/en.js";
import he from "../../www/lang/he.js";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** axe-core on the page as it is now: the serious and critical violations, in words. */
async function axeProblems(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
  });
  return found;
}

async function assertAxe(page, where) {
  const problems = await axeProblems(page);
  assert.deepEqual(problems, [], `axe at ${where}`);
}

const state = (page) => page.evaluate(() => ({ snap: window.tongiakiApp.snapshot(), legal: window.tongiakiApp.legalActions(), moves: JSON.parse(window.tongiakiApp.save()).actions.length }));

/** What has the focus: its id, role, expanded state, whether it is in the list or the tree, and its accessible name. */
async function focused(page) {
  const f = await page.evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    if (!a || a === document.body) return { none: true };
    return {
      id: a.id,
      tag: a.tagName,
      role: a.getAttribute("role") || "",
      type: a.type || "",
      expanded: a.getAttribute("aria-expanded"),
      inList: !!a.closest("#actions"),
      inTree: !!a.closest("#textboard"),
      move: a.tagName === "BUTTON" && a.dataset.index !== undefined,
      disabled: !!a.disabled,
    };
  });
  if (f.none) return { ...f, name: "" };
  // the accessible name, as the accessibility tree gives it
  const aria = await page.locator(":focus").ariaSnapshot().catch(() => "");
  const m = /^- \w+ "((?:[^"\\]|\\.)*)"/m.exec(aria.replace(/^- '(.*)'(:?)$/m, "- $1$2"));
  return { ...f, name: m ? m[1].replace(/\\"/g, '"') : "" };
}

/** Tab (forwards) until the focus is on what `want` accepts. */
async function tabTo(page, want, max = 90) {
  for (let i = 0; i < max; i++) {
    const f = await focused(page);
    if (!f.none && want(f)) return f;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the wanted control");
}

/** The names of the enabled buttons of the list of legal actions, from the accessibility tree. */
async function listNames(page) {
  const aria = await page.locator("#actions").ariaSnapshot();
  return [...aria.matchAll(/- '?button "((?:[^"\\]|\\.)*)"((?: \[[^\]]*\])*)'?:?\s*$/gm)].filter((m) => !/disabled/.test(m[2])).map((m) => m[1].replace(/''/g, "'"));
}

let seed = 17;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);

/** A move from the list of legal actions: Tab to an entry by its name, Enter; in a group, Space on its boxes, Enter on the move. */
async function moveFromList(page) {
  const before = (await state(page)).moves;
  const names = await listNames(page);
  assert.ok(names.length, `the list has entries: ${await page.locator("#actions").ariaSnapshot()} ${JSON.stringify((await state(page)).legal)}`);
  const calm = names.filter((n) => !/^Resettle/.test(n));
  const pick = (calm.length ? calm : names)[Math.floor(rand() * (calm.length || names.length))];
  const f = await tabTo(page, (x) => x.inList && x.name === pick);
  await page.keyboard.press("Enter");
  if (f.expanded !== null) {
    // a group opened: the focus is on its first box or button
    for (let i = 0; i < 40 && (await state(page)).moves === before; i++) {
      const g = await focused(page);
      if (g.move) await page.keyboard.press("Enter");
      else if (g.type === "checkbox") {
        await page.keyboard.press("Space");
        if (!(await focused(page)).move) await page.keyboard.press("Tab");
      } else await page.keyboard.press("Tab");
    }
  }
  return "list";
}

/** A move from the board in words: Tab into the tree, walk it with the arrows, Enter on an entry that names a move. */
async function moveFromTree(page) {
  const before = (await state(page)).moves;
  await tabTo(page, (x) => x.inTree);
  await page.keyboard.press("Home");
  let last = "";
  let entered = "";
  let wrapped = false;
  for (let i = 0; i < 600; i++) {
    if ((await state(page)).moves !== before) return "tree";
    const f = await focused(page);
    if (/\. (Enter: )/.test(f.name) && !/inside \(Enter\)/.test(f.name) && f.name !== entered) {
      entered = f.name; // (an island chosen for an expansion: the focus goes on to its beaches)
      await page.keyboard.press("Enter");
      continue;
    }
    if (f.expanded === "false" && /inside \(Enter\)/.test(f.name)) {
      await page.keyboard.press("ArrowRight"); // opens it
      await page.keyboard.press("ArrowDown");
      continue;
    }
    if (f.name === last && i > 0) {
      // the end of the tree: once more from the top (a choice made below may open one above, R51)
      if (wrapped) break;
      wrapped = true;
      last = "";
      await page.keyboard.press("Home");
      continue;
    }
    last = f.name;
    await page.keyboard.press("ArrowDown");
  }
  if ((await state(page)).moves !== before) return "tree";
  await moveFromList(page);
  return "tree, then the list";
}

/** A move on the board: Tab to the canvas (the focus lands where something can be played), then arrows, Enter, Escape by what the focus says. */
async function moveOnBoard(page) {
  const before = (await state(page)).moves;
  await tabTo(page, (x) => x.id === "board");
  const arrows = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"];
  for (let i = 0; i < 60; i++) {
    if ((await state(page)).moves !== before) return "board";
    const said = (await page.textContent("#board-focus")) || "";
    if (/ Enter: /.test(said) && !/chosen \(Enter/.test(said)) await page.keyboard.press("Enter");
    else if (/inside \(Enter\)/.test(said)) await page.keyboard.press("Enter");
    else if (i % 9 === 8) await page.keyboard.press("Escape");
    else await page.keyboard.press(arrows[Math.floor(rand() * 4)]);
  }
  if ((await state(page)).moves !== before) return "board";
  await moveFromList(page); // e.g. sending a ship home: a button, not a place on the board
  return "board, then the list";
}

/** The ships of each player on an island in the words of the text board. */
function shipsWords(snap, tile) {
  const n = new Map();
  for (const b of tile.beaches) for (const s of b.ships) n.set(s, (n.get(s) || 0) + 1);
  if (!n.size) return "no ships";
  return [...n.entries()].sort((a, b) => a[0] - b[0]).map(([s, k]) => `${snap.players[s].name} (${snap.players[s].color}) ${k}`).join(", ");
}

/** Every island on the table is named in the accessibility tree, with its ships. */
async function assertIslandsNamed(page) {
  await idle(page); // nobody moving: the snapshot and the tree read at the same position
  const { snap } = await state(page);
  const aria = await page.locator("#textboard").ariaSnapshot();
  for (const t of snap.tiles.filter((x) => x.kind === "island")) {
    const text = `${en.cards[t.card] ?? t.name}, island worth ${t.value}: ${shipsWords(snap, t)};`;
    assert.ok(aria.includes(`treeitem "${text}`), `the text board names ${text}\n${aria.slice(0, 2000)}`);
  }
  return snap.tiles.filter((x) => x.kind === "island").length;
}

test("a whole game against a bot, by keys alone, every move announced, every island named with its ships", { timeout: 25 * 60 * 1000 }, async () => {
  const { context, close } = await launch({ viewport: DESKTOP });
  try {
    const { page, errors } = await openPage(context, new URL("?new", BASE_URL).href);
    await ready(page);
    // Setting the table up (not playing): two seats, a greedy bot, quick animations; the live region recorded.
    await page.evaluate(() => {
      window.__said = [];
      window.__logged = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.dataset && n.dataset.kind === "move") window.__said.push(n.textContent);
      }).observe(document.querySelector("#announcer"), { childList: true });
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) window.__logged.push(n.textContent);
      }).observe(document.querySelector("#log"), { childList: true });
      window.tongiakiApp.setSpeed(0.15);
      window.tongiakiApp.newGame({ players: [{ name: "You", color: "blue" }, { name: "Moana", color: "yellow" }], seats: ["human", "greedy"], seed: 23 });
    });
    assert.equal(await page.getAttribute("#announcer", "aria-live"), "polite");
    await idle(page);
    const used = { list: 0, tree: 0, board: 0, "tree, then the list": 0, "board, then the list": 0 };
    let person = 0;
    let islandsChecked = 0;
    // until the end, the bot moving between the person's moves;
    // a table where nothing moves for a while is stuck, and fails here
    let still = 0;
    let seen = -1;
    for (let n = 0; n < 3000; n++) {
      await idle(page);
      const { snap, legal, moves } = await state(page);
      if (snap.phase === "over") break;
      still = moves === seen ? still + 1 : 0;
      seen = moves;
      assert.ok(still < 100, `the table moves on (${moves} moves, ${snap.phase}, seat ${snap.current} to play): ${JSON.stringify(legal).slice(0, 400)}`);
      if (!legal.length || snap.current !== 0) {
        await page.waitForTimeout(50);
        continue;
      }
      // resettling or sending a ship home is a button, not a place on the board: the list
      const onBoard = legal.some((a) => a.type !== "return" && a.type !== "resettle");
      const way = onBoard ? [moveOnBoard, moveFromTree, moveFromList][person % 3] : moveFromList;
      const before = (await state(page)).moves;
      const how = await way(page);
      assert.ok((await state(page)).moves > before, `a move was made (${how})`);
      used[how]++;
      person++;
      if (person % 12 === 0) islandsChecked = Math.max(islandsChecked, await assertIslandsNamed(page));
    }
    await idle(page);
    const end = await state(page);
    assert.equal(end.snap.phase, "over", "the game was played to its end");
    // the ranking dialog has the focus; Escape closes it and gives the focus back
    assert.equal(await page.evaluate(() => document.querySelector("#ranking-dialog").open), true);
    assert.ok(await page.evaluate(() => document.querySelector("#ranking-dialog").contains(document.activeElement)), "the ranking has the focus");
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => document.querySelector("#ranking-dialog").open), false);
    islandsChecked = Math.max(islandsChecked, await assertIslandsNamed(page));
    const said = await page.evaluate(() => window.__said);
    const logged = (await page.evaluate(() => window.__logged)).join(" ");
    // a move's words are told as the board shows them (issue 30's timeline): one
    // announcement per step of its animation, so at least one per move, never
    // a line the log did not show
    assert.ok(said.length >= end.moves && said.length <= 4 * end.moves, `every move was announced (${said.length} for ${end.moves} moves)`);
    for (const text of said) assert.ok(logged.includes(text), `announced in the log's words: ${text}`);
    console.log(`# keys alone: ${end.moves} moves (${person} of them the person's: ${JSON.stringify(used)}), ${said.length} announced, ${islandsChecked} islands named`);
    // each way made its third of the moves: every move on the board is named in the tree and reached by the board's keys
    assert.ok(used.list > 0 && used.tree > 0 && used.board > 0, JSON.stringify(used));
    assert.equal(used["tree, then the list"], 0, JSON.stringify(used));
    assert.ok(used["board, then the list"] <= 3, JSON.stringify(used));
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("axe-core: no serious or critical violation on the first visit, in a game (desktop, phone), the dialogs, the lesson, the end, high contrast", { timeout: 6 * 60 * 1000 }, async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, close } = await launch({ viewport });
    try {
      const { page, errors } = await openPage(context, new URL("?new", BASE_URL).href);
      await ready(page);
      if (viewport === DESKTOP) await assertAxe(page, "the first visit");
      // a game in progress: the setup and a few turns played through the API
      await page.evaluate(() => {
        const app = window.tongiakiApp;
        app.setSpeed(0);
        app.newGame({ players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }], seats: ["human", "human", "human"], seed: 5 });
        for (let i = 0; i < 14; i++) app.apply(app.legalActions()[0]);
      });
      await idle(page);
      await assertAxe(page, `a game in progress (${viewport.width}px)`);
      if (viewport === PHONE) continue;
      await page.check("#high-contrast");
      await assertAxe(page, "a game in progress, high contrast");
      await page.uncheck("#high-contrast");
      await page.keyboard.press("Tab"); // off the check box: a letter typed into a form control is the control's
      await page.keyboard.press("n");
      await page.waitForSelector("#newgame-dialog[open]");
      await assertAxe(page, "the new-game dialog");
      await page.keyboard.press("Escape");
      await page.evaluate(() => window.tongiakiApp.tutorial.start());
      await idle(page);
      await assertAxe(page, "the lesson");
      await page.evaluate(() => window.tongiakiApp.tutorial.stop());
      // the end of a game
      await page.evaluate(() => {
        const app = window.tongiakiApp;
        app.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seats: ["human", "human"], seed: 9 });
        let r = 7;
        for (let i = 0; i < 3000 && app.legalActions().length; i++) {
          const legal = app.legalActions();
          r = (r * 1103515245 + 12345) >>> 0;
          app.apply(legal[r % legal.length]);
        }
      });
      await idle(page);
      await page.waitForSelector("#ranking-dialog[open]");
      await assertAxe(page, "the end of a game");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test("axe-core: no serious or critical violation in an online waiting room", { timeout: 3 * 60 * 1000 }, async () => {
  const { context, close } = await launch({ viewport: DESKTOP });
  try {
    const { page } = await openPage(context, new URL("?new", BASE_URL).href);
    await ready(page);
    await page.keyboard.press("n");
    await page.waitForSelector("#newgame-dialog[open]");
    await page.check("#online-play");
    await page.fill("#online-own-name", "Ana"); // online, the name is asked first (issue 31)
    while ((await page.$$("#seats li")).length > 2) await page.click("#seats li:last-child .seat-remove");
    await page.selectOption("#seats li:nth-child(2) .seat-kind", "human");
    await page.click("#newgame-start");
    await page.waitForSelector("#online-dialog[open] #online-room:not([hidden])");
    await assertAxe(page, "an online waiting room");
  } finally {
    await close();
  }
});

test("the keyboard's focus on the board: Tab to it, arrows, Enter in and Escape out, its words in a caption (screenshots)", { timeout: 3 * 60 * 1000 }, async () => {
  for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { context, close } = await launch({ viewport });
    try {
      const { page, errors } = await openPage(context, new URL("?new", BASE_URL).href);
      await ready(page);
      await page.evaluate(() => {
        const app = window.tongiakiApp;
        app.setSpeed(0);
        app.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seats: ["human", "human"], seed: 4 });
        // on to a turn with some cards on the table
        for (let i = 0; i < 40 && app.snapshot().tiles.length < 5; i++) app.apply(app.legalActions().find((a) => a.type === "resettle") || app.legalActions()[0]);
      });
      await idle(page);
      await tabTo(page, (f) => f.id === "board");
      assert.equal(await page.isVisible("#board-focus"), true, "the caption says what the focus is on");
      const first = await page.textContent("#board-focus");
      assert.ok(first.length > 10, first);
      // Enter goes in (to a beach), Escape comes back out to the card
      const { snap } = await state(page);
      const onIsland = / island worth /.test(first);
      if (onIsland) {
        await page.keyboard.press("Enter");
        const inside = await page.textContent("#board-focus");
        assert.match(inside, /^beach \d/, inside);
        await page.keyboard.press("Escape");
        assert.match(await page.textContent("#board-focus"), / island worth /);
      }
      // the arrows go from card to card, and what they reach is named
      const seen = new Set([first.split(",")[0]]);
      for (const k of ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowUp"]) {
        await page.keyboard.press(k);
        seen.add((await page.textContent("#board-focus")).split(",")[0]);
      }
      assert.ok(seen.size >= 2, `the arrows reached other cards: ${[...seen].join(" / ")} of ${snap.tiles.length}`);
      await page.keyboard.press("Enter");
      await page.waitForTimeout(150);
      await screenshot(page, `a11y-focus-${name}`); // the ring on the board, the caption under it (looked at)
      assert.equal(await page.evaluate(() => document.activeElement.id), "board");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

test("dialogs keep the focus inside and give it back; keys stay with the page around an embedded table", { timeout: 3 * 60 * 1000 }, async () => {
  const { context, close } = await launch({ viewport: DESKTOP });
  try {
    const { page, errors } = await openPage(context, new URL("?new", BASE_URL).href);
    await ready(page);
    const f = await tabTo(page, (x) => x.id === "new-game");
    assert.equal(f.name, "New game");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#newgame-dialog[open]");
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
      assert.ok(await page.evaluate(() => document.querySelector("#newgame-dialog").contains(document.activeElement)), `Tab ${i} stays in the dialog`);
    }
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => document.activeElement.id), "new-game", "the focus is back on the button that opened it");
    // the help lists the keys
    await page.keyboard.press("?");
    await page.waitForSelector("#help-dialog[open]");
    assert.match(await page.textContent("#help-dialog .keys"), /Page Down/);
    await page.keyboard.press("Escape");
    assert.deepEqual(errors, []);

    // an embedded table: keys pressed on the page around it are the page's
    const { page: embed } = await openPage(context, new URL("embed.html", BASE_URL).href);
    await embed.waitForFunction(() => document.getElementById("game-a").tongiaki && document.getElementById("game-b").tongiaki, null, { timeout: 30000 });
    const prevented = await embed.evaluate(() => {
      const b = document.createElement("button");
      b.textContent = "outside";
      document.body.prepend(b);
      b.focus();
      const out = [];
      for (const key of ["ArrowDown", "ArrowRight", "Enter", " ", "PageDown", "Escape"]) {
        const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, composed: true });
        b.dispatchEvent(e);
        out.push([key, e.defaultPrevented]);
      }
      return out.filter(([, p]) => p);
    });
    assert.deepEqual(prevented, [], "no key taken from the page");
  } finally {
    await close();
  }
});

test("Hebrew: the tree's arrows mirrored, the board's not; a letter key on a Hebrew layout; reduced motion as a fade; text sizes follow the browser's", { timeout: 3 * 60 * 1000 }, async () => {
  const { context, close } = await launch({ viewport: DESKTOP });
  try {
    const { page, errors } = await openPage(context, new URL("?new&lang=he", BASE_URL).href);
    await ready(page);
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.evaluate(() => {
      const app = window.tongiakiApp;
      app.setSpeed(0);
      app.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seats: ["human", "human"], seed: 4 });
      for (let i = 0; i < 40 && app.snapshot().tiles.length < 4; i++) app.apply(app.legalActions().find((a) => a.type === "resettle") || app.legalActions()[0]);
    });
    await idle(page);
    // the tree: ← opens (forward in a right-to-left language), → closes
    await tabTo(page, (x) => x.inTree);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown"); // the first island, closed
    assert.equal((await focused(page)).expanded, "false");
    await page.keyboard.press("ArrowLeft");
    assert.equal((await focused(page)).expanded, "true", "← opens in Hebrew");
    await page.keyboard.press("ArrowRight");
    assert.equal((await focused(page)).expanded, "false", "→ closes in Hebrew");
    // the board: → goes east, ← west (the map is not mirrored); the focus's words name the card
    await tabTo(page, (x) => x.id === "board");
    const { snap } = await state(page);
    const where = async () => {
      const words = await page.textContent("#board-focus");
      const card = await page.getAttribute("#board-focus", "data-card");
      const tile = snap.tiles.find((t) => t.card === card);
      assert.ok(tile, `the focus is on a card: ${words}`);
      // in the table's language: an island by its Hebrew name, a water card as one
      assert.ok(words.startsWith(tile.kind === "island" ? `${he.cards[tile.card] ?? tile.name},` : he.waterCard), `the focus names ${card}: ${words}`);
      return tile.q; // a hex's x on the screen is 1.5 q
    };
    let moved = 0;
    for (const [key, sign] of [["ArrowRight", 1], ["ArrowLeft", -1], ["ArrowRight", 1], ["ArrowLeft", -1]]) {
      const q0 = await where();
      await page.keyboard.press(key);
      const q1 = await where();
      if (q1 !== q0) moved++;
      assert.ok(q1 === q0 || Math.sign(q1 - q0) === sign, `${key} went ${q1 > q0 ? "east" : "west"}`);
    }
    assert.ok(moved > 0, "the arrows moved over the cards");
    // a letter on a Hebrew layout: נ is the N key, a new game's dialog
    await page.evaluate(() => document.dispatchEvent(new KeyboardEvent("keydown", { key: "נ", code: "KeyN", bubbles: true, cancelable: true })));
    await page.waitForSelector("#newgame-dialog[open]");
    await page.keyboard.press("Escape");
    // reduced motion: a move shows as a fade, not an animation to wait for
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.evaluate(() => window.tongiakiApp.setSpeed(1));
    const after = await page.evaluate(() => {
      const app = window.tongiakiApp;
      app.apply(app.legalActions()[0]);
      return { busy: app.uiState().busy, fades: document.querySelector("#board").getAnimations().length };
    });
    assert.equal(after.fades, 1, "the board fades to the new state");
    // text sizes follow the browser's: a larger default font makes the panels' text and width grow
    const size = () => page.evaluate(() => [parseFloat(getComputedStyle(document.querySelector("#prompt")).fontSize), document.querySelector(".side").getBoundingClientRect().width]);
    const [f1, w1] = await size();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 24, fixed: 20 } });
    const [f2, w2] = await size();
    assert.ok(f2 > f1 * 1.3 && w2 > w1 * 1.2, `font ${f1} → ${f2}, panel ${w1} → ${w2}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
