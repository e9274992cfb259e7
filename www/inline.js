// What the single-file build (scripts/build-single.mjs) carries inline in
// <script> blocks instead of as files: the engines' wasm as base64 (the
// page's #tongiaki-wasm, the bots' package's #tongiaki-bots-wasm) and the bot
// worker's code (#tongiaki-bot-worker). On the served page these blocks do
// not exist and both functions answer null.

/** The text of the inline block `id`, or null. */
export function inlineText(id) {
  const el = typeof document !== "undefined" ? document.getElementById(id) : null;
  return el ? el.textContent : null;
}

/** The wasm bytes of block `id` (the page's engine unless named; a fresh copy each call), or null. */
export function inlineWasmBytes(id = "tongiaki-wasm") {
  const text = inlineText(id);
  if (text === null) return null;
  const bin = atob(text.trim());
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}
