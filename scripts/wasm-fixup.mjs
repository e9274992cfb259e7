// Repairs the table exports of a module after Debian's wasm-opt (binaryen
// 108), then checks the package still plays a game.
//
//   node scripts/wasm-fixup.mjs BEFORE.wasm AFTER.wasm PKG_DIR [GLUE.js]
//
// (GLUE.js: the package's glue in PKG_DIR, tongiaki.js unless named.)
//
// Why: binaryen 108 writes every exported table with the index of table 0.
// wasm-bindgen exports its externref table (`__wbindgen_externrefs`, table
// 1; table 0 is the funcref table of indirect calls), so after wasm-opt the
// glue code gets the funcref table and the first `Table.set` throws
// "function-typed object must be null ... or a Wasm function object".
// Newer binaryen releases are not in Debian bookworm, so we put each table
// export back on the table of the type it had before optimisation (the code
// itself refers to the right tables; only the export entries are wrong).
//
// Then, because a broken optimiser must never ship silently, the package in
// PKG_DIR is loaded in Node and plays complete random games through the JS
// API, exactly as the page would (and, in the bots' package, a few bot
// decisions and voyage odds, as the worker would).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [before, after, pkgDir, glueName = "tongiaki.js"] = process.argv.slice(2);
if (!before || !after || !pkgDir) {
  console.error("usage: node scripts/wasm-fixup.mjs BEFORE.wasm AFTER.wasm PKG_DIR [GLUE.js]");
  process.exit(2);
}

