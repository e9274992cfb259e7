// The game kept outside the page (issue 6): the running game in
// localStorage after every move (the engine's save() plus which seats are
// bots, and the options for "play again"), read back for resume(); the save
// file downloaded by "Save file". The text is always the engine's own save();
// loading it is Game.load, which replays it through the rules.

/** Write the running game under the table's storageKey (none: no autosave), where the source autosaves (not the replay viewer or a lesson, which keep the game before them, nor online, where the server keeps it). */
export function autosave(s) {
  if (!s.storageKey || !s.source.autosaves || !s.game) return;
  try {
    localStorage.setItem(s.storageKey, JSON.stringify({ save: s.game.save(), seats: s.seats.map((x) => x.kind), options: s.options }));
  } catch {
    // storage full or switched off: the game goes on unsaved
  }
}

/** The autosaved game: { game, options, kinds }, or null if there is none (or it no longer loads). */
export function savedGame(s) {
  if (!s.storageKey) return null;
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(s.storageKey));
  } catch {
    saved = null;
  }
  if (!saved || typeof saved.save !== "string") return null;
  let game;
  try {
    game = s.Game.load(saved.save);
  } catch {
    return null; // an old or broken save: start afresh
  }
  const n = game.snapshot().players.length;
  const kinds = Array.isArray(saved.seats) && saved.seats.length === n ? saved.seats.map(String) : Array(n).fill("human");
  const options = saved.options && Array.isArray(saved.options.players) ? saved.options : optionsOf(game, kinds);
  return { game, options, kinds };
}

/** "Play again" options for a loaded game: same players, a fresh seed. */
export function optionsOf(game, kinds) {
  const players = game.snapshot().players.map((p) => ({ name: p.name, color: p.color }));
  return { players, seats: kinds };
}

/** The options of `new Game` from a new game's options (without the UI-only seat kinds). */
export function engineOptions(options) {
  const o = { players: options.players.map((p) => ({ ...(p.name ? { name: p.name } : {}), ...(p.color ? { color: p.color } : {}) })) };
  if (options.seed !== undefined && options.seed !== null && options.seed !== "") o.seed = options.seed;
  if (options.deck) o.deck = options.deck;
  return o;
}

/** Download the game (the live one while the replay viewer is open) as a file. */
export function saveFile(s) {
  if (!s.game) return;
  let text;
  try {
    text = s.source.saveText();
  } catch (e) {
    s.dom.ui.toast(s.i18n.errorText(e), "info"); // an online game before its end: the server keeps its save
    return;
  }
  const d = new Date();
  const pad = (x) => String(x).padStart(2, "0");
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = s.words.SAVE_WORDS.fileName(stamp);
  a.hidden = true;
  const root = s.dom.root;
  (root.nodeType === 11 ? root : root.ownerDocument.body).append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
