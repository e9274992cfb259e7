// Online tables (issue 12), end to end in headless Chromium against a real
// `tongiaki serve` that this test starts itself (so that it can kill -9 it
// and start it again on the same store and port): three browser contexts —
// Ana creates a two-seat table in the new-game dialog, Bo joins by the
// invitation link on a phone-sized screen, Cy watches by the same link — and
// the two players play a whole game through the UI's clicks (driver.mjs).
// Bo reloads midway; the server is killed and restarted midway; all three
// pages end with the same final snapshot, the game saves and replays like a
// local one. Screenshots go to test-artifacts/online-*.png.
import test from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, openPage, screenshot } from "./lib/browser.mjs";
import { sleep, startServer, online, until, rng } from "./lib/server.mjs";
import { ready, perform } from "./lib/driver.mjs";

/** What a page shows now, once nothing moves there (whenIdle). */
const settled = (page) =>
  page.evaluate(async () => {
    const app = window.tongiakiApp;
    await Promise.race([app.whenIdle(), new Promise((r) => setTimeout(r, 3000))]);
    return { online: app.online(), snap: app.snapshot(), legal: app.legalActions(), ui: app.uiState() };
  });

/** The voyage odds the page shows (worked out by the server at an online table). */
async function oddsShown(page) {
  await page.waitForFunction(() => Array.isArray(window.tongiakiApp.voyageOdds()), null, { timeout: 30000 }); // the server's odds arrive (a bound for a loaded machine, not a wait)
  return page.evaluate(() => window.tongiakiApp.voyageOdds());
}

/** Errors that a server killed on purpose makes: the sockets and requests of the minutes it was away. */
const expected = (e) => /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|net::ERR_ABORTED|Failed to load resource/.test(e);

