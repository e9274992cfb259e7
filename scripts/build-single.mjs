// Writes the whole game as one .html file that plays when opened straight
// from disk (file://), with no server: the stylesheet, every ES module of
// www/ and the wasm-bindgen glue inlined in one <script type="module">, the
// bots' Web Worker as the text of a classic script, and both engine packages'
// .wasm as base64 in <script type="application/wasm-base64"> blocks: the
// page's (#tongiaki-wasm, which engine.js decodes) and the bots' package's
// (#tongiaki-bots-wasm, which bots.js hands to the worker) (issue 6).
//
//   node scripts/build-single.mjs [--pkg DIR] [--www DIR] [--out FILE]
//
// or, with --bundle, the served page's bundle (issue 15): every module of
// main.js's graph (and engine.js, started first, as index.html did) and the
// page's engine glue in one ES module, pkg/page.js by default, which
// index.html loads; beside it pkg/page-later.js, the modules the first board
// does not need (the online tables', the sounds' synthesis: issue 30),
// fetched on their first use; the languages' words, the bots' package and
// the worker stay files of their own.
// Beside it, the embedding bundle pkg/tongiaki-element.js: the same for
// tongiaki-element.js, exporting what it exports (README "Embed it").
// scripts/build-wasm.sh writes it after the wasm packages.
//
//   node scripts/build-single.mjs --bundle [--watch] [--pkg DIR] [--www DIR] [--out FILE]
//
// (--watch: again after every change of a .js file under www/, until Ctrl-C.)
//
// The transform is scripts/bundle.mjs (no bundler: each module a function
// scope, evaluated once, on its first import).
import { readFileSync, writeFileSync, mkdirSync, watch } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, pageBundle, elementBundle, LATER_AT } from "./bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const WWW = resolve(opt("--www", join(ROOT, "www")));
const PKG = resolve(opt("--pkg", join(ROOT, "pkg")));

if (args.includes("--bundle")) {
  const out = resolve(opt("--out", join(PKG, "page.js")));
  // beside it, the embedding bundle: tongiaki-element.js and its modules
  const elementOut = join(dirname(out), "tongiaki-element.js");
  const write = () => {
    mkdirSync(dirname(out), { recursive: true });
    const page = pageBundle({ www: WWW, pkg: PKG });
    // the page's second script, where page.js's import() looks for it: beside it
    const laterOut = join(dirname(out), LATER_AT.replace(/^.*\//, ""));
    writeFileSync(laterOut, page.laterText);
    console.log(`build-single: ${laterOut} (${(page.laterText.length / 1024).toFixed(0)} KB: ${page.laterIds.length} modules, fetched on first use)`);
    for (const [file, b] of [
      [out, page],
      [elementOut, elementBundle({ www: WWW, pkg: PKG })],
    ]) {
      writeFileSync(file, b.text);
      console.log(`build-single: ${file} (${(b.text.length / 1024).toFixed(0)} KB: ${b.ids.length} modules, ${b.lazy.length} of them on first use; ${b.externals.length} files left to import())`);
    }
  };
  write();
  if (!args.includes("--watch")) process.exit(0);
  // --watch: write it again whenever a file of www/ changes (while editing the page; Ctrl-C stops)
  let timer = null;
  watch(WWW, { recursive: true }, (_, file) => {
    if (!/\.js$/.test(file || "")) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        write();
      } catch (e) {
        console.error(`build-single: ${e.message}`);
      }
    }, 50);
  });
  console.log(`build-single: watching ${WWW}`);
  await new Promise(() => {}); // until Ctrl-C (the watcher keeps the process alive); never the single file
}

const OUT = resolve(opt("--out", join(ROOT, "target", "single", "tongiaki.html")));
/** The modules `entries` and everything they import, every import() carried too, as one script's text. */
const bundleOf = (entries) => bundle({ www: WWW, pkg: PKG, entries });

const page = bundleOf(["engine.js", "main.js"]);
const script = page.text.replace(/<\/(script)/gi, "<\\/$1");
// The bots' Web Worker (bots.js makes it from this text, as a blob).
// A classic script, not a module: Chromium refuses module workers from blob:
// URLs on file:// pages. The engine gets its bytes by message, so the glue's
// default wasm URL (import.meta.url) is never used; it is swapped for a
// classic worker's own address.
const workerBundle = bundleOf(["bot-worker.js"]).text.replace(/<\/(script)/gi, "<\\/$1").replace(/\bimport\.meta\.url\b/g, "self.location.href");
if (/\bimport\.meta\b/.test(workerBundle)) throw new Error("bot-worker.js bundle: import.meta left in a classic worker");

const wasm = readFileSync(join(PKG, "tongiaki_bg.wasm"));
const botsWasm = readFileSync(join(PKG, "tongiaki_bots_bg.wasm"));
const css = readFileSync(join(WWW, "style.css"), "utf8");
let html = readFileSync(join(WWW, "index.html"), "utf8");

const swap = (re, by, what) => {
  if (!re.test(html)) throw new Error(`index.html: ${what} not found`);
  html = html.replace(re, by);
};
swap(/^\s*<link rel="(preload|manifest|apple-touch-icon)"[^>]*>\n/gm, "", "preload/manifest links");
swap(/^\s*<!-- Everything the first board needs[\s\S]*?-->\n/m, "", "the preloads' comment");
// the served page's early compile of the wasm file: here the wasm is inline
swap(/^\s*<script>\n\s*\/\/ The page's engine, compiled while[\s\S]*?<\/script>\n/m, "", "the wasm's early compile");
swap(/<link rel="stylesheet" href="\.\/style\.css" \/>/, () => `<style>\n${css}</style>`, "the stylesheet link");
swap(
  /<script type="module" src="\.\/pkg\/page\.js"[^>]*><\/script>/,
  () =>
    `<script type="application/wasm-base64" id="tongiaki-wasm">${wasm.toString("base64")}</script>\n` +
    `    <script type="application/wasm-base64" id="tongiaki-bots-wasm">${botsWasm.toString("base64")}</script>\n` +
    `    <script type="text/plain" id="tongiaki-bot-worker">\n${workerBundle}</script>\n` +
    `    <script type="module">\n${script}</script>`,
  "the pkg/page.js script",
);
html = html.replace("<html lang=\"en\">", "<html lang=\"en\" data-build=\"single-file\">");

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, html);
console.log(`build-single: ${OUT} (${(html.length / 1024).toFixed(0)} KB: ${page.ids.length} modules, wasm ${wasm.length} + ${botsWasm.length} bytes)`);
