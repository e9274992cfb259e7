// index.html asks for everything the first board needs at once (issue 15):
// every module of main.js's import graph as a modulepreload (otherwise the
// browser finds them import by import, a round trip per level), and the
// page's engine — its glue, its wasm, and engine.js started as a script of
// its own ahead of main.js, so the wasm compiles while the app loads.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const html = readFileSync(join(WWW, "index.html"), "utf8");
const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\.\/([^"]+)"/g)].map((m) => m[1]);

/** Every module main.js imports, directly or not (static imports; not the engine's packages). */
function graph(entry) {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = readFileSync(join(WWW, f), "utf8");
    for (const m of src.matchAll(/^import\s[^"]*?from\s+"(\.\.?\/[\w/.-]+)"/gm)) {
      const dep = posix.normalize(posix.join(posix.dirname(f), m[1]));
      if (!dep.startsWith("pkg/")) walk(dep);
    }
  };
  walk(entry);
  return seen;
}

test("every module of main.js's graph is preloaded, and nothing else", () => {
  const needed = graph("main.js");
  for (const f of needed) assert.ok(preloaded.includes(f), `${f} is preloaded in index.html`);
  for (const f of preloaded) assert.ok(needed.has(f) || f === "pkg/tongiaki.js", `${f} is preloaded but main.js does not import it`);
  assert.equal(new Set(preloaded).size, preloaded.length, "no module twice");
});

test("the page's engine is fetched at once: its glue, its wasm, and engine.js run ahead of main.js", () => {
  assert.ok(preloaded.includes("pkg/tongiaki.js"));
  assert.match(html, /<link rel="preload" href="\.\/pkg\/tongiaki_bg\.wasm" as="fetch" type="application\/wasm" crossorigin \/>/);
  assert.doesNotMatch(html, /tongiaki_bots/, "the bots' package is the worker's: not on the first load");
  const engine = html.indexOf('<script type="module" src="./engine.js">');
  const main = html.indexOf('<script type="module" src="./main.js">');
  assert.ok(engine > 0 && engine < main, "engine.js is a script of its own, before main.js");
});