test("online: two players and a spectator play a whole game by clicks, through a reload and a server restart", { timeout: 6 * 60 * 1000 }, async () => {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "tongiaki-online-e2e-"));
  const db = `sqlite:${join(dir, "tables.db")}`;
  let server = await startServer(db);
  const base = server.url;
  const A = await launch({ viewport: { width: 1280, height: 800 } });
  const B = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const C = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    // Ana: the new-game dialog, "Play online", two seats that are both people.
    const { page: a, errors: ea } = await openPage(A.context, `${base}?new`);
    await ready(a);
    await a.click("#new-game");
    await a.waitForSelector("#newgame-dialog[open]");
    await a.check("#online-play");
    assert.equal(await a.isVisible("#seed"), false, "online, the server draws the seed");
    while ((await a.$$("#seats li")).length > 2) await a.click("#seats li:last-child .seat-remove");
    await a.fill("#online-own-name", "Ana"); // the name, asked once (issue 31)
    await a.selectOption("#seats li:nth-child(2) .seat-kind", "human");
    await screenshot(a, "online-dialog");
    await a.click("#newgame-start");
    await a.waitForSelector("#online-dialog[open] #online-room:not([hidden])");
    const link = await a.inputValue("#online-link");
    assert.match(link, /\?table=[a-z0-9]{16}$/);
    assert.equal(await a.isVisible("#online-start"), true, "the creator may start early");
    await a.waitForSelector('#online-seats li[data-seat="1"].free');
    await screenshot(a, "online-room");

    // Bo: the link on a phone; a name; the game begins when the last seat is taken.
    const { page: b, errors: eb } = await openPage(B.context, link);
    await ready(b);
    await b.waitForSelector("#online-dialog[open] #online-join:not([hidden])");
    assert.match(await b.textContent("#online-join-text"), /Ana/);
    await b.fill("#online-name", "Bo");
    await screenshot(b, "online-join-phone");
    await b.click("#online-join-button");
    const table = (await until(a, (o) => o.status === "playing", "the game begins for Ana")).table;
    await until(b, (o) => o.status === "playing" && o.seat === 1, "Bo sits in seat 1");
    assert.equal(await a.isVisible("#online-dialog"), false, "the room closes when the game begins");

    // Cy: the same link, once the game is under way, watches.
    const { page: c, errors: ec } = await openPage(C.context, link);
    await ready(c);
    await until(c, (o) => o.status === "playing" && o.seat === null && o.connection === "open", "Cy watches");
    assert.equal((await c.textContent("#controls")).includes("Waiting for Ana"), true);
    // Take back is a local feature: off at an online table.
    assert.equal(await a.isDisabled("#take-back"), true);

    for (const p of [a, b, c]) await p.evaluate(() => window.tongiakiApp.setSpeed(0.15)); // animations on, but quick
    const pages = [a, b, c];
    const seatPage = [a, b];
    const pick = rng(12);
    let reloaded = false;
    let restarted = false;
    let shots = false;
    let clicks = 0;
    let oddsSeen = 0;
    const t0 = Date.now();
    for (;;) {
      const o = await online(a);
      if (o.status === "over") break;
      assert.ok(Date.now() - t0 < 180000, `the game ends in time (${o.moves} moves so far)`);
      const snap = await a.evaluate(() => window.tongiakiApp.snapshot());
      if (snap.phase === "over") break;
      const p = seatPage[snap.current];
      const st = await settled(p);
      if (st.online.moves !== o.moves || st.snap.current !== snap.current || st.online.connection !== "open" || !st.legal.length || st.ui.busy) {
        await sleep(30); // that page is catching up, or its own forced move is on its way
        continue;
      }
      if (st.legal.length === 1) {
        // The page plays a forced move by itself (auto-play forced moves), as at a local table.
        await until(p, (x) => x.moves > st.online.moves || x.status === "over", "the forced move is played");
        continue;
      }
      // A full beach to sail: the voyage odds come from the server, as at a local table.
      const emigrations = st.legal.filter((x) => x.type === "emigrate");
      if (emigrations.length) {
        const odds = await oddsShown(p);
        assert.equal(odds.length, emigrations.length, "one entry per legal emigration");
        const same = (x, y) => x.tile === y.tile && x.beach === y.beach && x.jetty === y.jetty;
        for (const e of odds) assert.ok(emigrations.some((x) => same(x, e.action)), JSON.stringify(e.action));
        await p.waitForFunction(() => /%/.test(document.querySelector("#actions").textContent), null, { timeout: 30000 }); // the list of choices gives the odds
        if (!oddsSeen) await screenshot(p, "online-odds");
        oddsSeen++;
      }
      // Random choices, but resettle (which reveals a card, R40) one time in five when it may:
      // such games end within a few hundred moves (90 to 417 over 100 seeds, measured with the engine).
      const resettle = st.legal.find((x) => x.type === "resettle");
      const calm = st.legal.filter((x) => x.type !== "resettle");
      const action = resettle && (pick() < 0.2 || !calm.length) ? resettle : calm[Math.floor(pick() * calm.length)];
      await perform(p, action, st);
      clicks++;
      const after = await until(p, (x) => x.moves > st.online.moves, `move ${st.online.moves + 1} (${JSON.stringify(action)}) is played`);
      const played = await p.evaluate(() => window.tongiakiApp.snapshot());
      assert.ok(after.moves === st.online.moves + 1 || played.phase === "over" || after.moves > st.online.moves);
      for (const q of pages) await until(q, (x) => x.moves >= after.moves, "every page sees the move");

      if (!shots && after.moves >= 24) {
        shots = true;
        await screenshot(a, "online-game-ana");
        await screenshot(b, "online-game-bo-phone");
        await screenshot(c, "online-spectator");
        // The animations have been seen; the rest of the game goes at full speed.
        for (const q of pages) await q.evaluate(() => window.tongiakiApp.setSpeed(0));
      }
      if (!reloaded && after.moves >= 30) {
        // Bo reloads: the token in localStorage gets the seat back, and the page catches up.
        reloaded = true;
        await b.reload({ waitUntil: "load" });
        await ready(b);
        await b.evaluate(() => window.tongiakiApp.setSpeed(0));
        await until(b, (x) => x.connection === "open" && x.seat === 1 && x.moves >= after.moves, "Bo is back at his seat after the reload");
      }
      if (!restarted && after.moves >= 60) {
        // kill -9, and the server comes back on the same store and port: every page reconnects by itself.
        restarted = true;
        await server.kill();
        await until(a, (x) => x.connection !== "open", "Ana sees the connection drop");
        await sleep(300);
        server = await startServer(db, server.port);
        // (a forced move a page sent by itself may have been committed just before the kill)
        for (const q of pages) await until(q, (x) => x.connection === "open" && x.moves >= after.moves, "reconnected after the restart");
      }
    }
    assert.ok(reloaded && restarted, "the reload and the restart happened");
    assert.ok(oddsSeen > 0, "a player had a full beach to sail");

    // All three: the game is over, its save fetched, the same final snapshot.
    for (const q of pages) await until(q, (x) => x.over, "the finished game's save is in", 20000);
    const finals = await Promise.all(pages.map((q) => q.evaluate(() => JSON.stringify(window.tongiakiApp.snapshot()))));
    assert.equal(JSON.parse(finals[0]).phase, "over");
    assert.equal(finals[1], finals[0], "Bo's final snapshot is Ana's");
    assert.equal(finals[2], finals[0], "Cy's final snapshot is Ana's");

    // A finished online game saves and replays like a local one.
    await a.waitForSelector("#ranking-dialog[open]");
    await screenshot(a, "online-over");
    await a.click("#ranking-close");
    const [download] = await Promise.all([a.waitForEvent("download"), a.click("#save-file")]);
    const saved = JSON.parse(readFileSync(await download.path(), "utf8"));
    const moves = (await online(a)).moves;
    assert.equal(saved.actions.length, moves, "the save holds every move");
    assert.equal(typeof saved.options.seed, "number", "once over, the save holds the seed");
    await a.click("#replay");
    await a.waitForSelector("#replay-bar:not([hidden])");
    await a.click("#replay-first");
    assert.deepEqual(await a.evaluate(() => window.tongiakiApp.replayState()), { k: 0, n: moves });
    await a.click("#replay-exit");
    assert.equal(await a.evaluate(() => JSON.stringify(window.tongiakiApp.snapshot())), finals[0]);

    // …and is reviewed like one (issue 32): its public save, in the bots' worker.
    await a.evaluate(() => window.tongiakiApp.review.configure({ iterations: 32 }));
    await a.click("#review");
    await a.waitForFunction(() => window.tongiakiApp.review.state()?.status === "done", null, { timeout: 180000 });
    const reviewed = await a.evaluate(() => window.tongiakiApp.review.state());
    assert.equal(reviewed.worker, true, "reviewed in the bots' worker");
    assert.equal(reviewed.review.moves, moves, "the whole online game is reviewed");
    const lines = await a.$$eval("#review-chart path.line", (ps) => ps.length);
    assert.equal(lines, reviewed.review.players.length, "a line of the chart per player");
    assert.ok((await a.$$(".review-players li")).length === reviewed.review.players.length, "a line of words per player");
    await a.click("#review-close");
    assert.equal(await a.evaluate(() => JSON.stringify(window.tongiakiApp.snapshot())), finals[0]);

    // "Play again" at an online table: a rematch (issue 31). Bo asks: a table like this one, his seat first; Ana is offered it.
    await b.waitForSelector("#ranking-dialog[open]");
    await b.click("#play-again");
    const again = await until(b, (o) => o.table !== table && o.seat === 0 && o.status === "waiting", "Bo waits at the rematch");
    assert.equal(again.seats[0].name, "Bo", "Bo's seat first");
    assert.equal(again.seats[1].free, true, "the other player a person, to come");
    await a.waitForSelector("#online-rematch-join");
    assert.match(await a.textContent("#online-rematch-offer"), /Bo/);

    for (const [who, errors] of [["Ana", ea], ["Bo", eb], ["Cy", ec]]) {
      assert.deepEqual(errors.filter((e) => !expected(e)), [], `${who}: no console errors`);
    }
    console.log(`# table ${table}: ${moves} moves (${clicks} clicked, ${moves - clicks} forced ones played by the pages themselves), whole test ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await A.close();
    await B.close();
    await C.close();
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("online on a phone: a bot seat and a turn-based table, a second tab of the same browser, a spectator, an embedded table", { timeout: 2 * 60 * 1000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "tongiaki-online-e2e-"));
  const server = await startServer(`sqlite:${join(dir, "tables.db")}`);
  const base = server.url;
  const P = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const D = await launch({ viewport: { width: 1280, height: 800 } });
  const S = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    // Ana on a phone: three seats, the last a greedy bot, turn-based.
    const { page: p, errors: ep } = await openPage(P.context, `${base}?new`);
    await ready(p);
    await p.click("#menu-toggle");
    await p.click("#new-game");
    await p.waitForSelector("#newgame-dialog[open]");
    await p.check("#online-play");
    await p.selectOption("#online-mode", "turn");
    await p.fill("#online-own-name", "Ana");
    await p.selectOption("#seats li:nth-child(2) .seat-kind", "human");
    await p.selectOption("#seats li:nth-child(3) .seat-kind", "greedy");
    await screenshot(p, "online-dialog-phone");
    // Every seat's controls inside the dialog on the phone: nothing cut off at its edge.
    const clipped = await p.$$eval("#seats li > *", (els) => {
      const box = document.querySelector("#newgame-dialog").getBoundingClientRect();
      return els.filter((e) => { const r = e.getBoundingClientRect(); return r.right > box.right + 0.5 || r.left < box.left - 0.5; }).map((e) => e.className);
    });
    assert.deepEqual(clipped, [], "the seat rows fit the phone's dialog");
    // The first seat must be a person online.
    await p.selectOption("#seats li:nth-child(1) .seat-kind", "random");
    await p.click("#newgame-start");
    assert.match(await p.textContent("#newgame-error"), /first seat/);
    await p.selectOption("#seats li:nth-child(1) .seat-kind", "human");
    await p.click("#newgame-start");
    await p.waitForSelector("#online-dialog[open] #online-room:not([hidden])");
    await p.waitForSelector('#online-seats li[data-seat="2"] .badge');
    assert.match(await p.textContent("#online-mode-line"), /Turn-based/);
    assert.match(await p.textContent('#online-seats li[data-seat="2"]'), /greedy/);
    await screenshot(p, "online-room-phone");
    const link = await p.inputValue("#online-link");

    // Bo joins at a desktop; a second tab of his browser sits at his seat too.
    const { page: d, errors: ed } = await openPage(D.context, link);
    await ready(d);
    await d.waitForSelector("#online-dialog[open] #online-join:not([hidden])");
    await d.fill("#online-name", "Bo");
    await d.click("#online-join-button");
    await until(d, (o) => o.status === "playing" && o.seat === 1, "Bo plays");
    const tab = await D.context.newPage();
    await tab.goto(link);
    await ready(tab);
    await until(tab, (o) => o.seat === 1 && o.connection === "open", "the second tab sits at Bo's seat");
    await tab.close();

    // Cy watches on a phone.
    const { page: w, errors: ew } = await openPage(S.context, link);
    await ready(w);
    await until(w, (o) => o.seat === null && o.connection === "open" && o.status === "playing", "Cy watches");
    const bar = await p.textContent("#online-bar");
    assert.doesNotMatch(bar, /left in this turn/, "a turn-based table has no clock");

    // Ana and Bo place their setup ships by clicks; the bot places its own on the server.
    const players = [p, d];
    for (;;) {
      const o = await online(p);
      const snap = await p.evaluate(() => window.tongiakiApp.snapshot());
      if (snap.phase !== "setup") break;
      if (snap.current === 2) {
        await until(p, (x) => x.moves > o.moves, "the bot moves on the server");
        continue;
      }
      const q = players[snap.current];
      const st = await settled(q);
      if (st.online.moves !== o.moves || st.ui.busy || !st.legal.length) {
        await sleep(30);
        continue;
      }
      await perform(q, st.legal[0], st);
      await until(q, (x) => x.moves > o.moves, "the click is played");
    }
    const now = (await online(p)).moves;
    await until(w, (x) => x.moves >= now, "the spectator keeps up");
    const seen = await w.evaluate(() => window.tongiakiApp.snapshot());
    assert.ok(seen.tiles[0].beaches.flatMap((b) => b.ships).includes(2), "the bot's ships are on Tonga");
    await screenshot(w, "online-spectator-phone");
    await screenshot(d, "online-game-bo");

    // <tongiaki-game table server> in another page of Cy's browser: it watches the same table.
    const embed = await S.context.newPage();
    await embed.goto(`${base}embed.html`);
    await embed.evaluate(([id, server]) => {
      const box = document.createElement("div");
      box.style.height = "480px";
      box.innerHTML = `<tongiaki-game id="online-table" table="${id}" server="${server}"></tongiaki-game>`;
      document.body.prepend(box);
    }, [(await online(p)).table, base]);
    await embed.waitForFunction(() => {
      const t = document.getElementById("online-table").tongiaki;
      return t && t.online() && t.online().connection === "open" && t.online().moves > 0;
    }, null, { timeout: 30000 });
    const moves = (await online(p)).moves;
    await embed.waitForFunction((n) => document.getElementById("online-table").tongiaki.online().moves === n, moves);
    const [inEmbed, inPage] = await Promise.all([
      embed.evaluate(() => JSON.stringify(document.getElementById("online-table").tongiaki.snapshot())),
      p.evaluate(() => JSON.stringify(window.tongiakiApp.snapshot())),
    ]);
    assert.equal(inEmbed, inPage, "the embedded table shows the same game");
    assert.equal(await embed.evaluate(() => document.getElementById("online-table").tongiaki.online().seat), null);

    for (const [who, errors] of [["Ana", ep], ["Bo", ed], ["Cy", ew]]) assert.deepEqual(errors, [], `${who}: no console errors`);
  } finally {
    await P.close();
    await D.close();
    await S.close();
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
