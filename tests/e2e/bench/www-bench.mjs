// Browser figures for BENCHMARKS.md (a benchmark, not a test: it asserts
// nothing about time). Needs the page served, e.g.
//   cargo run --release -- serve --port 8080 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:8080/ node tests/e2e/bench/www-bench.mjs
// and, to compare two builds in one run (say the last commit's www/ and pkg/
// served on another port), BEFORE_URL=http://127.0.0.1:8081/ as well: the
// loads then alternate between the two, so both see the same machine load.
// Measures in headless Chromium (Debian's, software rendering):
//  1. a full redraw of a board with all 32 cards and 60 ships on beaches
//     (plus 3 on water, a king island): median and 95th percentile of many
//     draws, the drawing calls alone and with the raster flushed (1-pixel
//     readback), the raster of the untimed draw before it finished first
//     (until issue 15 it was not, so "flushed" counted two frames' raster
//     whenever Chromium could not drop the first as overdrawn). "Same view" draws the same scene again and again (what a
//     hover, a highlight or an animation frame costs); "camera moved" pans
//     the view by a pixel before each draw (a pan or zoom frame: everything
//     laid out afresh);
//  2. navigation to first interactive board (window.tongiakiApp.readyAt:
//     engine loaded, first game created and drawn), cold profile each run,
//     with the wasm the page fetched by then (raw bytes), and the wasm the
//     service worker cached for offline play in the SETTLE ms after (it
//     installs once the first board is up; the bots' package for the worker
//     is fetched there, or when a bot first moves), and the requests and
//     JavaScript bytes asked for by then. REDRAW=0 skips part 1.
import { launch, openPage, BASE_URL } from "../lib/browser.mjs";
import { fullBoardSnapshot } from "../../unit/fixtures.mjs";

const DRAWS = Number(process.env.DRAWS || 300);
const LOADS = Number(process.env.LOADS || 7);
const SETTLE = Number(process.env.SETTLE || 3000);
const TARGETS = [
  ...(process.env.BEFORE_URL ? [["before", process.env.BEFORE_URL.replace(/\/?$/, "/")]] : []),
  [process.env.BEFORE_URL ? "after" : "this build", BASE_URL],
];
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const ms = (xs) => `${median(xs).toFixed(2)} ms (p95 ${pct(xs, 0.95).toFixed(2)})`;

async function redraw(url, viewport, dpr) {
  const b = await launch({ viewport, deviceScaleFactor: dpr });
  try {
    const { page } = await openPage(b.context, url);
    await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready);
    const snap = fullBoardSnapshot({ n: 6, shipCount: 60 });
    return await page.evaluate(
      async ({ snap, draws }) => {
        const R = await import(new URL("render.js", location.href));
        const C = await import(new URL("camera.js", location.href));
        const G = await import(new URL("geometry.js", location.href));
        const canvas = document.getElementById("board");
        const r = R.createRenderer(canvas);
        const cam = C.createCamera();
        r.resize(cam);
        C.fitBounds(cam, G.boundsOf(snap.tiles, 1, 0.1), 10, 400);
        const colors = snap.players.map((p) => R.colorOf(p.color));
        const scene = { tiles: snap.tiles, colors, marks: null };
        const ships = snap.tiles.reduce((n, t) => n + (t.beaches || []).reduce((m, b) => m + b.ships.length, 0) + (t.ships || []).length, 0);
        const ctx = canvas.getContext("2d");
        const time = (before) => {
          for (let i = 0; i < 20; i++) r.draw(scene, cam); // warm up
          const calls = [];
          const flushed = [];
          for (let i = 0; i < draws; i++) {
            before();
            let t0 = performance.now();
            r.draw(scene, cam);
            calls.push(performance.now() - t0);
            before();
            ctx.getImageData(0, 0, 1, 1); // the draw above rasterised first, so that it is not counted here
            t0 = performance.now();
            r.draw(scene, cam);
            ctx.getImageData(0, 0, 1, 1); // forces the raster to finish
            flushed.push(performance.now() - t0);
          }
          return { calls, flushed };
        };
        const x0 = cam.x;
        const same = time(() => {});
        // one device pixel to and fro: a new view every draw, the board in the same place
        let flip = 1;
        const moved = time(() => (cam.x = x0 + (flip = -flip) / (cam.scale * devicePixelRatio)));
        cam.x = x0;
        return { same, moved, tiles: snap.tiles.length, ships, w: canvas.width, h: canvas.height };
      },
      { snap, draws: DRAWS },
    );
  } finally {
    await b.close();
  }
}

