// End-to-end: www/embed.html puts three tables on one page — two
// <tongiaki-game> elements and one mount() — and they do not interfere:
// moves, events, keys and dialogs stay with their own table; each fills its
// container; a game ending dispatches tongiaki-over.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL, bundledModules } from "./lib/browser.mjs";
import { sameAction } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1300, height: 900 } });
});
after(async () => {
  await browser.close();
});

const IDS = ["game-a", "game-b", "mounted"];

async function openEmbed() {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}embed.html`);
  await page.evaluate(() => {
    window.seen = { "game-a": [], "game-b": [], mounted: [] };
    for (const type of ["tongiaki-move", "tongiaki-over"]) document.addEventListener(type, (e) => window.seen[e.target.id].push({ type, ...JSON.parse(JSON.stringify(e.detail)) }));
  });
  await page.waitForFunction(() => document.getElementById("game-a").tongiaki && document.getElementById("game-b").tongiaki, null, { timeout: 30000 });
  await page.evaluate(async () => {
    window.tables = { "game-a": document.getElementById("game-a").tongiaki, "game-b": document.getElementById("game-b").tongiaki, mounted: await window.mounted };
  });
  return { page, errors };
}

const call = (page, id, fn, arg) => page.evaluate(([id, fn, arg]) => window.tables[id][fn](...(arg === undefined ? [] : [arg])), [id, fn, arg]);
const actionsOf = async (page, id) => JSON.parse(await call(page, id, "save")).actions;

test("several tables on one page: own games, own events, own keys; each fills its container", async () => {
  const { page, errors } = await openEmbed();
  // game-b is all bots: stop it for now so the page holds still
  await page.evaluate(() => window.tables["game-b"].setSpeed(2));

  // sizes: the element fills its box, and follows it
  const rects = await page.evaluate((ids) =>
    ids.map((id) => {
      const host = id === "mounted" ? document.getElementById("mounted") : document.getElementById(id);
      const box = id === "mounted" ? host : host.parentElement;
      const canvas = host.shadowRoot.getElementById("board").getBoundingClientRect();
      const h = host.shadowRoot.querySelector(".tongiaki-root").getBoundingClientRect(); // the table inside
      return { box: { w: box.clientWidth, h: box.clientHeight }, host: { w: h.width, h: h.height }, canvas: { w: canvas.width, h: canvas.height } };
    }), IDS);
  for (const [i, r] of rects.entries()) {
    assert.ok(Math.abs(r.host.w - r.box.w) <= 1 && Math.abs(r.host.h - r.box.h) <= 1, `${IDS[i]} fills its box: ${JSON.stringify(r)}`);
    assert.ok(r.canvas.w > 150 && r.canvas.h > 150, `${IDS[i]} has a board: ${JSON.stringify(r.canvas)}`);
  }
  const before = rects[0].canvas.h;
  await page.evaluate(() => (document.getElementById("game-a").parentElement.style.height = "760px"));
  await page.waitForFunction((h) => document.getElementById("game-a").shadowRoot.getElementById("board").getBoundingClientRect().height > h + 100, before);

  // three players on game-a: seat 0 is a person, 1 and 2 are bots
  const snapA = await call(page, "game-a", "snapshot");
  assert.deepEqual(snapA.players.map((p) => p.name), ["Ana", "Bo", "Cy"]);
  assert.equal(JSON.parse(await call(page, "game-a", "save")).options.seed, 7);
  const mountedSave = await call(page, "mounted", "save");

  // play game-a by clicking its canvas until the person has made both setup moves (bots answer in between)
  await page.evaluate(() => window.tables["game-a"].setSpeed(0));
  let mine = 0;
  for (let i = 0; i < 40 && mine < 2; i++) {
    await page.evaluate(() => window.tables["game-a"].whenIdle());
    const legal = await call(page, "game-a", "legalActions");
    const snap = await call(page, "game-a", "snapshot");
    if (snap.current !== 0) continue;
    const a = legal.find((x) => x.type === "setup_place") || legal[0];
    assert.equal(a.type, "setup_place", "the person's first moves are the setup");
    const p = await page.evaluate((b) => window.tables["game-a"].pointFor({ tile: "tonga", beach: b }), a.beach);
    await page.mouse.click(p.x, p.y);
    mine++;
  }
  await page.evaluate(() => window.tables["game-a"].whenIdle());
  assert.equal(mine, 2);
  const played = await actionsOf(page, "game-a");
  assert.ok(played.length >= 5, `person and bots moved: ${played.length}`);
  const seen = await page.evaluate(() => window.seen);
  const movesA = seen["game-a"].filter((e) => e.type === "tongiaki-move");
  assert.equal(movesA.length, played.length, "one tongiaki-move per move");
  movesA.forEach((e, i) => assert.ok(sameAction(e.action, played[i]), `event ${i} carries the move`));
  assert.deepEqual(movesA.at(-1).snapshot, await call(page, "game-a", "snapshot"), "and the snapshot after it");
  assert.deepEqual(seen.mounted, [], "the other tables heard nothing");
  assert.equal(await call(page, "mounted", "save"), mountedSave, "and did not move");

  // keys go to the table clicked last
  const helpOpen = () => page.evaluate((ids) => ids.map((id) => !!document.getElementById(id).shadowRoot.getElementById("help-dialog").open), IDS);
  const clickCorner = async (id) => {
    const box = await page.evaluate((id) => {
      const c = document.getElementById(id).shadowRoot.getElementById("board");
      c.scrollIntoView({ block: "center" });
      const r = c.getBoundingClientRect();
      return { x: r.left + 8, y: r.top + 8 };
    }, id);
    await page.mouse.click(box.x, box.y);
  };
  await clickCorner("mounted");
  await page.keyboard.press("?");
  assert.deepEqual(await helpOpen(), [false, false, true]);
  await screenshot(page, "embed-help-mounted");
  await page.keyboard.press("Escape");
  assert.deepEqual(await helpOpen(), [false, false, false]);
  await clickCorner("game-a");
  await page.keyboard.press("?");
  assert.deepEqual(await helpOpen(), [true, false, false]);
  await page.keyboard.press("Escape");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "embed-page");

  // an attribute change starts a new game with it
  await page.evaluate(() => document.getElementById("game-a").setAttribute("seed", "99"));
  assert.equal(JSON.parse(await call(page, "game-a", "save")).options.seed, 99);
  assert.equal((await actionsOf(page, "game-a")).length, 0);

  // the language attribute: a language per table, the others keep theirs
  await page.evaluate(() => document.getElementById("game-a").setAttribute("language", "it"));
  // the words of a language not used yet are fetched first (i18n.js): wait for the switch
  const speaks = (id, lang) => page.waitForFunction(([i, l]) => document.getElementById(i).shadowRoot.querySelector(".tongiaki-root").lang === l, [id, lang]);
  await speaks("game-a", "it");
  const newGameWords = () => page.evaluate((ids) => ids.map((id) => document.getElementById(id).shadowRoot.getElementById("new-game").textContent.trim()), IDS);
  assert.deepEqual(await newGameWords(), ["Nuova partita", "New game", "New game"]);
  assert.equal(await page.evaluate(() => document.getElementById("game-a").shadowRoot.querySelector(".tongiaki-root").lang), "it");
  await page.evaluate(() => document.getElementById("game-a").setAttribute("language", "en"));
  await speaks("game-a", "en");
  assert.deepEqual(await newGameWords(), ["New game", "New game", "New game"]);

  // game-b plays to the end on its own and says so
  await page.evaluate(() => window.tables["game-b"].setSpeed(0));
  await page.waitForFunction(() => window.seen["game-b"].some((e) => e.type === "tongiaki-over"), null, { timeout: 60000 });
  const b = await page.evaluate(() => window.seen["game-b"]);
  const over = b.filter((e) => e.type === "tongiaki-over");
  assert.equal(over.length, 1);
  const finalB = await call(page, "game-b", "snapshot");
  assert.equal(finalB.phase, "over");
  assert.deepEqual(over[0].ranking, finalB.ranking);
  assert.deepEqual(over[0].snapshot, finalB);
  assert.equal(b.filter((e) => e.type === "tongiaki-move").length, (await actionsOf(page, "game-b")).length);

  // a table taken out of the page stops; the others go on, each in its own language
  await page.evaluate(() => document.getElementById("game-a").remove());
  await page.evaluate(() => document.getElementById("game-b").setAttribute("language", "de"));
  await speaks("game-b", "de");
  assert.equal(await page.evaluate(() => document.getElementById("game-b").shadowRoot.getElementById("new-game").textContent.trim()), "Neues Spiel");
  assert.equal(await page.evaluate(() => document.getElementById("mounted").shadowRoot.getElementById("new-game").textContent.trim()), "New game");
  await page.evaluate(() => document.getElementById("game-b").setAttribute("language", "en"));
  await page.close();
  assert.deepEqual(errors, []);
});

test("embedded tables load one bundle (pkg/tongiaki-element.js), not the modules one by one", async () => {
  const { page, errors } = await openPage(browser.context, null);
  const requested = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${BASE_URL}embed.html`, { waitUntil: "load" });
  await page.waitForFunction(() => document.getElementById("game-a").tongiaki && document.getElementById("game-b").tongiaki, null, { timeout: 30000 });
  await page.evaluate(() => window.mounted);
  const carried = await bundledModules("pkg/tongiaki-element.js");
  for (const f of ["/tongiaki-element.js", "/engine.js", "/app.js", "/markup.js", "/pkg/tongiaki.js", "/online/session.js"]) assert.ok(carried.includes(f), `${f} is in the bundle`);
  const scripts = requested.filter((p) => /\.m?js$/.test(p));
  assert.ok(scripts.includes("/pkg/tongiaki-element.js"), scripts.join(" "));
  assert.deepEqual(scripts.filter((p) => carried.includes(p)), [], "no module the bundle carries is fetched as a file");
  // the rest: the bots' worker and its engine (a thread of their own), a language's words
  for (const p of scripts) assert.ok(["/pkg/tongiaki-element.js", "/bot-worker.js", "/pkg/tongiaki_bots.js"].includes(p) || p.startsWith("/lang/"), `${p} fetched`);
  await page.close();
  assert.deepEqual(errors, []);
});
