// The tool bar: new game, fit and zoom, speed, forced moves, save and open a
// file, replay, take back, "Learn to play", the language switch and help;
// below 600 px wide it folds into a menu (#menu-toggle). It reports what was
// chosen through the table's callbacks and shows what it is told.

import { el } from "../dom.js";
import { LANGUAGES } from "../i18n.js";

/** The tool bar of the table on `root` (`$` finds its elements); `cb` the intents; `i18n` its language. */
export function createToolbar(root, $, cb, i18n) {
  $("new-game").addEventListener("click", () => cb.openNewGame());
  $("fit").addEventListener("click", () => cb.fit());
  $("follow").addEventListener("click", () => cb.follow());
  $("sound").addEventListener("click", () => cb.sound());
  $("zoom-in").addEventListener("click", () => cb.zoom(1.25));
  $("zoom-out").addEventListener("click", () => cb.zoom(0.8));
  $("speed").addEventListener("change", (e) => cb.speed(Number(e.target.value)));
  $("auto-forced").addEventListener("change", (e) => cb.autoForced(e.target.checked));
  $("save-file").addEventListener("click", () => cb.saveFile());
  $("open-file").addEventListener("click", () => $("open-file-input").click());
  $("open-file-input").addEventListener("change", async (e) => {
    const file = e.target.files && e.target.files[0];
    e.target.value = "";
    if (file) cb.openFile(await file.text());
  });
  $("replay").addEventListener("click", () => cb.replay());
  $("take-back").addEventListener("click", () => cb.takeBack());
  $("learn").addEventListener("click", () => cb.learn());
  // A narrow screen folds the tool bar into a menu; choosing a tool closes it.
  const menu = $("menu-toggle");
  const tools = $("tools");
  const showMenu = (open) => {
    menu.setAttribute("aria-expanded", String(open));
    tools.classList.toggle("open", open);
  };
  menu.addEventListener("click", () => showMenu(!tools.classList.contains("open")));
  tools.addEventListener("click", (e) => {
    if (e.target.closest("button")) showMenu(false);
  });
  root.addEventListener("pointerdown", (e) => {
    if (tools.classList.contains("open") && !e.composedPath().some((x) => x === tools || x === menu)) showMenu(false);
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && tools.classList.contains("open")) {
      showMenu(false);
      menu.focus();
    }
  });
  const langSel = $("language");
  for (const l of LANGUAGES) langSel.append(el("option", { value: l.id, lang: l.id, text: l.name }));
  langSel.value = i18n.language();
  langSel.addEventListener("change", (e) => cb.language(e.target.value));
  $("help").addEventListener("click", () => $("help-dialog").showModal());
  $("help-close").addEventListener("click", () => $("help-dialog").close());

  /** Show the speed in its menu (when it is one of the menu's). */
  function showSpeed(v) {
    const sel = $("speed");
    if ([...sel.options].some((o) => Number(o.value) === v)) sel.value = String(v);
  }

  /** The Take-back button: enabled when there is a move to take back. */
  function showTakeBack(on) {
    $("take-back").disabled = !on;
  }

  function showAutoForced(on) {
    $("auto-forced").checked = on;
  }

  /** The sound switch: on or muted (issue 30). */
  function showSound(on) {
    const b = $("sound");
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("muted", !on);
    b.title = i18n.t(on ? "m.soundOnTitle" : "m.soundOffTitle");
    b.dataset.tTitle = on ? "m.soundOnTitle" : "m.soundOffTitle";
  }

  /** Show the language in the switch. */
  function showLanguage(id) {
    langSel.value = id;
  }

  return { showSpeed, showAutoForced, showTakeBack, showLanguage, showSound };
}
