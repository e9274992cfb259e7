// Embedded tables: www/embed.html (three tables) loaded with the embedding
// bundle pkg/tongiaki-element.js, against the same page loading
// www/tongiaki-element.js module by module (the page's text with that one
// path changed, answered by the browser for /embed-modules.html). A
// benchmark for BENCHMARKS.md, not a test: it asserts nothing about time.
//   cargo run --release -- serve --port 8080 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:8080/ node tests/e2e/bench/embed-bench.mjs
// Cold loads alternating between the two (a fresh context each), LOADS each
// (default 9): milliseconds from navigation to all three tables ready, the
// requests and the script files fetched by then.
import { launch, BASE_URL } from "../lib/browser.mjs";

const LOADS = Number(process.env.LOADS || 9);
const page = await (await fetch(new URL("embed.html", BASE_URL))).text();
const modulesPage = page.replaceAll("./pkg/tongiaki-element.js", "./tongiaki-element.js");
if (modulesPage === page) throw new Error("embed.html does not load ./pkg/tongiaki-element.js");

const runs = { bundle: [], modules: [] };
for (let i = 0; i < LOADS; i++) {
  for (const [name, file] of [["bundle", "embed.html"], ["modules", "embed-modules.html"]]) {
    const browser = await launch({ viewport: { width: 1300, height: 900 } }); // a cold profile
    const p = browser.context.pages()[0] || (await browser.context.newPage());
    if (name === "modules") await p.route(new URL(file, BASE_URL).href, (r) => r.fulfill({ contentType: "text/html", body: modulesPage }));
    let requests = 0;
    p.on("request", () => requests++);
    await p.goto(new URL(file, BASE_URL).href);
    await p.waitForFunction(() => document.getElementById("game-a").tongiaki && document.getElementById("game-b").tongiaki && window.mounted, null, { timeout: 30000 });
    await p.evaluate(() => window.mounted);
    const ms = await p.evaluate(() => performance.now());
    const scripts = await p.evaluate(() => performance.getEntriesByType("resource").filter((e) => /\.m?js$/.test(new URL(e.name).pathname)).length);
    runs[name].push({ ms, requests, scripts });
    await browser.close();
  }
}
for (const [name, v] of Object.entries(runs)) {
  const ms = v.map((x) => x.ms).sort((a, b) => a - b);
  const med = ms[Math.floor(ms.length / 2)];
  console.log(`${name}: three tables ready ${med.toFixed(0)} ms median (${ms[0].toFixed(0)}–${ms[ms.length - 1].toFixed(0)}), ${v[0].requests} requests, ${v[0].scripts} script files`);
}
