// End-to-end: the single-file build (scripts/build-single.sh) plays when
// opened straight from disk (file://), with no server. The engine it inlines
// is the one the server under test serves at /pkg/.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, openPage, screenshot, BASE_URL, ROOT } from "./lib/browser.mjs";
import { ready, idle, state, perform } from "./lib/driver.mjs";

let browser;
let dir;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "tongiaki-single-"));
  mkdirSync(join(dir, "pkg"));
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the single .html file plays from file:// with no server", async () => {
  for (const f of ["tongiaki.js", "tongiaki_bg.wasm", "tongiaki_bots.js", "tongiaki_bots_bg.wasm"]) {
    const res = await fetch(new URL(`pkg/${f}`, BASE_URL));
    assert.ok(res.ok, `GET /pkg/${f}`);
    writeFileSync(join(dir, "pkg", f), Buffer.from(await res.arrayBuffer()));
  }
  const out = join(dir, "out", "tongiaki.html");
  const log = execFileSync(join(ROOT, "scripts", "build-single.sh"), ["--pkg", join(dir, "pkg"), "--out", out], { encoding: "utf8" });
  assert.match(log, /build-single: .*tongiaki\.html/);
  assert.ok(statSync(out).size > statSync(join(dir, "pkg", "tongiaki_bg.wasm")).size, "the wasm is inside");

  const requests = [];
  browser.context.on("request", (r) => requests.push(r.url()));
  const { page, errors } = await openPage(browser.context, pathToFileURL(out).href);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.build), "single-file");
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }], seed: 31 });
  });
  await idle(page);
  let st = await state(page);
  for (let i = 0; i < 80 && st.snap.turn < 4; i++) {
    await perform(page, st.legal[st.legal.length - 1], st);
    await idle(page);
    st = await state(page);
  }
  assert.ok(st.snap.turn >= 4, `turn ${st.snap.turn} reached`);
  assert.ok(st.snap.tiles.length >= 2, "cards were laid");
  await screenshot(page, "single-file");
  // Bots think in a worker made from the page's own inline copy of its code (a blob).
  await page.evaluate(() => {
    window.tongiakiApp.seedBots(2);
    window.tongiakiApp.newGame({ players: [{ name: "Ana", bot: "search" }, { name: "Bo", bot: "greedy" }], seed: 32 });
  });
  await page.waitForFunction(() => window.tongiakiApp.botStats().decisions >= 6, null, { timeout: 60000, polling: 100 });
  const bots = await page.evaluate(() => window.tongiakiApp.botStats());
  assert.equal(bots.worker, true, `the bots ran in a worker: ${JSON.stringify(bots)}`);
  assert.ok(bots.iterations > 0, "the search bot searched");
  // the languages and the lesson's words, fetched on demand on the served page, are inside too
  assert.equal(await page.evaluate(() => window.tongiakiApp.setLanguage("hu")), "hu");
  assert.equal((await page.textContent("#new-game")).trim(), "Új játszma");
  await page.evaluate(() => window.tongiakiApp.tutorial.start());
  await page.waitForSelector("#coach-text");
  assert.match(await page.textContent("#coach-step"), /\d/);
  // nothing but the file itself (and data:/blob: URLs) was loaded
  const outside = requests.filter((u) => !u.startsWith("data:") && !u.startsWith("blob:") && u !== pathToFileURL(out).href);
  assert.deepEqual(outside, []);
  await page.close();
  assert.deepEqual(errors, []);
});
