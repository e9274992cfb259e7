// The page's engine (pkg/tongiaki.js and its wasm), loaded once per page:
// loadEngine() resolves to the module, initialised. index.html loads this
// module as a script of its own, ahead of main.js, so the engine is fetched
// and compiled while the app's other modules are still loading (the time to
// the first board, BENCHMARKS.md); main.js and tongiaki-element.js ask it
// for the engine. The single-file build (scripts/build-single.mjs) carries
// the wasm inline (#tongiaki-wasm).

import { inlineWasmBytes } from "./inline.js";

let engine = null; // Promise<the module>

/** The page's engine module, initialised (loaded on the first call). */
export function loadEngine() {
  if (!engine) {
    engine = (async () => {
      const mod = await import("./pkg/tongiaki.js");
      const inline = inlineWasmBytes();
      await mod.default(inline ? { module_or_path: inline } : undefined);
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
