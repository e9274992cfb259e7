// Browser figures for BENCHMARKS.md (a benchmark, not a test: it asserts
// nothing about time). Needs the page served, e.g.
//   cargo run --release -- serve --port 8080 --www www --pkg pkg &
//   TONGIAKI_URL=http://127.0.0.1:8080/ node tests/e2e/bench/www-bench.mjs
// Measures in headless Chromium (Debian's, software rendering):
//  1. a full redraw of a board with all 32 cards and 60 ships on beaches
//     (plus 3 on water, a king island): median of many draws, both the
//     drawing calls alone and with the raster flushed (1-pixel readback);
//  2. navigation to first interactive board (window.tongiakiApp.readyAt:
//     engine loaded, first game created and drawn), cold profile each run.
import { launch, openPage, BASE_URL } from "../lib/browser.mjs";
import { fullBoardSnapshot } from "../../unit/fixtures.mjs";

const DRAWS = Number(process.env.DRAWS || 300);
const LOADS = Number(process.env.LOADS || 7);
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function redraw(viewport, dpr) {
  const b = await launch({ viewport, deviceScaleFactor: dpr });
  try {
    const { page } = await openPage(b.context, BASE_URL);
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
        for (let i = 0; i < 20; i++) r.draw(scene, cam); // warm up
        const calls = [];
        const flushed = [];
        for (let i = 0; i < draws; i++) {
          let t0 = performance.now();
          r.draw(scene, cam);
          calls.push(performance.now() - t0);
          t0 = performance.now();
          r.draw(scene, cam);
          ctx.getImageData(0, 0, 1, 1); // forces the raster to finish
          flushed.push(performance.now() - t0);
        }
        return { calls, flushed, tiles: snap.tiles.length, ships, scale: cam.scale, w: canvas.width, h: canvas.height };
      },
      { snap, draws: DRAWS },
    );
  } finally {
    await b.close();
  }
}

async function loads() {
  const out = [];
  for (let i = 0; i < LOADS; i++) {
    const b = await launch({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = await openPage(b.context, null);
      await page.goto(BASE_URL, { waitUntil: "commit" });
      await page.waitForFunction(() => window.tongiakiApp && window.tongiakiApp.ready, null, { timeout: 30000 });
      out.push(await page.evaluate(() => window.tongiakiApp.readyAt));
    } finally {
      await b.close();
    }
  }
  return out;
}

const rows = [];
for (const [viewport, dpr] of [[{ width: 1280, height: 800 }, 1], [{ width: 1280, height: 800 }, 2]]) {
  const r = await redraw(viewport, dpr);
  rows.push(
    `| ${viewport.width}×${viewport.height} CSS px, dpr ${dpr} (${r.w}×${r.h} canvas) | ${r.tiles} cards, ${r.ships} ships | ${median(r.calls).toFixed(2)} ms (p95 ${pct(r.calls, 0.95).toFixed(2)}) | ${median(r.flushed).toFixed(2)} ms (p95 ${pct(r.flushed, 0.95).toFixed(2)}) |`,
  );
}
const l = await loads();
console.log(`Full redraw, ${DRAWS} draws each (median):\n`);
console.log("| viewport | board | drawing calls | drawn and flushed |\n|---|---|---|---|\n" + rows.join("\n"));
console.log(`\nNavigation to first interactive board (${LOADS} cold loads): median ${median(l).toFixed(0)} ms (min ${Math.min(...l).toFixed(0)}, max ${Math.max(...l).toFixed(0)})`);
