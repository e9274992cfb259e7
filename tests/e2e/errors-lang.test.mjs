// End-to-end (issue 6): engine errors in the table's language, and a
// language per table. A refused action and a tampered save show the German
// text of the engine's error key (card names stay as they are); two
// <tongiaki-game> boards with different `language` attributes each keep
// their own language, also when one of them switches.
import test, { before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, screenshot, BASE_URL } from "./lib/browser.mjs";
import { ready, idle } from "./lib/driver.mjs";

let browser;
before(async () => {
  browser = await launch({ viewport: { width: 1200, height: 800 }, locale: "en-GB" });
});
after(async () => {
  await browser.close();
});

const toastText = (page) => page.$eval("#toast", (t) => (t.hidden ? "" : t.textContent.trim()));

test("in German, a refused action and a tampered save say why in German", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}?lang=de&new`);
  await ready(page);
  await page.evaluate(() => {
    window.tongiakiApp.setSpeed(0);
    window.tongiakiApp.newGame({ players: [{ name: "Ana" }, { name: "Bo" }], seed: 41 });
  });
  await idle(page);
  assert.equal(await page.evaluate(() => window.tongiakiApp.language()), "de");

  // An action the engine refuses, played as a person would: the toast speaks German (and, during play, cites no rule: issue 30).
  const refused = await page.evaluate(() => window.tongiakiApp.tryAction({ type: "expand", tile: "tonga", beaches: [0] }));
  assert.equal(refused, null);
  assert.equal(await toastText(page), "Du kannst jetzt nicht deine Schiffe vermehren: Ana: setze ein Schiff auf einen Strand von Tonga (Vorbereitung).");
  // The engine's error itself: English message, key and args.
  const err = await page.evaluate(() => {
    try {
      window.tongiakiApp.apply({ type: "setup_place", beach: 9 });
    } catch (e) {
      return { message: e.message, code: e.code, key: e.key, args: e.args, de: window.tongiakiApp.errorText(e) };
    }
    return null;
  });
  assert.deepEqual(err, {
    message: "Tonga has no such beach; its beaches are numbered 1 to 6.",
    code: "illegal_action",
    key: "illegal.no_such_beach",
    args: { island: "Tonga", beaches: 6 },
    de: "Tonga hat keinen solchen Strand; seine Strände sind von 1 bis 6 nummeriert.",
  });
  await screenshot(page, "errors-de-refused");

  // A tampered save: the first entry names a beach Tonga does not have.
  const save = JSON.parse(await page.evaluate(() => window.tongiakiApp.save()));
  save.actions = [{ type: "setup_place", beach: 7 }];
  const shown = await page.evaluate((text) => window.tongiakiApp.openFile(text), JSON.stringify(save));
  assert.equal(
    shown,
    "Diese Datei ist kein Tongiaki-Spiel, das sich abspielen lässt: Eintrag 0 des Spielstands (setup_place) lässt sich nicht nachspielen: Tonga hat keinen solchen Strand; seine Strände sind von 1 bis 6 nummeriert.",
  );
  assert.equal(await toastText(page), shown);

  // Switched to English, the same refusal is the engine's own message, its rule citation left out (issue 30).
  await page.selectOption("#language", "en");
  await page.waitForFunction(() => document.documentElement.lang === "en"); // a switch applies once the words are here (i18n.js)
  await page.evaluate(() => window.tongiakiApp.tryAction({ type: "expand", tile: "tonga", beaches: [0] }));
  assert.equal(await toastText(page), "You cannot expand now: Ana: place a ship on a beach of Tonga (setup).");
  await page.close();
  assert.deepEqual(errors, []);
});

test("two boards on one page keep their own languages", async () => {
  const { page, errors } = await openPage(browser.context, `${BASE_URL}embed.html`);
  await page.waitForFunction(() => document.getElementById("game-a").tongiaki && document.getElementById("game-b").tongiaki, null, { timeout: 30000 });
  await page.evaluate(async () => {
    (await window.mounted).destroy();
    for (const id of ["game-a", "game-b", "mounted"]) document.getElementById(id).remove();
    document.body.insertAdjacentHTML(
      "beforeend",
      `<div style="height: 420px"><tongiaki-game id="t-de" language="de" players="Ana,Bo" bots="0" seed="5" speed="0"></tongiaki-game></div>
       <div style="height: 420px"><tongiaki-game id="t-he" language="he" players="Ana,Bo" bots="0" seed="6" speed="0"></tongiaki-game></div>`,
    );
  });
  await page.waitForFunction(() => document.getElementById("t-de").tongiaki && document.getElementById("t-he").tongiaki, null, { timeout: 30000 });
  const look = () =>
    page.evaluate(() =>
      ["t-de", "t-he"].map((id) => {
        const root = document.getElementById(id).shadowRoot;
        const toast = root.getElementById("toast");
        return {
          lang: root.querySelector(".tongiaki-root").lang,
          dir: root.querySelector(".tongiaki-root").dir,
          newGame: root.getElementById("new-game").textContent.trim(),
          select: root.getElementById("language").value,
          toast: toast.hidden ? "" : toast.textContent.trim(),
          action: root.querySelector("#actions li:first-child button")?.textContent.trim() ?? "",
        };
      }),
    );
  let [de, he] = await look();
  assert.deepEqual([de.lang, de.dir, de.newGame, de.select], ["de", "ltr", "Neues Spiel", "de"]);
  assert.deepEqual([he.lang, he.dir, he.newGame, he.select], ["he", "rtl", "משחק חדש", "he"]);
  assert.match(de.action, /^Ein Schiff auf Tonga setzen, Strand 1/);
  assert.match(he.action, /^הנח ספינה ב־Tonga/);

  // The same refusal on both boards, each in its own language.
  await page.evaluate(() => {
    for (const id of ["t-de", "t-he"]) document.getElementById(id).tongiaki.tryAction({ type: "found_kingdom", tile: "tonga" });
  });
  [de, he] = await look();
  assert.equal(de.toast, "Du kannst jetzt nicht eine Königsinsel gründen: Ana: setze ein Schiff auf einen Strand von Tonga (Vorbereitung).");
  assert.equal(he.toast, "אי אפשר להקים אי מלכותי עכשיו: Ana: הנח ספינה על חוף של Tonga (הכנה).");
  await screenshot(page, "errors-two-boards");

  // One board's switch leaves the other alone.
  await page.evaluate(() => {
    const sel = document.getElementById("t-de").shadowRoot.getElementById("language");
    sel.value = "it";
    sel.dispatchEvent(new Event("change"));
  });
  // the words of a language not used yet are fetched first (i18n.js): wait for the switch
  const speaks = (id, lang) => page.waitForFunction(([i, l]) => document.getElementById(i).shadowRoot.querySelector(".tongiaki-root").lang === l, [id, lang]);
  await speaks("t-de", "it");
  [de, he] = await look();
  assert.deepEqual([de.lang, de.newGame], ["it", "Nuova partita"]);
  assert.deepEqual([he.lang, he.dir, he.newGame], ["he", "rtl", "משחק חדש"]);
  // And the attribute of the other changes only that one.
  await page.evaluate(() => document.getElementById("t-he").setAttribute("language", "nl"));
  await speaks("t-he", "nl");
  [de, he] = await look();
  assert.deepEqual([de.lang, de.newGame], ["it", "Nuova partita"]);
  assert.deepEqual([he.lang, he.dir, he.newGame], ["nl", "ltr", "Nieuw spel"]);
  await page.close();
  assert.deepEqual(errors, []);
});
