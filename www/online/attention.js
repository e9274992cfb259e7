// Calling the player back (issue 12): when it is their turn at an online
// table while the tab is in the background, the tab's title says so and,
// where the player allowed it, a notification shows (once per decision).
// The title comes back as soon as the tab is looked at or the turn passes.

/**
 * `doc`: the page's document; `Notification`: the browser's (or undefined).
 * Returns { update(mine, texts), ask(), clear() }.
 */
export function createAttention({ doc = globalThis.document, Notification = globalThis.Notification } = {}) {
  const plain = doc.title;
  let shownFor = null; // the decision a notification was shown for
  let note = null;

  function restore() {
    if (doc.title !== plain) doc.title = plain;
    if (note) {
      note.close();
      note = null;
    }
  }

  /**
   * `mine`: is a decision of ours waiting (and which: any value that changes
   * with it, e.g. the move count)? `texts`: { title, body } in the table's
   * language.
   */
  function update(mine, texts) {
    if (mine === null || mine === undefined || mine === false || !doc.hidden) {
      restore();
      if (mine === null || mine === undefined || mine === false) shownFor = null;
      return;
    }
    doc.title = `▶ ${texts.title} · ${plain}`;
    if (shownFor === mine || !Notification || Notification.permission !== "granted") return;
    shownFor = mine;
    try {
      note = new Notification(texts.title, { body: texts.body, tag: "tongiaki-turn" });
      note.onclick = () => {
        globalThis.focus?.();
        note?.close();
      };
    } catch {
      note = null; // some browsers only allow notifications from a service worker
    }
  }

  /** Ask for leave to notify (call from a click: browsers ignore it otherwise). */
  function ask() {
    if (Notification && Notification.permission === "default" && Notification.requestPermission) {
      Notification.requestPermission().catch(() => {});
    }
  }

  return { update, ask, clear: restore };
}
