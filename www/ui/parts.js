// Small parts the panels share: a player's colour chip and what a seat is.

import { colorOf } from "../render.js";
import { markOf, markSvg } from "../marks.js";
import { el } from "../dom.js";

/** Is this seat played by a bot (and not by a person, here or elsewhere)? */
export const isBotSeat = (seat) => !!seat && seat.kind !== "human" && seat.kind !== "remote";

/** A player's colour chip, with the colour's mark (marks.js) so that colour is not all it says. */
export function swatch(color) {
  const chip = el("span", { class: "swatch", style: `background:${colorOf(color)}`, "aria-hidden": "true", "data-mark": markOf(color) });
  chip.innerHTML = markSvg(markOf(color));
  return chip;
}

/** Show colour `color` on a chip made by swatch(). */
export function recolor(chip, color) {
  chip.style.background = colorOf(color);
  chip.dataset.mark = markOf(color);
  chip.innerHTML = markSvg(markOf(color));
}

/** A line of help under the status. */
export const hint = (text) => el("p", { class: "hint", text });
