// The board in words (issue 33): beside the canvas, a tree (WAI-ARIA
// treeview) of the islands, each with its beaches (the ships on them by
// colour and count), each beach with its jetties (where the trail leads and
// the dangers on the way), the water cards, the places to lay the card at
// hand, the pile and the scores — built by describe.js boardTree, kept in
// step with the game (a11y/index.js refresh), navigable as screen readers
// expect a tree: ↑/↓, → opens or goes in, ← closes or goes up (mirrored
// right to left, as a Hebrew reader expects of a tree), Home/End; Enter or
// Space plays the move an entry names (the click at its place on the
// board). The focused entry is also the board's focus (the ring, the camera
// and the hover follow it).

import * as D from "./describe.js";

const DEFAULT_OPEN = new Set(["group:islands", "group:water", "group:places", "group:scores"]);

/**
 * The text board of table `s` in `ul` (role=tree). `activate(target)` plays
 * what a click at the target does; `follow(target)` moves the board's focus.
 */
export function createTextBoard(s, ul, { activate, follow, unfollow }) {
  const open = new Set(DEFAULT_OPEN);
  const items = new Map(); // id -> { li, label, group, node }
  let active = "group:islands"; // the entry that takes the Tab stop (roving tabindex)
  let lastKey = "";
  const domId = (id) => `tb-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;

  const rtl = () => s.i18n.dir() === "rtl";
  const inTree = () => {
    const root = s.dom.root;
    const a = root.nodeType === 11 ? root.activeElement : root.ownerDocument.activeElement;
    return a && ul.contains(a) ? a : null;
  };

  /** Draw the tree `nodes` (describe.js boardTree), keeping the entries that did not change, and the focus. */
  function render(nodes) {
    const key = JSON.stringify([nodes, [...open]]);
    if (key === lastKey) return;
    lastKey = key;
    const had = inTree();
    const focusedId = had ? had.dataset.id : null;
    const seen = new Set();
    const build = (list, container, level) => {
      const lis = list.map((n, i) => {
        seen.add(n.id);
        let it = items.get(n.id);
        if (!it) {
          const li = document.createElement("li");
          li.setAttribute("role", "treeitem");
          li.id = domId(n.id);
          li.dataset.id = n.id;
          const label = document.createElement("span");
          label.className = "tb-label";
          li.append(label);
          it = { li, label, group: null, node: n };
          items.set(n.id, it);
        }
        it.node = n;
        const { li, label } = it;
        if (label.textContent !== n.name) label.textContent = n.name;
        li.classList.toggle("legal", !!n.legal);
        li.setAttribute("aria-level", String(level));
        li.setAttribute("aria-setsize", String(list.length));
        li.setAttribute("aria-posinset", String(i + 1));
        if (n.children.length) {
          const isOpen = open.has(n.id);
          li.setAttribute("aria-expanded", String(isOpen));
          if (!it.group) {
            it.group = document.createElement("ul");
            it.group.setAttribute("role", "group");
            li.append(it.group);
          }
          it.group.hidden = !isOpen;
          build(n.children, it.group, level + 1);
        } else {
          li.removeAttribute("aria-expanded");
          if (it.group) {
            it.group.remove();
            it.group = null;
          }
        }
        return li;
      });
      const now = [...container.children];
      if (now.length !== lis.length || now.some((x, i) => x !== lis[i])) container.replaceChildren(...lis);
    };
    build(nodes, ul, 1);
    for (const id of [...items.keys()]) if (!seen.has(id)) items.delete(id);
    if (!items.has(active) || !visible(items.get(active).li)) active = nearestVisible(active);
    for (const [id, it] of items) it.li.tabIndex = id === active ? 0 : -1;
    // the focus stays on its entry (or, if the entry left, on the nearest one still there)
    if (had && !inTree()) items.get(items.has(focusedId) && visible(items.get(focusedId).li) ? focusedId : active)?.li.focus({ preventScroll: true });
  }

  const visible = (li) => !li.closest("ul[hidden]");

  /** The entry `id`, else the nearest entry above it that shows; else the first. */
  function nearestVisible(id) {
    let li = items.get(id) ? items.get(id).li : null;
    while (li && !visible(li)) li = li.parentElement ? li.parentElement.closest('[role="treeitem"]') : null;
    return li ? li.dataset.id : ul.querySelector('[role="treeitem"]')?.dataset.id || "group:islands";
  }

  const visibleItems = () => [...ul.querySelectorAll('[role="treeitem"]')].filter(visible);

  function focusItem(li) {
    if (!li) return;
    active = li.dataset.id;
    for (const it of items.values()) it.li.tabIndex = it.li === li ? 0 : -1;
    li.focus();
  }

  function setOpen(id, on) {
    if (on) open.add(id);
    else open.delete(id);
    const it = items.get(id);
    if (it && it.group) {
      it.group.hidden = !on;
      it.li.setAttribute("aria-expanded", String(on));
    }
    lastKey = "";
  }

  ul.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const li = e.target.closest('[role="treeitem"]');
    if (!li) return;
    const it = items.get(li.dataset.id);
    if (!it) return;
    const list = visibleItems();
    const i = list.indexOf(li);
    const forward = rtl() ? "ArrowLeft" : "ArrowRight";
    const back = rtl() ? "ArrowRight" : "ArrowLeft";
    const hasKids = it.node.children.length > 0;
    const isOpen = open.has(it.node.id);
    let done = true;
    switch (e.key) {
      case "ArrowDown":
        focusItem(list[i + 1]);
        break;
      case "ArrowUp":
        focusItem(list[i - 1]);
        break;
      case "Home":
        focusItem(list[0]);
        break;
      case "End":
        focusItem(list[list.length - 1]);
        break;
      case forward:
        if (hasKids && !isOpen) setOpen(it.node.id, true);
        else if (hasKids) focusItem(it.group.querySelector('[role="treeitem"]'));
        break;
      case back:
        if (hasKids && isOpen) setOpen(it.node.id, false);
        else focusItem(li.parentElement.closest('[role="treeitem"]'));
        break;
      case "Enter":
      case " ":
        if (it.node.target && it.node.legal) activate(it.node.target);
        else if (hasKids) setOpen(it.node.id, !isOpen);
        else if (it.node.target) activate(it.node.target); // not legal: what a click there says (a hint, or the engine's reason)
        break;
      default:
        done = false;
    }
    if (done) {
      // the tree's keys are the tree's: not the table's (controls.js), nor the page's scrolling
      e.preventDefault();
      e.stopPropagation();
    }
  });

  ul.addEventListener("focusin", (e) => {
    const li = e.target.closest('[role="treeitem"]');
    if (!li) return;
    active = li.dataset.id;
    for (const it of items.values()) it.li.tabIndex = it.li === li ? 0 : -1;
    const it = items.get(li.dataset.id);
    if (it && it.node.target) follow(it.node.target);
    else unfollow();
  });

  ul.addEventListener("focusout", (e) => {
    if (!e.relatedTarget || !ul.contains(e.relatedTarget)) unfollow();
  });

  ul.addEventListener("click", (e) => {
    const li = e.target.closest('[role="treeitem"]');
    if (!li) return;
    e.stopPropagation();
    const it = items.get(li.dataset.id);
    if (!it) return;
    focusItem(li);
    if (it.node.target && it.node.legal) activate(it.node.target);
    else if (it.node.children.length) setOpen(it.node.id, !open.has(it.node.id));
  });

  /** The game or the UI changed: the tree again (legal: what a person may click now). */
  function refresh(legal, odds) {
    if (!s.snap) return;
    render(D.boardTree(s.snap, legal, s.ui, s.words, odds));
  }

  /** Open the entries above `target`'s and give it the focus. */
  function show(target) {
    const id = D.targetId(target);
    const up = [];
    if (target.tile !== undefined && target.beach !== undefined) up.push(D.targetId({ tile: target.tile }));
    if (target.jetty !== undefined) up.push(D.targetId({ tile: target.tile, beach: target.beach }));
    for (const x of up) setOpen(x, true);
    const it = items.get(id);
    if (it) focusItem(it.li);
  }

  return { refresh, show, focussed: () => !!inTree(), element: ul };
}
