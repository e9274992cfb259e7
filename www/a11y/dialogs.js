// Dialogs keep the focus (issue 33): while a modal dialog of the table is
// open, Tab and Shift+Tab go round its own controls (the browser would let
// them leave to its address bar), and when it closes the focus goes back to
// where it was before it opened (the button or key that opened it, else
// the board). Every <dialog> of the table counts, also those made later
// (the online tables' dialogs), so no dialog needs code of its own.

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The element that has the focus, inside shadow roots too. */
function deepActive(doc) {
  let a = doc.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

const usable = (el) => !el.disabled && !el.closest("[hidden]") && !el.closest("[inert]") && el.getClientRects().length > 0;

/** The controls of `dialog` that take the focus, in order. */
export function focusables(dialog) {
  return [...dialog.querySelectorAll(FOCUSABLE)].filter(usable);
}

/** Manage the dialogs under `root` (a document or shadow root); `fallback()` is where the focus goes when its opener is gone. */
export function manageDialogs(root, fallback) {
  const doc = root.ownerDocument || root;
  const openers = new WeakMap(); // dialog -> the element focused before it opened
  const wasOpen = new WeakSet();
  let lastOutside = null; // the last element focused outside any dialog

  const inDialog = (el) => !!(el && el.closest && el.closest("dialog"));
  root.addEventListener("focusin", () => {
    const a = deepActive(doc);
    if (a && !inDialog(a)) lastOutside = a;
  });
  // a key that opens a dialog (N, ?) is pressed while something outside has the focus
  doc.addEventListener(
    "keydown",
    () => {
      const a = deepActive(doc);
      if (a && !inDialog(a) && a !== doc.body) lastOutside = a;
    },
    true,
  );

  function opened(d) {
    wasOpen.add(d);
    openers.set(d, lastOutside);
    const a = deepActive(doc);
    if (!a || !d.contains(a)) (d.querySelector("[autofocus]") || focusables(d)[0] || d).focus?.();
  }

  function closed(d) {
    wasOpen.delete(d);
    const back = openers.get(d);
    openers.delete(d);
    const a = deepActive(doc);
    if (a && a !== doc.body && !d.contains(a) && a.isConnected) return; // the focus went somewhere on purpose (another dialog)
    const target = back && back.isConnected && usable(back) ? back : fallback();
    if (target) target.focus();
  }

  const check = () => {
    for (const d of root.querySelectorAll("dialog")) {
      if (d.open && !wasOpen.has(d)) opened(d);
      else if (!d.open && wasOpen.has(d)) closed(d);
    }
  };
  new MutationObserver(check).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });

  root.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
    const d = [...root.querySelectorAll("dialog[open]")].pop();
    if (!d) return;
    const list = focusables(d);
    if (!list.length) return;
    const a = deepActive(doc);
    const i = list.indexOf(a);
    if (e.shiftKey && (i <= 0 || !d.contains(a))) {
      e.preventDefault();
      list[list.length - 1].focus();
    } else if (!e.shiftKey && (i === list.length - 1 || !d.contains(a))) {
      e.preventDefault();
      list[0].focus();
    }
  });
  check();
}