function readU32(buf, pos) {
  let result = 0, shift = 0, byte;
  do {
    byte = buf[pos++];
    result |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [result >>> 0, pos];
}

function encodeU32(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function sections(buf) {
  if (buf.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm module");
  const list = [];
  let pos = 8;
  while (pos < buf.length) {
    const id = buf[pos];
    const [size, start] = readU32(buf, pos + 1);
    list.push({ id, start, end: start + size, headerStart: pos });
    pos = start + size;
  }
  return list;
}

/** Reference types of the table index space (imports first). */
function tableTypes(buf, secs) {
  const types = [];
  for (const s of secs) {
    if (s.id === 2) {
      // imports: module name, field name, kind, description
      let [n, p] = readU32(buf, s.start);
      for (let i = 0; i < n; i++) {
        let len;
        [len, p] = readU32(buf, p); p += len;
        [len, p] = readU32(buf, p); p += len;
        const kind = buf[p++];
        if (kind === 0x00) { [, p] = readU32(buf, p); }
        else if (kind === 0x01) { types.push(buf[p++]); p = skipLimits(buf, p); }
        else if (kind === 0x02) { p = skipLimits(buf, p); }
        else if (kind === 0x03) { p += 2; }
        else if (kind === 0x04) { p += 1; [, p] = readU32(buf, p); }
        else throw new Error(`unknown import kind ${kind}`);
      }
    }
    if (s.id === 4) {
      let [n, p] = readU32(buf, s.start);
      for (let i = 0; i < n; i++) {
        if (buf[p] === 0x40) throw new Error("table with an initialiser: not handled");
        types.push(buf[p++]);
        p = skipLimits(buf, p);
      }
    }
  }
  return types;
}

function skipLimits(buf, p) {
  const flag = buf[p++];
  [, p] = readU32(buf, p);
  if (flag & 1) [, p] = readU32(buf, p);
  return p;
}

function exportsOf(buf, secs) {
  const s = secs.find((x) => x.id === 7);
  if (!s) return { section: null, list: [] };
  let [n, p] = readU32(buf, s.start);
  const list = [];
  for (let i = 0; i < n; i++) {
    let len;
    [len, p] = readU32(buf, p);
    const name = buf.subarray(p, p + len).toString("utf8");
    p += len;
    const kind = buf[p++];
    let index;
    [index, p] = readU32(buf, p);
    list.push({ name, kind, index });
  }
  return { section: s, list };
}

const inBuf = fs.readFileSync(before);
const outBuf = fs.readFileSync(after);
const inSecs = sections(inBuf), outSecs = sections(outBuf);
const inTypes = tableTypes(inBuf, inSecs), outTypes = tableTypes(outBuf, outSecs);
const inExports = exportsOf(inBuf, inSecs).list;
const { section: expSec, list: outExports } = exportsOf(outBuf, outSecs);

let changed = 0;
for (const e of outExports) {
  if (e.kind !== 0x01) continue;
  const was = inExports.find((x) => x.name === e.name && x.kind === 0x01);
  if (!was) throw new Error(`table export ${e.name} is new after wasm-opt`);
  const want = inTypes[was.index];
  if (outTypes[e.index] === want) continue;
  const candidates = outTypes.flatMap((t, i) => (t === want ? [i] : []));
  if (candidates.length !== 1) {
    throw new Error(`cannot tell which table ${e.name} is: ${candidates.length} tables of type 0x${want.toString(16)}`);
  }
  console.log(`wasm-fixup: export "${e.name}" pointed at table ${e.index}; restored to table ${candidates[0]}`);
  e.index = candidates[0];
  changed++;
}

if (changed) {
  // Re-encode the export section.
  const body = [...encodeU32(outExports.length)];
  for (const e of outExports) {
    const name = Buffer.from(e.name, "utf8");
    body.push(...encodeU32(name.length), ...name, e.kind, ...encodeU32(e.index));
  }
  const section = Buffer.from([7, ...encodeU32(body.length), ...body]);
  const fixed = Buffer.concat([outBuf.subarray(0, expSec.headerStart), section, outBuf.subarray(expSec.end)]);
  fs.writeFileSync(after, fixed);
}

// --- smoke test: the package plays complete games --------------------------
const glue = path.resolve(pkgDir, glueName);
const { initSync, Game, version } = await import(pathToFileURL(glue).href);
initSync({ module: fs.readFileSync(after) });
let s = 12345;
const rand = (n) => ((s = (s * 1103515245 + 12345) >>> 0) % n);
let decisions = 0;
for (let seed = 1; seed <= 3; seed++) {
  const g = new Game({ players: [{ name: "A" }, { name: "B" }, { name: "C" }], seed });
  for (let guard = 0; guard < 100000; guard++) {
    const legal = g.legalActions();
    if (!legal.length) break;
    g.apply(JSON.parse(JSON.stringify(legal[rand(legal.length)])));
    decisions++;
  }
  const snap = g.snapshot();
  if (snap.phase !== "over" || !Array.isArray(snap.ranking)) throw new Error(`smoke test: game ${seed} did not end`);
  const loaded = Game.load(g.save());
  if (JSON.stringify(loaded.snapshot()) !== JSON.stringify(snap)) throw new Error("smoke test: load(save()) differs");
  let code = null;
  try { g.apply({ type: "resettle" }); } catch (e) { code = e.code; }
  if (code !== "game_over") throw new Error(`smoke test: expected game_over, got ${code}`);
}
let bots = "";
if (typeof Game.prototype.botDecision === "function") {
  // The bots' package: greedy and search bots choose legal actions, and the odds answer.
  const g = new Game({ players: [{ name: "A" }, { name: "B" }], seed: 4 });
  let odds = 0;
  for (let i = 0; i < 60 && g.legalActions().length; i++) {
    const d = g.botDecision(i % 2 ? "greedy" : "search", i, { iterations: 20 });
    odds += g.voyageOdds().length;
    g.apply(d.action);
  }
  bots = `, 60 bot decisions, ${odds} voyage odds`;
}
let code = null;
try { new Game({ players: [] }); } catch (e) { code = e instanceof Error ? e.code : "not an Error"; }
if (code !== "bad_options") throw new Error(`smoke test: expected bad_options, got ${code}`);
console.log(`wasm-fixup: smoke test passed (${glueName}: engine ${version()}, 3 complete games, ${decisions} decisions${bots})`);
