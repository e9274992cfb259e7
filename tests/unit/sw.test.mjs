// The service worker's precache list names every file the page loads, so
// that the game starts with the network off (issue 6); it never answers the
// online tables' requests (/api/) from a cache (issue 12).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, posix } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const sw = readFileSync(join(WWW, "sw.js"), "utf8");
const list = JSON.parse(
  sw
    .match(/const PRECACHE = (\[[\s\S]*?\]);/)[1]
    .replace(/,\s*\]/, "]"),
);

/** The page's files: www/ and its module folders (not lang/, which has its own check below, nor pkg/). */
function pageFiles(dir = "") {
  const out = [];
  for (const f of readdirSync(join(WWW, dir))) {
    const rel = dir ? `${dir}/${f}` : f;
    if (statSync(join(WWW, rel)).isDirectory()) {
      if (rel === "online" || rel === "ui" || rel === "a11y") out.push(...pageFiles(rel));
    } else if (/\.(js|css|webmanifest|svg)$/.test(f) && rel !== "sw.js") out.push(rel);
  }
  return out;
}

test("every module, stylesheet and page the app loads is precached", () => {
  const needed = pageFiles();
  assert.ok(needed.includes("online/session.js") && needed.includes("ui/status.js") && needed.includes("a11y/index.js"));
  for (const f of needed) assert.ok(list.includes(`./${f}`), `${f} is in PRECACHE`);
  // the page's bundle (index.html) and its second script (issue 30), both engine packages: the page's, and the bots' (bot-worker.js, bots.js)
  for (const f of ["./", "./index.html", "./pkg/page.js", "./pkg/page-later.js", "./pkg/tongiaki.js", "./pkg/tongiaki_bg.wasm", "./pkg/tongiaki_bots.js", "./pkg/tongiaki_bots_bg.wasm"]) assert.ok(list.includes(f), f);
});

test("every precached file exists (a missing one would make the install fail)", () => {
  for (const f of list) {
    if (f === "./" || f.startsWith("./pkg/")) continue;
    assert.doesNotThrow(() => readFileSync(join(WWW, f)), f);
  }
});

test("every module main.js loads, by import or import(), is precached", () => {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = readFileSync(join(WWW, f), "utf8");
    for (const m of src.matchAll(/(?:from\s+|import\(\s*)"(\.\.?\/[\w/.-]+)"/g)) {
      const dep = posix.normalize(posix.join(posix.dirname(f), m[1]));
      if (!dep.startsWith("pkg/")) walk(dep);
    }
  };
  walk("main.js");
  assert.ok(seen.has("online/connection.js"), "the walk follows import(), ../ and folders");
  for (const f of seen) assert.ok(list.includes(`./${f}`), `${f} is in PRECACHE`);
});

test("the online tables' answers (/api/) never come from the cache", () => {
  // Run sw.js with a stand-in `self` and see which requests it takes.
  const listeners = {};
  const self = {
    location: new URL("https://example.org/game/sw.js"),
    addEventListener: (type, f) => (listeners[type] = f),
  };
  const caches = { open: async () => ({ match: async () => null, put: async () => {} }), keys: async () => [] };
  vm.runInNewContext(sw, { self, URL, caches, fetch: async () => ({ ok: false }), Request: class {} });
  const takes = (url, method = "GET") => {
    let taken = false;
    listeners.fetch({ request: { url, method, mode: "cors" }, respondWith: (p) => ((taken = true), Promise.resolve(p).catch(() => {})), waitUntil: () => {} });
    return taken;
  };
  assert.equal(takes("https://example.org/game/index.html"), true);
  assert.equal(takes("https://example.org/game/online/session.js"), true);
  assert.equal(takes("https://example.org/game/api/tables/abcdefghijkmnpqr"), false);
  assert.equal(takes("https://example.org/game/api/tables/abcdefghijkmnpqr/save"), false);
  assert.equal(takes("https://example.org/game/api/stats"), false);
  assert.equal(takes("https://example.org/game/api/tables", "POST"), false);
  assert.equal(takes("https://other.example/game/x.js"), false);
});
