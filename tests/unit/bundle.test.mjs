// scripts/bundle.mjs, the transform behind the served bundle pkg/page.js and
// the single-file build (issue 15): every module evaluated once, a lazily
// loaded module sharing its imports' state with the page's modules, the
// languages left as files of their own, and the built pkg/page.js up to
// date with www/.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle, pageBundle, elementBundle, isExternal, LATER_AT } from "../../scripts/bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A www/ of `files` (path -> text) in a fresh temporary directory. */
function fixture(files) {
  const dir = mkdtempSync(join(tmpdir(), "tongiaki-bundle-"));
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

test("each module runs once, in import order; a module loaded with import() shares the page's modules", async () => {
  const www = fixture({
    "log.js": 'export const log = [];\nlog.push("log.js");\n',
    "a.js": 'import { log } from "./log.js";\nlog.push("a.js");\nexport const here = import.meta.url;\nexport function later() {\n  return import("./sub/b.js");\n}\nexport const words = () => import("./lang/x.js");\n',
    "sub/b.js": 'import { log } from "../log.js";\nimport * as A from "../a.js";\nlog.push("b.js");\nexport default A;\nexport { log as theLog };\n',
    "lang/x.js": 'export default { hi: "x" };\n',
    "main.js": 'import { log } from "./log.js";\nimport { later, words, here } from "./a.js";\nlog.push("main.js");\nglobalThis.bundleFixture = { log, later, words, here };\n',
  });
  const b = bundle({ www, pkg: join(www, "pkg"), entries: ["main.js"], external: (id) => id.startsWith("lang/"), at: "pkg/page.js" });
  assert.deepEqual(b.ids, ["log.js", "a.js", "sub/b.js", "main.js"]);
  assert.deepEqual(b.lazy, ["sub/b.js"]);
  assert.deepEqual(b.externals, ["lang/x.js"]);
  mkdirSync(join(www, "pkg"));
  writeFileSync(join(www, "pkg", "page.js"), b.text);
  await import(pathToFileURL(join(www, "pkg", "page.js")).href);
  const { log, later, words, here } = globalThis.bundleFixture;
  assert.deepEqual(log, ["log.js", "a.js", "main.js"], "dependencies first, each once");
  assert.equal(here, pathToFileURL(join(www, "a.js")).href, "import.meta.url is the module's own address, not the bundle's");
  const B = await later();
  assert.deepEqual(log, ["log.js", "a.js", "main.js", "b.js"], "the lazy module ran on first use, its imports were not run again");
  assert.equal(B.theLog, log, "it shares log.js's state with the page");
  assert.equal(B.default.later, later, "and a.js's");
  assert.equal(await later(), B, "a second import() is the same module");
  assert.deepEqual((await words()).default, { hi: "x" }, "an external module is fetched from its own file, beside the bundle's folder");
});

test("issue 30: modules the first board does not need go into a second script, fetched on first use, sharing the first's modules", async () => {
  const www = fixture({
    "log.js": 'export const log = [];\nlog.push("log.js");\n',
    "b.js": 'import { log } from "./log.js";\nlog.push("b.js");\nexport const c = () => import("./c.js");\nexport const here = import.meta.url;\n',
    "c.js": 'import { log } from "./log.js";\nlog.push("c.js");\nexport const words = () => import("./lang/x.js");\n',
    "lang/x.js": 'export default { hi: "x" };\n',
    "main.js": 'import { log } from "./log.js";\nlog.push("main.js");\nglobalThis.laterFixture = { log, b: () => import("./b.js") };\n',
  });
  const b = bundle({ www, pkg: join(www, "pkg"), entries: ["main.js"], external: (id) => id.startsWith("lang/"), at: "pkg/page.js", later: (id) => id === "b.js" || id === "c.js", laterAt: "pkg/page-later.js" });
  assert.deepEqual(b.laterIds, ["b.js", "c.js"]);
  assert.ok(!/__defs\["b\.js"\]/.test(b.text) && /__defs\["b\.js"\]/.test(b.laterText), "b.js is in the second script only");
  mkdirSync(join(www, "pkg"));
  writeFileSync(join(www, "pkg", "page.js"), b.text);
  const first = import(pathToFileURL(join(www, "pkg", "page.js")).href);
  await first;
  const { log, b: loadB } = globalThis.laterFixture;
  assert.deepEqual(log, ["log.js", "main.js"]);
  // not built yet: the first use fails, and a later one tries again
  await assert.rejects(loadB());
  writeFileSync(join(www, "pkg", "page-later.js"), b.laterText);
  const B = await loadB();
  assert.deepEqual(log, ["log.js", "main.js", "b.js"], "b.js ran on first use; log.js was not run again");
  assert.equal(B.here, pathToFileURL(join(www, "b.js")).href);
  const C = await B.c();
  assert.deepEqual(log, ["log.js", "main.js", "b.js", "c.js"]);
  assert.deepEqual((await C.words()).default, { hi: "x" }, "an external module from the second script: beside it");
  assert.equal(await loadB(), B, "the same module again");
  // a module the first script imports cannot be put off
  assert.throws(() => bundle({ www, pkg: join(www, "pkg"), entries: ["main.js"], at: "pkg/page.js", later: (id) => id === "log.js", laterAt: "pkg/page-later.js" }), /log\.js: put in the later script/);
});

test("a bundle can stand for one of its entries: it exports what that module exports", async () => {
  const www = fixture({
    "log.js": 'export const log = [];\n',
    "engine.js": 'import { log } from "./log.js";\nlog.push("engine.js");\n',
    "el.js": 'import { log } from "./log.js";\nlog.push("el.js");\nexport function mount() {\n  return log;\n}\nexport class Table {}\nexport default "el";\n',
  });
  const b = bundle({ www, pkg: join(www, "pkg"), entries: ["engine.js", "el.js"], at: "pkg/el.js", reexport: "el.js" });
  mkdirSync(join(www, "pkg"));
  writeFileSync(join(www, "pkg", "el.js"), b.text);
  const m = await import(pathToFileURL(join(www, "pkg", "el.js")).href);
  assert.deepEqual(Object.keys(m).sort(), ["Table", "default", "mount"]);
  assert.deepEqual(m.mount(), ["engine.js", "el.js"], "the entries ran in order, each once");
  assert.equal(m.default, "el");
  assert.throws(() => bundle({ www, pkg: join(www, "pkg"), entries: ["engine.js"], reexport: "el.js" }), /re-exported but not an entry/);
});

test("what the transform cannot keep right is refused, loudly", () => {
  const build = (files, external) => () => bundle({ www: fixture(files), pkg: "/nonexistent", entries: ["main.js"], external });
  assert.throws(build({ "main.js": 'import "./a.js";\n', "a.js": "" }), /import\/export form/);
  assert.throws(build({ "main.js": 'export * from "./a.js";\n', "a.js": "" }), /import\/export form/);
  assert.throws(build({ "main.js": 'const f = (x) => import(`./lang/${x}.js`);\n' }), /import\(\) this build cannot follow/);
  assert.throws(build({ "main.js": 'import { a } from "./a.js";\n', "a.js": 'import { m } from "./main.js";\nexport const a = 1;\n' }), /import cycle: main\.js -> a\.js -> main\.js/);
  // a file left to import() must not import anything: its imports would be second copies
  assert.throws(build({ "main.js": 'const x = () => import("./lang/x.js");\n', "lang/x.js": 'import { y } from "../y.js";\nexport default y;\n', "y.js": "export const y = 1;\n" }, () => true), /lang\/x\.js: loaded as a file of its own/);
});

test("the served bundle leaves only the languages and the bots' package to import(); the online tables' modules are carried in its second script, run on first use", () => {
  const pkg = mkdtempSync(join(tmpdir(), "tongiaki-pkg-"));
  for (const f of ["tongiaki.js", "tongiaki_bots.js"]) writeFileSync(join(pkg, f), "export default async function init() {}\n");
  const b = pageBundle({ www: join(ROOT, "www"), pkg });
  for (const x of b.externals) assert.ok(isExternal(x), x);
  assert.ok(b.externals.includes("lang/de.js") && b.externals.includes("lang/tutorial/en.js") && b.externals.includes("pkg/tongiaki_bots.js"));
  assert.ok(!b.externals.includes("lang/en.js") && b.ids.includes("lang/en.js"), "English comes with the page");
  assert.ok(b.lazy.includes("online/session.js") && b.lazy.includes("online/connection.js"), b.lazy.join(" "));
  for (const id of b.lazy) assert.ok(id.startsWith("online/") || id === "pkg/tongiaki.js" || id === "sound-synth.js", `${id} is run on first use`);
  assert.ok(!b.ids.includes("bot-worker.js"), "the worker is a module of its own, in its own thread");
  // issue 30: the first board's script carries the engine's glue; the online tables' modules and the sounds' synthesis come later
  assert.deepEqual(b.laterIds.slice().sort(), b.lazy.filter((id) => id !== "pkg/tongiaki.js").sort());
  assert.ok(b.laterIds.includes("online/session.js") && b.laterIds.includes("sound-synth.js"), b.laterIds.join(" "));
  assert.ok(/^__defs\["pkg\/tongiaki\.js"\]/m.test(b.text) && !/^__defs\["online\/session\.js"\]/m.test(b.text));
});

test("the embedding bundle carries tongiaki-element.js's whole graph and exports what it exports", () => {
  const pkg = mkdtempSync(join(tmpdir(), "tongiaki-pkg-"));
  for (const f of ["tongiaki.js", "tongiaki_bots.js"]) writeFileSync(join(pkg, f), "export default async function init() {}\n");
  const b = elementBundle({ www: join(ROOT, "www"), pkg });
  for (const id of ["engine.js", "app.js", "markup.js", "i18n.js", "lang/en.js", "tongiaki-element.js"]) assert.ok(b.ids.includes(id), `${id} is carried`);
  assert.ok(b.lazy.includes("online/session.js"), "an online table's modules are carried, run on first use");
  for (const x of b.externals) assert.ok(isExternal(x), x);
  assert.match(b.text, /^export const \{ gameOptions, mount, TongiakiGame \} = __entry;$/m);
});

test("pkg/page.js is up to date with www/ (after editing www/*.js: node scripts/build-single.mjs --bundle)", { skip: !existsSync(join(ROOT, "pkg", "page.js")) && "pkg/page.js is not built" }, () => {
  const built = readFileSync(join(ROOT, "pkg", "page.js"), "utf8");
  const b = pageBundle({ www: join(ROOT, "www"), pkg: join(ROOT, "pkg") });
  assert.ok(built === b.text, "pkg/page.js is stale: run node scripts/build-single.mjs --bundle (or scripts/build-wasm.sh)");
  const later = join(ROOT, LATER_AT);
  assert.ok(existsSync(later) && readFileSync(later, "utf8") === b.laterText, `${LATER_AT} is stale or missing: run node scripts/build-single.mjs --bundle`);
});

test("pkg/tongiaki-element.js is up to date with www/ (node scripts/build-single.mjs --bundle)", { skip: !existsSync(join(ROOT, "pkg", "tongiaki-element.js")) && "pkg/tongiaki-element.js is not built" }, () => {
  const built = readFileSync(join(ROOT, "pkg", "tongiaki-element.js"), "utf8");
  assert.ok(built === elementBundle({ www: join(ROOT, "www"), pkg: join(ROOT, "pkg") }).text, "pkg/tongiaki-element.js is stale: run node scripts/build-single.mjs --bundle (or scripts/build-wasm.sh)");
});
