// Shared helpers for the end-to-end tests: launch Debian's Chromium through
// playwright-core (never a downloaded browser), collect console errors, save
// screenshots to test-artifacts/.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

// The page under test: TONGIAKI_URL, or BASE_URL as scripts/test.sh sets it.
export const BASE_URL = (process.env.TONGIAKI_URL || process.env.BASE_URL || "http://127.0.0.1:8080/").replace(/\/?$/, "/");
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const ARTIFACTS = join(ROOT, "test-artifacts");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Start Chromium with a fresh user-data-dir. Returns { context, close }.
 * A persistent context is how playwright passes --user-data-dir.
 */
export async function launch({ viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1, locale, hasTouch, isMobile } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), "tongiaki-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    deviceScaleFactor,
    ...(locale ? { locale } : {}),
    ...(hasTouch ? { hasTouch } : {}),
    ...(isMobile ? { isMobile } : {}),
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Open a page and record console errors and uncaught exceptions in `errors`. */
export async function openPage(context, url = BASE_URL) {
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    // ERR_ABORTED: cut short because the page navigated away (a reload, a new
    // URL), e.g. the bots' worker still fetching its wasm; not a failure to load.
    if (req.failure()?.errorText === "net::ERR_ABORTED") return;
    errors.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`);
  });
  if (url) await page.goto(url, { waitUntil: "load" });
  return { page, errors };
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The modules a served bundle (pkg/page.js, pkg/tongiaki-element.js) carries, as the paths they would be fetched at. */
export async function bundledModules(bundle) {
  const text = await (await fetch(new URL(bundle, BASE_URL))).text();
  return [...text.matchAll(/^__defs\["([^"]+)"\]/gm)].map((m) => `/${m[1]}`);
}
