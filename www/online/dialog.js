// "Play online" in the new-game dialog (ui/new-game.js): the check box, live or
// turn-based, and what changes with it — no seed (the server draws it), the
// hint, the button's words; the first seat must be a person (this player).

/**
 * `$` finds the dialog's parts by id; `t` the table's words; `offered`: can
 * this table reach a server? `preset`: {mode} ticks the box in that mode
 * ("Play again" at an online table). Returns { on(), problem(seats), options() }.
 */
export function onlineChoice($, t, offered, preset = null) {
  const box = $("online-play");
  $("online-row").hidden = !offered;
  box.checked = !!(offered && preset);
  if (box.checked && preset.mode) $("online-mode").value = preset.mode;
  const show = () => {
    const on = box.checked;
    $("online-mode").disabled = !on;
    $("online-hint").hidden = !on;
    $("seed-label").hidden = on;
    $("newgame-start").textContent = on ? t("o.create") : t("m.start");
  };
  show();
  box.onchange = show;
  return {
    on: () => offered && box.checked,
    /** Why these seats ({kind} in seat order) cannot be an online table, or null. */
    problem: (seats) => (seats[0] && seats[0].kind === "human" ? null : t("o.firstSeat")),
    options: () => ({ mode: $("online-mode").value }),
  };
}
