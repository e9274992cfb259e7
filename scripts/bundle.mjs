// One script's text from www/'s ES modules, for the single-file build
// (scripts/build-single.mjs, inlined in the page) and the served bundle
// (pkg/page.js, which index.html loads instead of main.js's ~40 files:
// issue 15).
//
// No bundler: each module becomes a function whose exports it returns
// (`__defs[id]`), evaluated once, on its first `__require(id)`, which is
// what an import becomes: `import { a } from "./x.js"` is
// `const { a } = __require("x.js")` in the same place, so modules run in the
// order ES modules would (dependencies first, in import order). A dynamic
// `import("./y.js")` is either carried too, evaluated on first use
// (`Promise.resolve().then(() => __require("y.js"))`: the online tables'
// modules, which share i18n.js, turns.js, … with the page, so they must not
// be loaded again as files of their own), or left as an `import()` of the
// file (the `external` ones: modules that import nothing and so share no
// state, like the languages' words). This handles the import/export forms
// www/ uses (named, namespace and default imports, `export
// function/const/class`, `export default`, `export { a as b }`, modules in
// folders (`./online/x.js`, `../y.js`), dynamic imports with a literal
// path) and fails loudly on anything else, and on an import cycle.
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";

const IMPORT_RE = /^import\s+(\*\s+as\s+(\w+)|\{([^}]*)\}|(\w+))\s+from\s+"(\.\.?\/[\w./-]+)";?[ \t]*$/gm;
const DYNAMIC_RE = /\bimport\(\s*"(\.\.?\/[\w./-]+)"\s*\)/g;

/**
 * The modules `entries` (ids relative to www/, `pkg/…` for the engine's
 * packages) and everything they import, as one script's text.
 *   www, pkg     the directories
 *   external(id) true: a dynamic import of `id` stays an import() of its file
 *                (it must import nothing); its path is written relative to `at`
 *   at           where the script is served, relative to www/ (e.g.
 *                "pkg/page.js"), for the served bundle: `import.meta.url`
 *                in a module becomes that module's own URL. Without it
 *                `import.meta` is left as it is.
 *   reexport     an entry whose exports the script exports as its own (a
 *                bundle that stands for that module, as the embedding one
 *                stands for tongiaki-element.js)
 *   later(id)    true: module `id` (reached only by import()) goes into a
 *                second script, `laterAt` (beside `at`), fetched on the first
 *                import() of one of its modules, which adds its modules to the
 *                first's (they share every module: one i18n.js, one
 *                turns.js); what the first board does not need (issue 30)
 * Returns { text, ids (carried, in dependency order), lazy (carried, only
 * reached by import()), externals (the import()ed files), laterText (the
 * second script, or null), laterIds }.
 */
