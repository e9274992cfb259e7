// The service worker's precache list names every file the page loads, so
// that the game starts with the network off (issue 6).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const WWW = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const sw = readFileSync(join(WWW, "sw.js"), "utf8");
const list = JSON.parse(
  sw
    .match(/const PRECACHE = (\[[\s\S]*?\]);/)[1]
    .replace(/,\s*\]/, "]"),
);

test("every module, stylesheet and page the app loads is precached", () => {
  const needed = readdirSync(WWW).filter((f) => /\.(js|css|webmanifest|svg)$/.test(f) && f !== "sw.js");
  for (const f of needed) assert.ok(list.includes(`./${f}`), `${f} is in PRECACHE`);
  // both engine packages: the page's, and the bots' (bot-worker.js, bots.js)
  for (const f of ["./", "./index.html", "./pkg/tongiaki.js", "./pkg/tongiaki_bg.wasm", "./pkg/tongiaki_bots.js", "./pkg/tongiaki_bots_bg.wasm"]) assert.ok(list.includes(f), f);
});

test("every precached file exists (a missing one would make the install fail)", () => {
  for (const f of list) {
    if (f === "./" || f.startsWith("./pkg/")) continue;
    assert.doesNotThrow(() => readFileSync(join(WWW, f)), f);
  }
});

test("every module imported by main.js is precached", () => {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = readFileSync(join(WWW, f), "utf8");
    for (const m of src.matchAll(/from\s+"\.\/([\w/.-]+)"/g)) if (!m[1].startsWith("pkg/")) walk(m[1]);
  };
  walk("main.js");
  for (const f of seen) assert.ok(list.includes(`./${f}`), `${f} is in PRECACHE`);
});