/**
 * One cold load: readyAt, the wasm the page had fetched by then (bytes,
 * decoded), and the wasm the service worker had put in its cache for
 * offline play within SETTLE ms after (it installs after the first board).
 */
async function load(url) {
  const b = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    // ENCODING=identity: ask for every file uncompressed (what the server's compression costs on localhost)
    if (process.env.ENCODING) await b.context.setExtraHTTPHeaders({ "Accept-Encoding": process.env.ENCODING });
    const { page } = await openPage(b.context, null);
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready, null, { timeout: 30000 });
    const first = await page.evaluate(() => {
      const at = window.tongiakiApp.readyAt;
      const wasm = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".wasm") && e.startTime < at)
        .map((e) => ({ name: e.name.replace(/^.*\//, ""), bytes: e.decodedBodySize }));
      // what the page had asked for by then: requests, and the JavaScript's bytes (decoded)
      const before = performance.getEntriesByType("resource").filter((e) => e.startTime < at);
      const js = before.filter((e) => /\.m?js$/.test(new URL(e.name).pathname)).reduce((n, e) => n + e.decodedBodySize, 0);
      return { at, wasm, requests: before.length, js };
    });
    await page.waitForTimeout(SETTLE);
    const cached = await page.evaluate(async () => {
      const out = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          if (!req.url.endsWith(".wasm")) continue;
          const res = await cache.match(req);
          out.push({ name: req.url.replace(/^.*\//, ""), bytes: (await res.arrayBuffer()).byteLength });
        }
      }
      return out;
    });
    return { ...first, cached };
  } finally {
    await b.close();
  }
}

const rows = [];
for (const [label, url] of TARGETS) {
  if (process.env.REDRAW === "0") break; // REDRAW=0: the loads only
  for (const dpr of [1, 2]) {
    const viewport = { width: 1280, height: 800 };
    const r = await redraw(url, viewport, dpr);
    for (const [what, t] of [["same view", r.same], ["camera moved", r.moved]]) {
      rows.push(`| ${label} | dpr ${dpr} (${r.w}×${r.h} canvas), ${r.tiles} cards, ${r.ships} ships | ${what} | ${ms(t.calls)} | ${ms(t.flushed)} |`);
    }
  }
}
const loads = Object.fromEntries(TARGETS.map(([label]) => [label, []]));
for (let i = 0; i < LOADS; i++) for (const [label, url] of TARGETS) loads[label].push(await load(url));

if (rows.length) {
  console.log(`Full redraw, 1280×800 CSS px, ${DRAWS} draws each:\n`);
  console.log("| build | canvas and board | draw | drawing calls, median | drawn and flushed, median |\n|---|---|---|---|---|\n" + rows.join("\n"));
}
console.log(`\nNavigation to first interactive board (${LOADS} cold loads each, alternating):\n`);
console.log(`| build | median | min | max | requests by then (median) | JS by then (decoded, median) | wasm fetched by then | wasm the service worker cached for offline play within ${SETTLE / 1000} s |\n|---|---|---|---|---|---|---|---|`);
const list = (ws) => ws.map((w) => `${w.name} ${w.bytes.toLocaleString("en")} B`).join(" + ") || "none";
for (const [label] of TARGETS) {
  const at = loads[label].map((l) => l.at);
  const wasm = [...new Set(loads[label].map((l) => list(l.wasm)))].join("; ");
  const cached = [...new Set(loads[label].map((l) => list(l.cached)))].join("; ");
  const reqs = median(loads[label].map((l) => l.requests));
  const js = median(loads[label].map((l) => l.js));
  console.log(`| ${label} | **${median(at).toFixed(0)} ms** | ${Math.min(...at).toFixed(0)} ms | ${Math.max(...at).toFixed(0)} ms | ${reqs} | ${Math.round(js).toLocaleString("en")} B | ${wasm} | ${cached} |`);
}