export function bundle({ www, pkg, entries, external = () => false, at = null, reexport = null, later = () => false, laterAt = null }) {
  const fileOf = (id) => (id.startsWith("pkg/") ? join(pkg, id.slice(4)) : join(www, id));
  const modules = new Map(); // id -> function text
  const order = [];
  const staticIds = new Set();
  const externals = new Set();
  const relToBundle = (id) => {
    const rel = posix.relative(posix.dirname(at || "x"), id);
    return rel.startsWith(".") ? rel : `./${rel}`;
  };

  // stack: the chain of static imports that led here (a cycle of them
  // cannot be evaluated in function scopes); an import() starts afresh, as
  // it runs once the importing module has been evaluated.
  function load(id, stack, viaStatic) {
    if (stack.includes(id)) throw new Error(`import cycle: ${[...stack, id].join(" -> ")}`);
    if (viaStatic) staticIds.add(id);
    if (modules.has(id)) {
      if (viaStatic) for (const d of modules.get(id)?.statics || []) load(d, [...stack, id], true);
      return;
    }
    let src = readFileSync(fileOf(id), "utf8");
    const statics = [];
    const dynamics = [];
    const base = posix.dirname(id);
    const norm = (spec) => posix.normalize(posix.join(base, spec));
    const req = (dep) => `__require(${JSON.stringify(dep)})`;
    modules.set(id, null);
    src = src.replace(IMPORT_RE, (_, _all, ns, names, dflt, spec) => {
      const dep = norm(spec);
      statics.push(dep);
      if (ns) return `const ${ns} = ${req(dep)};`;
      if (dflt) return `const ${dflt} = ${req(dep)}.default;`;
      const binds = names
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const m = s.match(/^(\w+)(?:\s+as\s+(\w+))?$/);
          if (!m) throw new Error(`${id}: cannot read import { ${s} }`);
          return m[2] ? `${m[1]}: ${m[2]}` : m[1];
        });
      return `const { ${binds.join(", ")} } = ${req(dep)};`;
    });
    src = src.replace(DYNAMIC_RE, (_, spec) => {
      const dep = norm(spec);
      if (external(dep)) {
        externals.add(dep);
        return `import(${JSON.stringify(relToBundle(dep))})`;
      }
      dynamics.push(dep);
      // into the second script: fetched (once) when one of its modules is first asked for from the first
      if (later(dep) && !later(id)) return `__later().then(() => ${req(dep)})`;
      return `Promise.resolve().then(() => ${req(dep)})`;
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
    // an import() of a computed path would be resolved against the bundle's address, not the module's
    const computed = src.match(/\bimport\(\s*[^"\s)][^)]*\)/);
    if (computed) throw new Error(`${id}: an import() this build cannot follow (not a literal "./…" path): ${computed[0]}`);
    if (/^\s*(import|export)\b/m.test(src)) throw new Error(`${id}: an import/export form this build does not know: ${src.match(/^\s*(import|export)\b.*$/m)[0]}`);
    if (at) {
      src = src.replace(/\bimport\.meta\.url\b/g, `__url(${JSON.stringify(id)})`);
      if (/\bimport\.meta\b/.test(src)) throw new Error(`${id}: import.meta other than import.meta.url`);
    }
    for (const d of statics) load(d, [...stack, id], viaStatic);
    const ret = exports.map(([as, local]) => `${JSON.stringify(as)}: ${local}`).join(", ");
    const text = `// ---- ${id}\n__defs[${JSON.stringify(id)}] = function () {\n${src}\nreturn Object.freeze({ ${ret} });\n};\n`;
    modules.set(id, { text, statics, exports: exports.map(([as]) => as) });
    order.push(id);
    for (const d of dynamics) load(d, [], false);
  }

  for (const e of entries) load(e, [], true);
  for (const x of externals) {
    const src = readFileSync(fileOf(x), "utf8");
    if (/^import\s|\bimport\(\s*["'`]/m.test(src)) throw new Error(`${x}: loaded as a file of its own (external), so it may not import anything`);
  }
  const head = [
    "const __defs = Object.create(null);",
    "const __done = new Map();",
    "/** The exports of module `id`, evaluated on its first call. */",
    "function __require(id) {",
    "  if (!__done.has(id)) __done.set(id, __defs[id]());",
    "  return __done.get(id);",
    "}",
  ];
  if (at) {
    const up = posix.relative(posix.dirname(at), ".");
    head.push(`/** Where module \`id\` lies beside ${at} (its import.meta.url). */`);
    head.push(`const __url = (id) => new URL(${JSON.stringify(up ? `${up}/` : "./")} + id, import.meta.url).href;`);
  }
  const laterIds = order.filter((id) => later(id));
  for (const id of laterIds) if (staticIds.has(id)) throw new Error(`${id}: put in the later script, but the first one imports it`);
  if (laterIds.length) {
    if (!at || !laterAt) throw new Error("a later script needs at and laterAt");
    const rel = posix.relative(posix.dirname(at), laterAt);
    head.push(`/** The modules the first board does not need (${laterAt}), added to these on first use. */`);
    head.push("let __laterP = null;");
    head.push(
      `const __later = () => (__laterP = __laterP || import(${JSON.stringify(rel.startsWith(".") ? rel : `./${rel}`)}).then((m) => m.install(__defs, __require, ${at ? "__url" : "null"}), (e) => ((__laterP = null), Promise.reject(e))));`,
    );
  }
  const tail = entries.map((e) => `__require(${JSON.stringify(e)});`);
  if (reexport) {
    if (!entries.includes(reexport)) throw new Error(`${reexport}: re-exported but not an entry`);
    const names = modules.get(reexport).exports;
    const named = names.filter((n) => n !== "default");
    tail.push(`const __entry = __require(${JSON.stringify(reexport)});`);
    if (named.length) tail.push(`export const { ${named.join(", ")} } = __entry;`);
    if (names.includes("default")) tail.push("export default __entry.default;");
  }
  const text = [...head, "", ...order.filter((id) => !later(id)).map((id) => modules.get(id).text), ...tail, ""].join("\n");
  const laterText = laterIds.length
    ? [
        `// ${laterAt}: the modules of ${at} that its first board does not need, added to its own on first use (scripts/bundle.mjs).`,
        "export function install(__defs, __require, __url) {",
        ...laterIds.map((id) => modules.get(id).text),
        "}",
        "",
      ].join("\n")
    : null;
  return {
    text,
    laterText,
    laterIds,
    ids: order,
    lazy: order.filter((id) => !staticIds.has(id)),
    externals: [...externals].sort(),
  };
}

/** Where the served bundle lies, relative to www/ (served at ./pkg/page.js). */
export const BUNDLE_AT = "pkg/page.js";
/** What index.html ran: engine.js first (the wasm compiles while the rest evaluates), then main.js. */
export const ENTRIES = ["engine.js", "main.js"];
/**
 * The import()ed modules the served bundle leaves as files of their own:
 * the languages' words (lang/*.js, lang/tutorial/*.js: 30 KB each, one
 * needed at a time) and the bots' package (pkg/tongiaki_bots.js, loaded on
 * the page's thread only where no worker starts). None imports anything.
 */
export const isExternal = (id) => id.startsWith("lang/") || id === "pkg/tongiaki_bots.js";

/** Where the served bundle's second script lies (the modules its first board does not need). */
export const LATER_AT = "pkg/page-later.js";
/** Modules reached only by import() that the first board needs all the same: the engine's glue. */
const FIRST_BOARD = new Set(["pkg/tongiaki.js"]);

/**
 * The served page's bundle (pkg/page.js) from the directories www and pkg,
 * and its second script (pkg/page-later.js, `laterText`): the modules
 * reached only by import() — the online tables', the sounds' synthesis —
 * but the engine's glue, fetched when one is first used (issue 30).
 */
export function pageBundle({ www, pkg }) {
  const base = { www, pkg, entries: ENTRIES, external: isExternal, at: BUNDLE_AT };
  const lazy = new Set(bundle(base).lazy.filter((id) => !FIRST_BOARD.has(id)));
  return bundle({ ...base, later: (id) => lazy.has(id), laterAt: LATER_AT });
}

/** Where the embedding bundle lies, relative to www/ (served at ./pkg/tongiaki-element.js). */
export const ELEMENT_AT = "pkg/tongiaki-element.js";

/**
 * The embedding bundle (pkg/tongiaki-element.js) from the directories www
 * and pkg: tongiaki-element.js and every module it imports in one file,
 * exporting what it exports (mount, gameOptions, TongiakiGame), so that a
 * page embedding tables loads one module, not ~40. engine.js first, as for
 * the page: the engine's wasm is fetched while the rest evaluates.
 */
export function elementBundle({ www, pkg }) {
  return bundle({ www, pkg, entries: ["engine.js", "tongiaki-element.js"], external: isExternal, at: ELEMENT_AT, reexport: "tongiaki-element.js" });
}
