// End-to-end: the UI speaks the browser's language (here German), switches
// to Hebrew (right to left: the panels move to the left of the board), keeps
// the choice over a reload, and goes back to English.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, clickTarget } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 }, locale: "de-DE" });
});
after(async () => {
  await browser.close();
});

const text = (page, sel) => page.textContent(sel).then((s) => s.trim());
/** Choose a language in the switch; its words are fetched on demand (i18n.js), so wait until the page speaks it. */
async function choose(page, id) {
  await page.selectOption("#language", id);
  await page.waitForFunction((l) => document.documentElement.lang === l, id);
}

test("German from the browser, Hebrew right to left by the switch, English again", async () => {
  const { page, errors } = await openPage(browser.context, BASE_URL);
  await ready(page);
  assert.equal(await page.evaluate(() => navigator.language), "de-DE");
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 41 });
  });
  await idle(page);
  assert.equal(await page.getAttribute("html", "lang"), "de");
  assert.equal(await page.$eval("#language", (s) => s.value), "de");
  // the words of German only: English comes in the page's bundle (pkg/page.js), the others are fetched when chosen (issue 15)
  const langFiles = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => /\/lang\/[a-z]+\.js$/.test(p)));
  assert.deepEqual(langFiles.map((p) => p.replace(/^.*\/lang\//, "")).sort(), ["de.js"], langFiles.join(" "));
  assert.equal(await text(page, "#new-game"), "Neues Spiel");
  assert.equal(await text(page, "#actions-title"), "Mögliche Aktionen");
  assert.match(await text(page, "#actions li:first-child button"), /^Ein Schiff auf Tonga setzen, Strand 1 \(/);
  assert.equal(await text(page, "#prompt"), "Ana setzt ein Schiff auf einen Strand von Tonga (Vorbereitung).");
  await clickTarget(page, { tile: "tonga", beach: 2 });
  await idle(page);
  assert.match(await text(page, "#log"), /Ana setzt ein Schiff auf Tonga, Strand 3 \(/);
  await screenshot(page, "lang-de");

  // Hebrew: right to left, the side panel moves to the left of the board
  await choose(page, "he");
  assert.equal(await page.getAttribute("html", "lang"), "he");
  assert.equal(await page.getAttribute("html", "dir"), "rtl");
  assert.equal(await text(page, "#new-game"), "משחק חדש");
  assert.match(await text(page, "#actions li:first-child button"), /^הנח ספינה ב־Tonga, חוף \d/);
  const [side, board] = await page.evaluate(() => [".side", "#board-wrap"].map((s) => document.querySelector(s).getBoundingClientRect().toJSON()));
  assert.ok(side.right <= board.left + 1, `the panels are left of the board: ${side.right} ${board.left}`);
  await page.click("#help");
  assert.match(await text(page, "#help-dialog h3"), /החוקים בקצרה/);
  assert.ok((await page.$$eval("#help-dialog .rules li", (l) => l.length)) >= 4, "a rules summary");
  await screenshot(page, "lang-he-help");
  await page.keyboard.press("Escape");
  await screenshot(page, "lang-he");

  // the choice is kept over a reload (the game too)
  const log = (await state(page)).log;
  await page.reload({ waitUntil: "load" });
  await ready(page);
  assert.equal(await page.getAttribute("html", "dir"), "rtl");
  assert.equal(await text(page, "#new-game"), "משחק חדש");
  assert.deepEqual((await state(page)).log, log);

  // every language of the switch, then English again
  for (const [id, newGame] of [["nl", "Nieuw spel"], ["hu", "Új játszma"], ["it", "Nuova partita"], ["en", "New game"]]) {
    await choose(page, id);
    assert.equal(await text(page, "#new-game"), newGame);
    assert.equal(await page.getAttribute("html", "lang"), id);
  }
  assert.equal(await page.getAttribute("html", "dir"), "ltr");
  assert.match(await text(page, "#actions li:first-child button"), /^Place a ship on Tonga, beach \d/);
  await page.close();
  assert.deepEqual(errors, []);
});

test("issue 30: the first visit's offer of the lesson follows a change of language", async () => {
  const fresh = await launch({ viewport: { width: 1200, height: 800 }, locale: "en-GB" });
  try {
    const { page, errors } = await openPage(fresh.context, BASE_URL);
    await ready(page);
    assert.equal(await page.isVisible("#coach-start"), true, "a first visit: the lesson is offered");
    const en = { text: await text(page, "#coach .coach-text"), start: await text(page, "#coach-start") };
    assert.match(en.text, /^New to Tongiaki\?/);
    await choose(page, "de");
    const de = await page.evaluate(() => ({ text: document.querySelector("#coach .coach-text").textContent, start: document.querySelector("#coach-start").textContent, later: document.querySelector("#coach-later").textContent }));
    const words = await page.evaluate(async () => (await import(new URL("lang/de.js", location.href))).default);
    assert.equal(de.text, words["lesson.offer"], "the offer in German");
    assert.equal(de.start, words["lesson.offerStart"]);
    assert.equal(de.later, words["lesson.offerLater"]);
    await choose(page, "en");
    assert.deepEqual({ text: await text(page, "#coach .coach-text"), start: await text(page, "#coach-start") }, en, "and in English again");
    await page.click("#coach-later");
    await choose(page, "de");
    assert.equal(await page.isHidden("#coach"), true, "declined, it does not come back with the language");
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});
