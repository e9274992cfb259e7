// The new-game dialog: the seats (name, colour, a person or which bot, the
// order, two to six), a seed, and its online tab (online/dialog.js: quick
// play, the lobby, a new table). It resolves to the new game's options,
// once the engine accepts them (cb.tryNewGame), to an online choice
// ({online: {quick | join | go, …}}), or to null.

import { el } from "../dom.js";
import { COLOR_ORDER } from "../render.js";
import { BOT_KINDS } from "../bots.js";
import { onlineChoice } from "../online/dialog.js";
import { swatch, recolor } from "./parts.js";

/** The new-game dialog of the table (`$` finds its elements); `cb` the intents; `t` its words. */
export function createNewGameDialog($, cb, t) {
  function seatRow(seat, i) {
    const kindSel = el("select", { class: "seat-kind", "aria-label": t("ng.kind", i + 1) });
    kindSel.append(el("option", { value: "human", text: t("ng.person") }));
    for (const k of BOT_KINDS) kindSel.append(el("option", { value: k.id, text: t(`bot.${k.id}`) === `bot.${k.id}` ? k.label : t(`bot.${k.id}`) }));
    kindSel.value = seat.kind || "human";
    const colorSel = el("select", { class: "seat-color", "aria-label": t("ng.colour", i + 1) });
    for (const c of COLOR_ORDER) colorSel.append(el("option", { value: c, text: t(`color.${c}`) }));
    colorSel.value = seat.color;
    const sw = swatch(seat.color);
    colorSel.addEventListener("change", () => recolor(sw, colorSel.value));
    return el(
      "li",
      { class: "seat" },
      sw,
      el("input", { type: "text", class: "seat-name", value: seat.name || "", maxlength: "40", "aria-label": t("ng.name", i + 1), placeholder: t("seatName", i) }),
      colorSel,
      kindSel,
      el("button", { type: "button", class: "seat-up", "aria-label": t("ng.up", i + 1), title: i === 0 ? t("ng.starts") : t("ng.earlier"), disabled: i === 0, text: "↑" }),
      el("button", { type: "button", class: "seat-remove", "aria-label": t("ng.remove", i + 1), title: t("ng.removeTitle"), text: "✕" }),
    );
  }

  /** Open the dialog with `defaults` {seats:[{name,color,kind}], seed, online, preset}; resolves to options or null. */
  function newGameDialog(defaults) {
    const dlg = $("newgame-dialog");
    const list = $("seats");
    const err = $("newgame-error");
    err.hidden = true;
    let seats = defaults.seats.map((s) => ({ ...s }));
    const read = () =>
      [...list.children].map((li) => ({
        name: li.querySelector(".seat-name").value.trim(),
        color: li.querySelector(".seat-color").value,
        kind: li.querySelector(".seat-kind").value,
      }));
    const draw = () => {
      list.replaceChildren(...seats.map(seatRow));
      [...list.querySelectorAll(".seat-up")].forEach((b, i) => {
        b.addEventListener("click", () => {
          seats = read();
          [seats[i - 1], seats[i]] = [seats[i], seats[i - 1]];
          draw();
        });
      });
      [...list.querySelectorAll(".seat-remove")].forEach((b, i) => {
        b.disabled = seats.length <= 2;
        b.addEventListener("click", () => {
          seats = read();
          seats.splice(i, 1);
          draw();
        });
      });
      $("add-seat").disabled = seats.length >= 6;
    };
    draw();
    $("seed").value = defaults.seed ?? "";
    return new Promise((resolve) => {
      // "Play online" (online/dialog.js): quick play, a table of the lobby or of "My tables" close the dialog at once
      const online = onlineChoice($, t, defaults.online, defaults.preset, (options) => {
        done();
        dlg.close();
        resolve(options);
      });
      const add = () => {
        seats = read();
        const used = new Set(seats.map((s) => s.color));
        const color = COLOR_ORDER.find((c) => !used.has(c)) || "blue";
        seats.push({ name: "", color, kind: "random" });
        draw();
      };
      const submit = (e) => {
        e.preventDefault();
        const s = read();
        const colors = s.map((x) => x.color);
        if (new Set(colors).size !== colors.length) {
          err.textContent = t("ng.sameColour");
          err.hidden = false;
          return;
        }
        const seedText = $("seed").value.trim();
        const options = { players: s.map((x) => ({ name: x.name || undefined, color: x.color })), seats: s.map((x) => x.kind) };
        if (online.on()) {
          const problem = online.problem(s);
          if (problem) {
            err.textContent = problem;
            err.hidden = false;
            return;
          }
          options.online = online.options();
        } else if (seedText !== "") options.seed = Number(seedText);
        const problem = cb.tryNewGame(options);
        if (problem) {
          err.textContent = problem;
          err.hidden = false;
          return;
        }
        done();
        dlg.close();
        resolve(options);
      };
      const cancel = () => {
        done();
        dlg.close();
        resolve(null);
      };
      const done = () => {
        online.stop();
        $("add-seat").removeEventListener("click", add);
        $("newgame-form").removeEventListener("submit", submit);
        $("newgame-cancel").removeEventListener("click", cancel);
        dlg.removeEventListener("cancel", cancel);
      };
      $("add-seat").addEventListener("click", add);
      $("newgame-form").addEventListener("submit", submit);
      $("newgame-cancel").addEventListener("click", cancel);
      dlg.addEventListener("cancel", cancel);
      dlg.showModal();
    });
  }

  return { newGameDialog };
}
