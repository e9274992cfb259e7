// "Learn to play" (issue 14): the guided first game, completed in every
// language by clicking what each step asks for (the board, the tray, the
// picker, Next), as a person would. A click the lesson does not take is
// explained and changes nothing. Screenshots of the steps go to
// test-artifacts/ (desktop 1280x800 in English; a few on a phone).
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, perform, clickTarget } from "./lib/driver.mjs";

const LANGS = ["en", "de", "nl", "hu", "it", "he"];

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1280, height: 800 } });
});
after(async () => {
  await browser.close();
});

const lesson = (page) => page.evaluate(() => window.tongiakiApp.tutorial.state());

/** Click through the whole lesson; returns { steps (each step's texts), millis }. */
async function clickThrough(page, { shots = null } = {}) {
  const t0 = Date.now();
  const seen = [];
  let prev = 0;
  for (let guard = 0; guard < 120; guard++) {
    await idle(page);
    const t = await lesson(page);
    if (t.done) break;
    assert.ok(t.step >= prev, `the steps go forward (${prev} → ${t.step})`);
    prev = t.step;
    const text = (await page.textContent("#coach-text")).trim();
    assert.ok(text.length > 20, `step ${t.step} says something`);
    if (seen[seen.length - 1] !== text) seen.push(text);
    if (shots) await screenshot(page, `${shots}-${String(guard).padStart(2, "0")}-step${t.step}`);
    if (t.expects) {
      // the board or a control is highlighted for it, and nothing else is on offer
      await perform(page, t.expects, await state(page));
    } else {
      await page.click("#coach-next");
    }
  }
  return { steps: seen, millis: Date.now() - t0 };
}

for (const lang of LANGS) {
  test(`the guided game can be completed in ${lang} by clicking what it asks for`, async () => {
    const { page, errors } = await openPage(browser.context, `${BASE_URL}?new&lang=${lang}`);
    await ready(page);
    if (lang !== "en") await page.evaluate(() => window.tongiakiApp.setSpeed(0.35));
    await page.click("#learn");
    const first = await lesson(page);
    assert.deepEqual([first.step, first.expects, first.done], [1, null, false]);
    assert.ok(first.total >= 20, `${first.total} steps`);
    const { steps, millis } = await clickThrough(page, { shots: lang === "en" ? "tutorial-en" : null });
    const end = await lesson(page);
    assert.equal(end.done, true);
    assert.equal(end.step, end.total);
    const snap = await page.evaluate(() => window.tongiakiApp.snapshot());
    assert.equal(snap.phase, "over");
    assert.deepEqual(snap.ranking, [[0], [1], [2]], "the learner wins the lesson's game");
    assert.ok(await page.isVisible("#ranking-dialog"), "Finish shows the ranking");
    if (lang === "en") await screenshot(page, "tutorial-en-ranking");
    // every step in the table's language (no English left in another one)
    if (lang !== "en") assert.ok(!steps.some((x) => /\b(the|click|your)\b/i.test(x)), `no English in ${lang}: ${steps.find((x) => /\b(the|click|your)\b/i.test(x))}`);
    console.log(`# ${lang}: ${steps.length} texts, clicked through in ${(millis / 1000).toFixed(1)} s`);
    await page.close();
    assert.deepEqual(errors, []);
  });
}

test("a click the lesson does not take is explained and changes nothing; reading steps wait for Next", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?new`);
  await ready(page);
  await page.click("#learn");
  await idle(page);
  await page.waitForSelector("#coach-text"); // the lesson's words are fetched when it starts (issue 15)
  // step 1 is for reading: a click on the board asks to read first
  await clickTarget(page, { tile: "tonga", beach: 3 });
  await page.waitForSelector("#toast:not([hidden])");
  assert.match(await page.textContent("#toast"), /Next/);
  assert.ok(await page.evaluate(() => document.querySelector("#coach-next").classList.contains("coach-target")), "Next is highlighted");
  await page.click("#coach-next");
  await idle(page);
  const t = await lesson(page);
  assert.deepEqual(t.expects, { type: "setup_place", beach: 3 });
  // a legal beach that is not the lesson's: explained, not played
  await clickTarget(page, { tile: "tonga", beach: 0 });
  await page.waitForSelector("#toast:not([hidden])");
  assert.match(await page.textContent("#toast"), /highlighted/);
  assert.equal((await state(page)).log.length, 0, "nothing was played");
  // the lesson's beach
  await clickTarget(page, { tile: "tonga", beach: 3 });
  await idle(page);
  assert.ok((await state(page)).log.length >= 1);
  assert.equal((await lesson(page)).step, 3);
  // no taking back in a lesson
  assert.equal(await page.isDisabled("#take-back"), true);
  // leaving the lesson brings back a game of one's own
  await page.click("#coach-quit");
  await idle(page);
  assert.equal(await page.isHidden("#coach"), true);
  const after = JSON.parse(await page.evaluate(() => window.tongiakiApp.save()));
  assert.equal(after.options.deck, undefined, "not the lesson's game");
  assert.equal(after.actions.length, 0);
  await page.close();
  assert.deepEqual(errors, []);
});

test("a first visit offers the lesson; ?learn starts it; the game before it comes back after it", async () => {
  const fresh = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await openPage(fresh.context, BASE_URL);
    await ready(page);
    assert.equal(await page.isVisible("#coach-start"), true, "the offer is shown");
    await page.click("#coach-later");
    assert.equal(await page.isHidden("#coach"), true);
    // play a move of one's own, then take the lesson: the game comes back after it
    await page.evaluate(() => window.tongiakiApp.setSpeed(0));
    await clickTarget(page, { tile: "tonga", beach: 2 });
    await idle(page);
    const mine = await page.evaluate(() => window.tongiakiApp.save());
    await page.goto(BASE_URL, { waitUntil: "load" });
    await ready(page);
    assert.equal(await page.isHidden("#coach"), true, "no offer once declined");
    await page.goto(`${BASE_URL}?learn`, { waitUntil: "load" });
    await ready(page);
    assert.equal((await lesson(page)).step, 1);
    await page.click("#coach-next");
    await idle(page);
    await page.click("#coach-quit");
    await idle(page);
    assert.equal(await page.evaluate(() => window.tongiakiApp.save()), mine, "the game before the lesson is back");
    await page.close();
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});

test("the lesson on a phone: the step, the prompt and the tray in view", async () => {
  const phone = await launch({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  try {
    const { page, errors } = await openPage(phone.context, `${BASE_URL}?new&learn`);
    await ready(page);
    await page.evaluate(() => window.tongiakiApp.setSpeed(0));
    let shot = 0;
    for (let guard = 0; guard < 40; guard++) {
      await idle(page);
      const t = await lesson(page);
      const inView = await page.evaluate(() =>
        ["#coach", "#prompt", "#controls"].every((sel) => {
          const r = document.querySelector(sel).getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        }),
      );
      assert.ok(inView, `step ${t.step}: the step, the prompt and the controls are in view`);
      if ([2, 8, 9, 15, 17].includes(t.step) && shot < t.step) {
        shot = t.step;
        await screenshot(page, `tutorial-phone-step${t.step}`);
      }
      if (t.step >= 18) break;
      if (t.expects) await perform(page, t.expects, await state(page));
      else await page.click("#coach-next");
    }
    await page.close();
    assert.deepEqual(errors, []);
  } finally {
    await phone.close();
  }
});
