// What the online end-to-end tests share (online.test.mjs, meet.test.mjs):
// a server of their own on a store of their own, and waiting on a page's
// online table.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "./browser.mjs";

// The binary scripts/test.sh built (TONGIAKI_BIN), else the release build.
export const BINARY = process.env.TONGIAKI_BIN || join(process.env.CARGO_TARGET_DIR || join(ROOT, "target"), "release", "tongiaki");
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `tongiaki serve` on `port` (0: any) with the store `db`; resolves to { url, port, kill }. */
export function startServer(db, port = 0) {
  const child = spawn(BINARY, ["serve", "--port", String(port), "--db", db, "--www", join(ROOT, "www"), "--pkg", join(ROOT, "pkg"), "--bot-delay", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr.resume(); // its request log
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not print its address")), 15000);
    child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const m = line.match(/^http:\/\/127\.0\.0\.1:(\d+)\/$/);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: line,
        port: Number(m[1]),
        kill: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGKILL");
          }),
      });
    });
  });
}

/** `page`'s online table (tongiakiApp.online()). */
export const online = (page) => page.evaluate(() => window.tongiakiApp.online());

/** Waits until `page`'s online table satisfies `f(online)`. */
export async function until(page, f, what, timeout = 30000) {
  const t0 = Date.now();
  for (;;) {
    const o = await online(page).catch(() => null);
    if (o && f(o)) return o;
    if (Date.now() - t0 > timeout) throw new Error(`timed out: ${what} (${JSON.stringify(o && { ...o, seats: undefined })})`);
    await sleep(20);
  }
}

/** A small deterministic generator (the choices among the legal actions). */
export function rng(seed) {
  let x = seed >>> 0;
  return () => ((x = (x * 1103515245 + 12345) >>> 0) / 4294967296);
}
