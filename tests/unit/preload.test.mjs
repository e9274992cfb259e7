// index.html asks for everything the first board needs at once (issue 15):
// the stylesheet, the page's wasm (a preload, compiled as it arrives) and the page's bundle
// pkg/page.js (scripts/bundle.mjs), which carries engine.js, main.js and
// every module of their import graph — checked here against the graph read
// from www/ — so the browser does not fetch ~40 files six at a time.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { pageBundle, ENTRIES, BUNDLE_AT } from "../../scripts/bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WWW = join(ROOT, "www");
const html = readFileSync(join(WWW, "index.html"), "utf8");
// www/'s graph does not depend on the built engine: a stand-in glue, so this runs before pkg/ is built
const STUB_PKG = mkdtempSync(join(tmpdir(), "tongiaki-pkg-"));
for (const f of ["tongiaki.js", "tongiaki_bots.js"]) writeFileSync(join(STUB_PKG, f), "export class Game {}\nexport default async function init() {}\n");

/** Every module `entry` imports, directly or not (static imports; the engine's packages included). */
function graph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  if (entry.startsWith("pkg/")) return seen;
  const src = readFileSync(join(WWW, entry), "utf8");
  for (const m of src.matchAll(/^import\s[^"]*?from\s+"(\.\.?\/[\w/.-]+)"/gm)) graph(posix.normalize(posix.join(posix.dirname(entry), m[1])), seen);
  return seen;
}

test("index.html loads the bundle, the stylesheet and the page's wasm, and no module one by one", () => {
  const scripts = [...html.matchAll(/<script type="module" src="\.\/([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(scripts, [BUNDLE_AT], "one module script: the bundle");
  assert.doesNotMatch(html, /rel="modulepreload"/, "the bundle carries the modules: nothing to preload");
  assert.match(html, /<link rel="stylesheet" href="\.\/style\.css" \/>/);
  assert.match(html, /<link rel="preload" href="\.\/pkg\/tongiaki_bg\.wasm" as="fetch" type="application\/wasm" crossorigin \/>/);
  // compiled as it arrives, by an inline script after the preload (its fetch takes the preload's
  // answer) and before the stylesheet (which would hold the script back until it has loaded)
  const compile = html.indexOf('WebAssembly.compileStreaming(fetch("./pkg/tongiaki_bg.wasm"))');
  assert.ok(html.indexOf('rel="preload" href="./pkg/tongiaki_bg.wasm"') < compile && compile < html.indexOf('rel="stylesheet"'));
  assert.match(readFileSync(join(WWW, "engine.js"), "utf8"), /window\.tongiakiWasm/, "engine.js takes that module");
  assert.doesNotMatch(html, /tongiaki_bots/, "the bots' package is the worker's: not on the first load");
  // where the bundle is missing (not built): main.js, which imports the rest itself
  assert.match(html, /src="\.\/pkg\/page\.js" onerror="[^"]*src: '\.\/main\.js'/);
});

test("the bundle carries engine.js, main.js and their whole graph, engine.js first", () => {
  const b = pageBundle({ www: WWW, pkg: STUB_PKG });
  assert.deepEqual(ENTRIES, ["engine.js", "main.js"]);
  const needed = new Set([...graph("engine.js"), ...graph("main.js")]);
  const eager = b.ids.filter((id) => !b.lazy.includes(id));
  assert.deepEqual(new Set(eager), needed);
  assert.ok(b.ids.includes("pkg/tongiaki.js") && !b.externals.includes("pkg/tongiaki.js"), "the page's glue (engine.js import()s it) is carried too");
  assert.equal(new Set(b.ids).size, b.ids.length, "no module twice");
  assert.match(b.text, /__require\("engine\.js"\);\n__require\("main\.js"\);\n$/, "engine.js evaluated first: the wasm compiles while the rest evaluates");
});
