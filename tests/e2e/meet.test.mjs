// Meeting strangers (issue 31), end to end in headless Chromium against a
// real `tongiaki serve` this test starts itself, with three browser
// contexts: Ana (desktop, English) makes a public turn-based table in the
// new-game dialog's online tab; Bo (a phone, Hebrew) finds it among the
// open tables and joins; Cy (desktop) quick-plays into a table of her own
// and, in another tab, watches Ana and Bo. They chat both ways (a canned
// phrase shows in each reader's language) and from the spectator; a
// reader mutes the spectator on their own screen. Bo reloads midway: the
// log shows the whole game as it was played, "While you were away" says
// what Ana did since his last move, and he steps back through it without
// leaving the table. The game is played to its end; Ana asks for a rematch
// and Bo joins it with one click under his name. Screenshots of the lobby,
// the chat and the rematch on desktop and phone, in English and Hebrew, go
// to test-artifacts/meet-*.png.
import test from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, openPage, screenshot } from "./lib/browser.mjs";
import { sleep, startServer, online, until, rng } from "./lib/server.mjs";
import { ready } from "./lib/driver.mjs";

/** The chat lines `page` shows: [{ who, text }] (muted speakers left out, as on screen). */
const chatShown = (page) =>
  page.$$eval("#chat-lines li.chat-line", (els) => els.map((e) => ({ who: e.querySelector(".chat-who").textContent, text: e.querySelector(".chat-text").textContent })));

const logLines = (page) => page.$$eval("#log li", (els) => els.map((e) => e.textContent));

/** Opens the new-game dialog at its online tab (the tool bar is a menu on a phone). */
async function onlineTab(page, phone = false) {
  if (phone) await page.click("#menu-toggle");
  await page.click("#new-game");
  await page.waitForSelector("#newgame-dialog[open]");
  await page.check("#online-play");
  await page.waitForSelector("#online-panel:not([hidden])");
}

/** Both languages of one view: `name-en.png` and `name-he.png`, back in `back` after. */
async function bothLanguages(page, name, back, settle = async () => {}) {
  for (const lang of ["en", "he"]) {
    await page.evaluate((l) => window.tongiakiApp.setLanguage(l), lang);
    await settle(lang);
    await screenshot(page, `${name}-${lang}`);
  }
  await page.evaluate((l) => window.tongiakiApp.setLanguage(l), back);
  await settle(back);
}

/** Plays one move at `page` as a person would from the list of legal actions; resolves once its table has it. */
async function playOne(page, pick) {
  const st = await page.evaluate(async () => {
    const app = window.tongiakiApp;
    await Promise.race([app.whenIdle(), new Promise((r) => setTimeout(r, 3000))]);
    return { online: app.online(), snap: app.snapshot(), legal: app.legalActions(), busy: app.uiState().busy };
  });
  if (st.online.status !== "playing" || st.online.connection !== "open" || st.busy || !st.legal.length || st.snap.current !== st.online.seat) return false;
  if (st.legal.length === 1) {
    // forced: the page plays it by itself (auto-play forced moves)
    await until(page, (x) => x.moves > st.online.moves || x.status === "over", "the forced move is played");
    return true;
  }
  const resettle = st.legal.find((x) => x.type === "resettle");
  const calm = st.legal.filter((x) => x.type !== "resettle");
  const action = resettle && (pick() < 0.25 || !calm.length) ? resettle : calm[Math.floor(pick() * calm.length)];
  await page.evaluate((a) => window.tongiakiApp.tryAction(a), action);
  await until(page, (x) => x.moves > st.online.moves || x.status === "over", `move ${st.online.moves + 1} is played`);
  return true;
}

