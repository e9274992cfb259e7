// End-to-end: the page comes as one bundle (pkg/page.js, issue 15) — by the
// first board it has fetched the stylesheet, the bundle and the page's wasm
// and no module of its own — and what it loads later (another language's
// words, the lesson's, the online tables' modules, the bots' worker) never
// fetches a module the bundle carries: a second copy of i18n.js, turns.js, …
// would not share the page's state.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, BASE_URL, bundledModules } from "./lib/browser.mjs";
import { ready, idle } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 } });
});
after(async () => {
  await browser.close();
});

test("one bundle by the first board; later loads share its modules", async () => {
  const { page, errors } = await openPage(browser.context, null);
  const requested = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${BASE_URL}?new&lang=en`);
  await ready(page);

  const firstScript = await bundledModules("pkg/page.js");
  for (const f of ["/engine.js", "/main.js", "/app.js", "/i18n.js", "/lang/en.js", "/pkg/tongiaki.js", "/sound.js"]) assert.ok(firstScript.includes(f), `${f} is in the bundle`);
  // issue 30: what the first board does not need is in the bundle's second script, fetched on first use
  const laterScript = await bundledModules("pkg/page-later.js");
  for (const f of ["/online/session.js", "/online/chat.js", "/sound-synth.js"]) assert.ok(laterScript.includes(f) && !firstScript.includes(f), `${f} is in the second script`);
  const carried = [...firstScript, ...laterScript];

  const first = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime < window.tongiakiApp.readyAt)
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /\.(m?js|wasm|css)$/.test(p))
      .sort(),
  );
  assert.deepEqual(first, ["/pkg/page.js", "/pkg/tongiaki_bg.wasm", "/style.css"], "by the first board: three files");
  // Issue 15: the first load fetches at most 250 KB of wasm (raw, as decoded).
  const wasmBytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime < window.tongiakiApp.readyAt && new URL(e.name).pathname.endsWith(".wasm"))
      .reduce((n, e) => n + e.decodedBodySize, 0),
  );
  assert.ok(wasmBytes > 100000 && wasmBytes <= 250000, `wasm fetched by the first board: ${wasmBytes} bytes (at most 250,000)`);

  // another language (its words are a file of their own), the lesson in it, an online table, a bot's move
  await page.selectOption("#language", "de");
  await page.waitForFunction(() => document.documentElement.lang === "de");
  await page.evaluate(() => window.tongiakiApp.tutorial.start());
  await page.waitForFunction(() => window.tongiakiApp.tutorial.state() && window.tongiakiApp.tutorial.state().step >= 0);
  await page.evaluate(() => window.tongiakiApp.tutorial.stop());
  await page.evaluate(() => window.tongiakiApp.openTable("zzzzzzzzzzzzzzzz").catch(() => null)); // no such table: its modules load all the same
  await page.waitForFunction(() => window.tongiakiApp.online() !== null || document.querySelector("#online-error, .online-error, [role=alert]"), null, { timeout: 10000 }).catch(() => {});
  await page.evaluate(() => window.tongiakiApp.leaveTable());
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seats: ["greedy", "greedy"], seed: 5 });
  });
  await idle(page);
  await page.waitForFunction(() => window.tongiakiApp.botStats().decisions > 0, null, { timeout: 20000 });

  assert.ok(requested.includes("/lang/de.js") && requested.includes("/lang/tutorial/de.js"), `the words were fetched: ${requested.join(" ")}`);
  assert.ok(requested.includes("/bot-worker.js"), "the bots' worker is a module of its own (its own thread)");
  assert.equal(requested.filter((p) => p === "/pkg/page-later.js").length, 1, "the second script, once, for the online table");
  const again = requested.filter((p) => carried.includes(p));
  assert.deepEqual(again, [], "no module the bundle carries is fetched as a file");
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource.*404|zzzz/.test(e)),
    [],
  );
  await page.close();
});

test("without pkg/page.js the page loads main.js and its modules instead", async () => {
  // a browser of its own: no service worker yet (page.route does not see what one answers)
  const fresh = await launch({ viewport: { width: 1200, height: 800 } });
  const { page, errors } = await openPage(fresh.context, null);
  await page.route("**/pkg/page.js", (route) => route.fulfill({ status: 404, body: "not built" }));
  const requested = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${BASE_URL}?new&lang=en`);
  await ready(page);
  assert.ok(requested.includes("/main.js") && requested.includes("/app.js") && requested.includes("/engine.js"), requested.join(" "));
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 5 });
  });
  await idle(page);
  assert.ok((await page.evaluate(() => window.tongiakiApp.legalActions())).length > 0);
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource.*404/.test(e)),
    [],
  );
  await fresh.close();
});
