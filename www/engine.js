// The page's engine (pkg/tongiaki.js and its wasm), loaded once per page:
// loadEngine() resolves to the module, initialised. The page's bundle
// (pkg/page.js) evaluates this module first, ahead of main.js, and takes the
// wasm that index.html's inline script started compiling as it arrived
// (window.tongiakiWasm), so the engine is ready about when the app is (the
// time to the first board, BENCHMARKS.md); main.js and tongiaki-element.js
// ask it for the engine. The single-file build (scripts/build-single.mjs) carries
// the wasm inline (#tongiaki-wasm).

import { inlineWasmBytes } from "./inline.js";

let engine = null; // Promise<the module>

/** The page's engine module, initialised (loaded on the first call). */
export function loadEngine() {
  if (!engine) {
    engine = (async () => {
      const mod = await import("./pkg/tongiaki.js");
      const inline = inlineWasmBytes();
      // index.html started compiling the wasm as it arrived (window.tongiakiWasm); elsewhere, or if
      // that failed, the glue fetches it itself (and says why it cannot).
      const early = !inline && typeof window !== "undefined" && window.tongiakiWasm ? await window.tongiakiWasm.catch(() => null) : null;
      await mod.default(inline ? { module_or_path: inline } : early ? { module_or_path: early } : undefined);
      return mod;
    })();
    engine.catch(() => {
      engine = null; // let a later call try again (and show why it fails)
    });
  }
  return engine;
}

// Start at once: whoever loads this module needs the engine soon.
loadEngine().catch(() => {});