test("meeting strangers: the lobby, quick play, chat, the whole game on a reload, a rematch", { timeout: 8 * 60 * 1000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "tongiaki-meet-e2e-"));
  const server = await startServer(`sqlite:${join(dir, "tables.db")}`);
  const base = server.url;
  const A = await launch({ viewport: { width: 1440, height: 900 } });
  const B = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const C = await launch({ viewport: { width: 1440, height: 900 } });
  try {
    // ---- Ana: a public, turn-based table for two from the dialog's online tab.
    const { page: a, errors: ea } = await openPage(A.context, `${base}?new`);
    await ready(a);
    await onlineTab(a);
    assert.equal(await a.inputValue("#online-own-name"), "", "asked once: nothing remembered yet");
    await a.click("#online-quick");
    assert.equal(await a.isVisible("#online-problem"), true, "no name, no table");
    await a.fill("#online-own-name", "Ana");
    assert.equal(await a.inputValue("#seats li:nth-child(1) .seat-name"), "Ana", "the first seat carries her name, not \"You\"");
    assert.equal(await a.isChecked("#online-find"), true, "Find players by default");
    assert.equal(await a.isChecked("#online-public"), true, "a public table for Find players");
    await a.check("#online-friends");
    assert.equal(await a.isChecked("#online-public"), false, "not for Invite friends");
    await a.check("#online-find");
    await a.selectOption("#online-mode", "turn");
    while ((await a.$$("#seats li")).length > 2) await a.click("#seats li:last-child .seat-remove");
    await a.selectOption("#seats li:nth-child(2) .seat-kind", "human");
    await a.click("#newgame-start");
    await a.waitForSelector("#online-dialog[open] #online-room:not([hidden])");
    const table = (await online(a)).table;

    // ---- Cy (desktop) sees it among the open tables; the lobby in both languages.
    const { page: c, errors: ec } = await openPage(C.context, `${base}?new`);
    await ready(c);
    await onlineTab(c);
    await c.waitForSelector(`#lobby-list li[data-table="${table}"]`);
    const row = await c.textContent(`#lobby-list li[data-table="${table}"]`);
    assert.match(row, /Ana/);
    assert.match(row, /1 of 2 seats free/);
    assert.match(row, /Turn-based/);
    assert.match(row, /waiting \d+ s/);
    await c.fill("#online-own-name", "Cy");
    await bothLanguages(c, "meet-lobby-desktop", "en", async () => {
      await sleep(4500); // the lobby is asked again every 4 s, in the language of the moment
    });

    // ---- Bo, on a phone in Hebrew, finds it and joins with one click.
    const { page: b, errors: eb } = await openPage(B.context, `${base}?new&lang=he`);
    await ready(b);
    await onlineTab(b, true);
    await b.fill("#online-own-name", "Bo");
    await b.waitForSelector(`#lobby-list li[data-table="${table}"]`);
    assert.match(await b.textContent(`#lobby-list li[data-table="${table}"]`), /Ana/);
    await bothLanguages(b, "meet-lobby-phone", "he", async () => sleep(4500));
    await b.click(`#lobby-list li[data-table="${table}"] .lobby-join`);
    await until(b, (o) => o.table === table && o.seat === 1 && o.status === "playing", "Bo sits in seat 1 and the game begins");
    await until(a, (o) => o.status === "playing", "Ana's game begins");
    assert.equal(await b.evaluate(() => localStorage.getItem("tongiaki.online.name")), "Bo", "the name is remembered");

    // ---- Cy: Quick play — Ana's table is full, so a new public table of her own.
    await c.waitForSelector(`#lobby-list li[data-table="${table}"]`, { state: "detached", timeout: 10000 });
    await c.click("#online-quick");
    const cys = await until(c, (o) => o.seat === 0 && o.status === "waiting" && o.table !== table, "Cy waits at a table of her own");
    assert.equal(cys.seats[0].name, "Cy");
    await c.waitForSelector("#online-dialog[open] #online-room:not([hidden])");

    for (const p of [a, b]) await p.evaluate(() => window.tongiakiApp.setSpeed(0));
    const pick = rng(31);
    const players = [a, b];
    /** Plays until `f(online of Ana)` holds or the game is over. */
    const playUntil = async (f, what) => {
      const t0 = Date.now();
      for (;;) {
        const o = await online(a);
        if (o.status === "over" || f(o)) return o;
        assert.ok(Date.now() - t0 < 240000, `${what} in time (${o.moves} moves so far)`);
        const snap = await a.evaluate(() => window.tongiakiApp.snapshot());
        if (!(await playOne(players[snap.current], pick))) await sleep(25);
      }
    };

    // ---- The chat: both ways, a phrase in each reader's language, a spectator.
    await playUntil((o) => o.moves >= 6, "the first moves");
    await a.fill("#chat-input", "Hello Bo <b>good luck</b>");
    await a.press("#chat-input", "Enter");
    // Bo's phone: the chat is folded under its title, which counts the new lines.
    await b.waitForFunction(() => document.querySelector("#chat-unread") && !document.querySelector("#chat-unread").hidden, null, { timeout: 10000 });
    assert.equal(await b.isVisible("#chat-body"), false, "folded on the phone");
    assert.match(await b.textContent("#chat-unread"), /1/);
    await b.click("#chat-toggle");
    await b.waitForSelector("#chat-lines li.chat-line");
    assert.deepEqual(await chatShown(b), [{ who: "Ana", text: "Hello Bo <b>good luck</b>" }], "plain text, never markup");
    await b.click('#chat-phrases [data-phrase="good_luck"]');
    await a.waitForFunction(() => document.querySelectorAll("#chat-lines li.chat-line").length === 2);
    assert.equal((await chatShown(a))[1].text, "Good luck!", "Ana reads Bo's phrase in English");
    await b.waitForFunction(() => document.querySelectorAll("#chat-lines li.chat-line").length === 2);
    assert.equal((await chatShown(b))[1].text, "בהצלחה!", "Bo reads it in Hebrew");

    // Cy watches Ana and Bo in another tab (late: the game has begun): the whole log so far.
    await playUntil((o) => o.moves >= 20, "twenty moves");
    const w = await C.context.newPage();
    const ew = [];
    w.on("pageerror", (e) => ew.push(e.message));
    await w.goto(`${base}?table=${table}`);
    await ready(w);
    await until(w, (o) => o.seat === null && o.connection === "open" && o.moves >= 20, "Cy watches");
    const wo = await online(w);
    const wlog = await logLines(w);
    assert.match(wlog[0], new RegExp(`The game so far: ${wo.moves} moves`), "a late spectator gets the game so far");
    await w.fill("#chat-input", "Have fun, both of you");
    await w.press("#chat-input", "Enter");
    await a.waitForFunction(() => document.querySelectorAll("#chat-lines li.chat-line").length === 3);
    assert.deepEqual((await chatShown(a))[2], { who: "Cy (watching)", text: "Have fun, both of you" });
    // Ana mutes the spectator on her own screen: gone for her, still there for Bo.
    await a.click('#chat-lines li.chat-line[data-speaker="w:Cy"] .chat-mute');
    assert.equal((await chatShown(a)).length, 2);
    assert.match(await a.textContent("#chat-muted"), /Cy/);
    await b.waitForFunction(() => document.querySelectorAll("#chat-lines li.chat-line").length === 3);
    await b.click('#chat-phrases [data-phrase="thinking"]');
    await a.waitForFunction(() => document.querySelectorAll("#chat-lines li.chat-line").length === 3);
    await bothLanguages(a, "meet-chat-desktop", "en");
    await bothLanguages(b, "meet-chat-phone", "he");
    await a.click("#chat-muted .chat-unmute");
    assert.equal((await chatShown(a)).length, 4, "unmuted: every line again");

    // ---- Bo reloads at his turn after Ana has moved: the whole log, and what Ana did while he was away.
    await playUntil((o) => o.moves >= 30, "thirty moves");
    let lastMover = null;
    for (;;) {
      const snap = await a.evaluate(() => window.tongiakiApp.snapshot());
      if (snap.phase === "over") break;
      if (snap.current === 1 && lastMover === 0) {
        const legal = await b.evaluate(() => window.tongiakiApp.legalActions());
        if (legal.length > 1 && (await online(b)).moves === (await online(a)).moves) break;
      }
      if (await playOne(players[snap.current], pick)) lastMover = snap.current;
      else await sleep(25);
    }
    const before = await online(a);
    assert.notEqual(before.status, "over", "a game still under way to reload in");
    await b.reload({ waitUntil: "load" });
    await ready(b);
    await b.evaluate(() => window.tongiakiApp.setSpeed(0));
    await until(b, (o) => o.connection === "open" && o.seat === 1 && o.moves === before.moves, "Bo is back at his seat");
    const blog = await logLines(b);
    const alog = await logLines(a);
    assert.match(blog[0], new RegExp(`${before.moves}`), "the log says how many moves the game has had");
    assert.equal(blog.length, alog.length, "every line Ana's log has (one heading each), in Bo's language");
    await b.waitForSelector("#online-away", { timeout: 10000 });
    assert.match(await b.textContent("#online-away"), /\d/);
    await screenshot(b, "meet-away-phone-he");
    // Step back through it without leaving the table.
    await b.click("#online-away-step");
    await b.waitForSelector("#replay-bar:not([hidden])");
    const rs = await b.evaluate(() => window.tongiakiApp.replayState());
    assert.equal(rs.n, before.moves);
    assert.ok(rs.k < before.moves, "at Bo's last move");
    await b.click("#replay-first");
    assert.equal((await b.evaluate(() => window.tongiakiApp.replayState())).k, 0);
    await b.click("#replay-exit");
    const back = await until(b, (o) => o.connection === "open" && o.seat === 1, "Bo is still at the table");
    assert.equal(back.table, table);
    assert.equal(JSON.stringify(await b.evaluate(() => window.tongiakiApp.snapshot())), JSON.stringify(await a.evaluate(() => window.tongiakiApp.snapshot())), "the table as it is");

    // ---- To the end; Ana asks for a rematch, Bo joins it with one click.
    const end = await playUntil(() => false, "the end of the game");
    assert.equal(end.status, "over");
    for (const p of [a, b, w]) await until(p, (x) => x.over, "the finished game's save is in", 20000);
    for (const p of [a, b, w]) {
      await p.waitForSelector("#ranking-dialog[open]");
      await p.click("#ranking-close");
    }
    await a.waitForSelector("#online-rematch");
    await bothLanguages(a, "meet-rematch-ask-desktop", "en");
    await a.click("#online-rematch");
    await b.waitForSelector("#online-rematch-join");
    assert.match(await b.textContent("#online-rematch-offer"), /Ana/);
    await w.waitForSelector("#online-rematch-watch");
    await until(a, (o) => o.seat === 0 && o.table !== table && o.status === "waiting", "Ana waits at the rematch table");
    await a.waitForSelector("#online-dialog[open] #online-room:not([hidden])");
    await bothLanguages(b, "meet-rematch-phone", "he");
    await bothLanguages(w, "meet-rematch-desktop", "en");
    await screenshot(a, "meet-rematch-room-desktop-en");
    const rematch = (await online(a)).table;
    await b.click("#online-rematch-join");
    await until(b, (o) => o.table === rematch && o.seat === 1 && o.status === "playing", "Bo plays the rematch");
    await until(a, (o) => o.table === rematch && o.status === "playing", "the rematch begins for Ana");
    const seats = (await online(a)).seats.map((x) => x.name);
    assert.deepEqual(seats, ["Ana", "Bo"], "under their names, the asker first");
    // "My tables": the rematch under way, the first game over.
    const mine = await a.evaluate(() => window.tongiakiApp.myTables(false));
    assert.deepEqual(
      mine.map((m) => [m.table, m.status]).sort(),
      [
        [rematch, "playing"],
        [table, "over"],
      ].sort(),
    );

    // ... and on the start screen of a new tab: the table under way, one click to go.
    const home = await A.context.newPage();
    const eh = [];
    home.on("pageerror", (e) => eh.push(e.message));
    await home.goto(`${base}?new`);
    await ready(home);
    await home.waitForSelector(`#my-tables li[data-table="${rematch}"]`);
    assert.equal(await home.$(`#my-tables li[data-table="${table}"]`), null, "a finished game is not on the start screen");
    assert.match(await home.textContent(`#my-tables li[data-table="${rematch}"]`), /Bo/);
    await screenshot(home, "meet-my-tables-desktop-en");
    await home.click(`#my-tables li[data-table="${rematch}"] .mine-go`);
    await until(home, (o) => o.table === rematch && o.seat === 0 && o.connection === "open", "one click: at the rematch, in Ana's seat");
    assert.equal(await home.$("#my-tables"), null, "the panel goes once at a table");

    for (const [who, errors] of [["Ana", ea], ["Bo", eb], ["Cy", ec], ["Cy watching", ew], ["Ana's new tab", eh]]) assert.deepEqual(errors, [], `${who}: no console errors`);
    console.log(`# table ${table}: ${end.moves} moves; rematch ${rematch}`);
  } finally {
    await A.close();
    await B.close();
    await C.close();
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
