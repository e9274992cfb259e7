// Writes the whole game as one .html file that plays when opened straight
// from disk (file://), with no server: the stylesheet, every ES module of
// www/ and the wasm-bindgen glue inlined in one <script type="module">, the
// bots' Web Worker as the text of a classic script, and both engine packages'
// .wasm as base64 in <script type="application/wasm-base64"> blocks: the
// page's (#tongiaki-wasm, which main.js decodes) and the bots' package's
// (#tongiaki-bots-wasm, which bots.js hands to the worker) (issue 6).
//
//   node scripts/build-single.mjs [--pkg DIR] [--www DIR] [--out FILE]
//
// No bundler: each module becomes a function scope whose exports are
// returned, in dependency order; `import … from "./x.js"` becomes a read of
// that object. This handles the import/export forms www/ uses (named and
// namespace and default imports, `export function/const/class`,
// `export default`, `export { a as b }`, modules in folders (`./online/x.js`, `../y.js`),
// dynamic imports of ./pkg/*.js) and fails loudly on anything else.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, dirname, resolve, posix } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const WWW = resolve(opt("--www", join(ROOT, "www")));
const PKG = resolve(opt("--pkg", join(ROOT, "pkg")));
const OUT = resolve(opt("--out", join(ROOT, "target", "single", "tongiaki.html")));

const fileOf = (id) => (id.startsWith("pkg/") ? join(PKG, id.slice(4)) : join(WWW, id));

const IMPORT_RE = /^import\s+(\*\s+as\s+(\w+)|\{([^}]*)\}|(\w+))\s+from\s+"(\.\.?\/[\w./-]+)";?[ \t]*$/gm;
const DYNAMIC_RE = /\bimport\(\s*"\.\/([\w./-]+)"\s*\)/g;

let modules; // id -> transformed body
let order;

function load(id, stack = []) {
  if (modules.has(id)) return;
  if (stack.includes(id)) throw new Error(`import cycle: ${[...stack, id].join(" -> ")}`);
  let src = readFileSync(fileOf(id), "utf8");
  const deps = [];
  const base = posix.dirname(id);
  const norm = (spec) => posix.normalize(posix.join(base, spec));
  modules.set(id, null);
  src = src.replace(IMPORT_RE, (_, _all, ns, names, dflt, spec) => {
    const dep = norm(spec);
    deps.push(dep);
    if (ns) return `const ${ns} = __modules[${JSON.stringify(dep)}];`;
    if (dflt) return `const ${dflt} = __modules[${JSON.stringify(dep)}].default;`;
    const binds = names
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const m = s.match(/^(\w+)(?:\s+as\s+(\w+))?$/);
        if (!m) throw new Error(`${id}: cannot read import { ${s} }`);
        return m[2] ? `${m[1]}: ${m[2]}` : m[1];
      });
    return `const { ${binds.join(", ")} } = __modules[${JSON.stringify(dep)}];`;
  });
  src = src.replace(DYNAMIC_RE, (_, spec) => {
    const dep = norm(spec);
    deps.push(dep);
    return `Promise.resolve(__modules[${JSON.stringify(dep)}])`;
  });
  const exports = [];
  src = src.replace(/^export\s+(async\s+function\*?|function\*?|const|let|var|class)\s+(\w+)/gm, (_, kw, name) => {
    exports.push([name, name]);
    return `${kw} ${name}`;
  });
  src = src.replace(/^export default /m, () => {
    exports.push(["default", "__default"]);
    return "const __default = ";
  });
  src = src.replace(/^export\s*\{([^}]*)\};?[ \t]*$/gm, (_, list) => {
    for (const part of list.split(",").map((s) => s.trim()).filter(Boolean)) {
      const m = part.match(/^(\w+)(?:\s+as\s+(\w+))?$/);
      if (!m) throw new Error(`${id}: cannot read export { ${part} }`);
      exports.push([m[2] || m[1], m[1]]);
    }
    return "";
  });
  if (/^\s*(import|export)\b/m.test(src)) throw new Error(`${id}: an import/export form this build does not know: ${src.match(/^\s*(import|export)\b.*$/m)[0]}`);
  for (const d of deps) load(d, [...stack, id]);
  const ret = exports.map(([as, local]) => `${JSON.stringify(as)}: ${local}`).join(", ");
  modules.set(id, `// ---- ${id}\n__modules[${JSON.stringify(id)}] = (function () {\n${src}\nreturn Object.freeze({ ${ret} });\n})();\n`);
  order.push(id);
}

/** The module `entry` and everything it imports, as one script's text. */
function bundleOf(entry) {
  modules = new Map();
  order = [];
  load(entry);
  const text = `const __modules = Object.create(null);\n${order.map((id) => modules.get(id)).join("\n")}`;
  return { text: text.replace(/<\/(script)/gi, "<\\/$1"), count: order.length };
}

const page = bundleOf("main.js");
const bundle = page.text;
// The bots' Web Worker (bots.js makes it from this text, as a blob).
// A classic script, not a module: Chromium refuses module workers from blob:
// URLs on file:// pages. The engine gets its bytes by message, so the glue's
// default wasm URL (import.meta.url) is never used; it is swapped for a
// classic worker's own address.
const workerBundle = bundleOf("bot-worker.js").text.replace(/\bimport\.meta\.url\b/g, "self.location.href");
if (/\bimport\.meta\b/.test(workerBundle)) throw new Error("bot-worker.js bundle: import.meta left in a classic worker");

const wasm = readFileSync(join(PKG, "tongiaki_bg.wasm"));
const botsWasm = readFileSync(join(PKG, "tongiaki_bots_bg.wasm"));
const css = readFileSync(join(WWW, "style.css"), "utf8");
let html = readFileSync(join(WWW, "index.html"), "utf8");

const swap = (re, by, what) => {
  if (!re.test(html)) throw new Error(`index.html: ${what} not found`);
  html = html.replace(re, by);
};
swap(/^\s*<link rel="(modulepreload|preload|manifest|apple-touch-icon)"[^>]*>\n/gm, "", "preload/manifest links");
swap(/^\s*<!-- Everything the first board needs[\s\S]*?-->\n/m, "", "the preloads' comment");
// main.js imports engine.js itself (the served page also loads it ahead, on its own)
swap(/^\s*<script type="module" src="\.\/engine\.js"><\/script>\n/m, "", "the engine.js script");
swap(/<link rel="stylesheet" href="\.\/style\.css" \/>/, () => `<style>\n${css}</style>`, "the stylesheet link");
swap(
  /<script type="module" src="\.\/main\.js"><\/script>/,
  () =>
    `<script type="application/wasm-base64" id="tongiaki-wasm">${wasm.toString("base64")}</script>\n` +
    `    <script type="application/wasm-base64" id="tongiaki-bots-wasm">${botsWasm.toString("base64")}</script>\n` +
    `    <script type="text/plain" id="tongiaki-bot-worker">\n${workerBundle}</script>\n` +
    `    <script type="module">\n${bundle}</script>`,
  "the main.js script",
);
html = html.replace("<html lang=\"en\">", "<html lang=\"en\" data-build=\"single-file\">");

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, html);
console.log(`build-single: ${OUT} (${(html.length / 1024).toFixed(0)} KB: ${page.count} modules, wasm ${wasm.length} + ${botsWasm.length} bytes)`);
