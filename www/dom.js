// Building the page's elements (the panels of ui/, the lesson's coach, the online room).

/**
 * An element: `attrs` set as attributes, except `class`, `text` (the text
 * content), `style` (its cssText) and `on…` (event listeners); null,
 * undefined and false leave an attribute out, true sets it empty. Children
 * are nodes or text; null, undefined and false are left out.
 */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "style") e.style.cssText = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c.nodeType ? c : document.createTextNode(String(c)));
  return e;
}
