// End-to-end: the first visit installs the service worker, which caches the
// whole app; then with the network off (context.setOffline) a reload still
// loads the page and the engine, the game plays several turns, and another
// language can be chosen.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle, state, perform } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.context.setOffline(false).catch(() => {});
  await browser.close();
});

test("after the first visit the game loads and plays with the network off", async () => {
  const { page, errors } = await openPage(browser.context, BASE_URL);
  await ready(page);
  // the worker is active once its install (the precache) has succeeded
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, new URL(BASE_URL).href);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const c = await caches.open(keys.find((k) => k.startsWith("tongiaki-")));
    return (await c.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const f of ["/", "/index.html", "/main.js", "/app.js", "/style.css", "/pkg/page.js", "/pkg/tongiaki.js", "/pkg/tongiaki_bg.wasm", "/pkg/tongiaki_bots.js", "/pkg/tongiaki_bots_bg.wasm", "/manifest.webmanifest"]) {
    assert.ok(cached.includes(f), `${f} is cached (${cached.join(" ")})`);
  }
  const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]').href)).json());
  assert.equal(manifest.name, "Tongiaki");

  await browser.context.setOffline(true);
  // the network really is off: a file that was never cached cannot be fetched
  const unreachable = await page.evaluate(() => fetch(`/not-cached-${Date.now()}.txt`).then((r) => `status ${r.status}`, (e) => `failed: ${e.message}`));
  assert.match(unreachable, /^failed/);
  await page.waitForTimeout(100);
  errors.length = 0; // that probe's own "Failed to load resource"

  const response = await page.reload({ waitUntil: "load" });
  assert.ok(response.fromServiceWorker(), "the page came from the service worker");
  await ready(page);
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 21 });
  });
  await idle(page);
  // setup (4 ships) and then several turns, by clicking
  let st = await state(page);
  for (let i = 0; i < 60 && st.snap.turn < 4; i++) {
    await perform(page, st.legal[0], st);
    await idle(page);
    st = await state(page);
  }
  assert.ok(st.snap.turn >= 4, `turn ${st.snap.turn} reached offline`);
  assert.ok(st.log.length >= 7);
  // a language not used before: its words (fetched on demand, issue 15) come from the cache
  assert.equal(await page.evaluate(() => window.tongiakiApp.setLanguage("he")), "he");
  assert.equal((await page.textContent("#new-game")).trim(), "משחק חדש");
  assert.equal(await page.getAttribute("html", "dir"), "rtl");
  await screenshot(page, "offline-play");
  await browser.context.setOffline(false);
  await page.close();
  assert.deepEqual(errors, []);
});
