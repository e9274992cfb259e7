// The review's panel (issue 32): progress and Stop while the bots' worker
// reviews the game; then a chart of each player's chance to win across the
// game, a line per player (wins lost to choices, to the cards, hints used),
// the moves that cost most (each a button that steps the replay there, where
// the board draws the better move), the luckiest and unluckiest reveals, and
// the review of the move the replay is at. It draws what it is given (a
// model built by review.js) and reports intents through `cb`: close, stop,
// resume, goTo(n) (the replay at the position before action n).

import { el } from "../dom.js";
import { colorOf } from "../render.js";
import { swatch } from "./parts.js";

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  return e;
};

/** Each seat's line has its own dashes too, so colour is not all that tells them apart. */
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"];

/** The chart's size in its own units (the SVG scales to the panel's width). */
const W = 320;
const H = 132;
const PAD = { l: 26, r: 8, t: 8, b: 16 };

/** The panel of the table on `root`, inserted at the top of its side panels; `t` its words. */
export function createReviewPanel(root, cb, t) {
  const side = root.querySelector(".side");
  const panel = el("section", { id: "review-panel", class: "panel review-panel", "aria-labelledby": "review-title", hidden: true });
  side.prepend(panel);
  let last = null;

  /** Draw the panel from `m` (review.js reviewModel); null hides it. */
  function render(m) {
    last = m;
    panel.hidden = !m;
    if (!m) return;
    const head = el(
      "div",
      { class: "review-head" },
      el("h2", { id: "review-title", text: t("rv.title") }),
      el("button", { type: "button", id: "review-close", class: "review-x", title: t("rv.close"), "aria-label": t("rv.close"), onclick: () => cb.close(), text: "×" }),
    );
    const parts = [head];
    if (m.status === "running") {
      const { done = 0, total = 0 } = m.progress || {};
      parts.push(
        el(
          "div",
          { class: "review-progress", role: "status" },
          el("progress", { id: "review-progress", max: String(Math.max(1, total)), value: String(done) }),
          el("span", { id: "review-progress-text", text: t("rv.working", done, total) }),
          el("button", { type: "button", id: "review-stop", onclick: () => cb.stop(), text: t("rv.stop") }),
        ),
      );
    }
    if (m.status === "error") parts.push(el("p", { class: "error", role: "alert", text: m.error }));
    if (m.status === "stopped")
      parts.push(el("p", { class: "review-note" }, m.stoppedText, " ", el("button", { type: "button", id: "review-resume", onclick: () => cb.resume(), text: t("rv.resume") })));
    if (m.chart) parts.push(chart(m.chart));
    if (m.here) parts.push(here(m.here));
    if (m.players && m.players.length) {
      parts.push(el("h3", { text: t("rv.players") }), el("ul", { class: "review-players" }, m.players.map((p) => el("li", { "data-seat": p.seat }, swatch(p.color), " ", p.text))));
    }
    if (m.costly) {
      parts.push(el("h3", { text: t("rv.costly") }));
      if (!m.costly.length) parts.push(el("p", { class: "review-note", text: t("rv.noCostly") }));
      else
        parts.push(
          el(
            "ol",
            { class: "review-costly" },
            m.costly.map((c) =>
              el(
                "li",
                {},
                el(
                  "button",
                  { type: "button", class: `review-move${c.current ? " current" : ""}`, "data-n": c.n, onclick: () => cb.goTo(c.n) },
                  el("span", { class: "review-move-title" }, swatch(c.color), " ", c.title),
                  el("span", { class: "review-cost", text: c.cost }),
                  el("span", { class: "review-why", text: c.why }),
                ),
              ),
            ),
          ),
        );
    }
    if (m.luck) {
      parts.push(el("h3", { text: t("rv.luck") }));
      const rows = [
        ["luckiest", t("rv.luckiest"), m.luck.luckiest],
        ["unluckiest", t("rv.unluckiest"), m.luck.unluckiest],
      ].filter((r) => r[2]);
      if (!rows.length) parts.push(el("p", { class: "review-note", text: t("rv.noLuck") }));
      for (const [cls, word, l] of rows)
        parts.push(
          el("button", { type: "button", class: `review-move review-${cls}`, "data-n": l.n, onclick: () => cb.goTo(l.n) }, el("span", { class: "review-move-title", text: word }), el("span", { class: "review-why", text: l.text })),
        );
    }
    panel.replaceChildren(...parts);
  }

  /** The review of the move the replay is at. */
  function here(h) {
    return el("div", { class: "review-here", id: "review-here", "aria-live": "polite", "data-n": h.n ?? "" }, el("p", { class: "review-here-title", text: h.title }), ...(h.lines || []).map((x) => el("p", { text: x })));
  }

  /** The chart: a line per seat (its colour and its own dashes), the costly moves numbered on the mover's line, where the replay is. */
  function chart(c) {
    const x0 = PAD.l;
    const x1 = W - PAD.r;
    const y0 = H - PAD.b;
    const y1 = PAD.t;
    const X = (x) => x0 + ((x1 - x0) * x) / Math.max(1, c.moves);
    const Y = (y) => y0 + (y1 - y0) * y;
    const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", id: "review-chart", role: "img", "aria-label": c.label });
    for (const y of [0, 0.5, 1]) {
      box.append(svg("line", { x1: x0, x2: x1, y1: Y(y), y2: Y(y), class: "grid" }));
      const lab = svg("text", { x: x0 - 3, y: Y(y) + 3, "text-anchor": "end", class: "axis" });
      lab.textContent = c.percent(y);
      box.append(lab);
    }
    c.series.forEach((pts, seat) => {
      if (!pts.length) return;
      const d = pts.map((p, i) => `${i ? "L" : "M"}${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join("");
      box.append(svg("path", { d, class: "line", "data-seat": seat, stroke: colorOf(c.colors[seat]), "stroke-dasharray": DASHES[seat % DASHES.length] || null }));
    });
    c.marks.forEach((m) => {
      const g = svg("g", { class: "mark", "data-n": m.n });
      g.append(svg("circle", { cx: X(m.x), cy: Y(m.y), r: 5.5, fill: "#fff", stroke: colorOf(c.colors[m.seat]) }));
      const tx = svg("text", { x: X(m.x), y: Y(m.y) + 3, "text-anchor": "middle", class: "mark-text" });
      tx.textContent = String(m.label);
      g.append(tx);
      box.append(g);
    });
    if (c.at !== null && c.at !== undefined) box.append(svg("line", { x1: X(c.at), x2: X(c.at), y1: y1, y2: y0, class: "cursor", id: "review-cursor" }));
    box.addEventListener("click", (e) => {
      const r = box.getBoundingClientRect();
      const x = ((e.clientX - r.left) / r.width) * W;
      const n = Math.round(((x - x0) / (x1 - x0)) * c.moves);
      cb.goTo(Math.max(0, Math.min(c.moves, n)));
    });
    // the legend: each seat's chip (colour and mark), a sample of its dashes, its name
    const sample = (seat) => {
      const s = svg("svg", { viewBox: "0 0 24 6", width: 24, height: 6, "aria-hidden": "true" });
      s.append(svg("line", { x1: 0, x2: 24, y1: 3, y2: 3, stroke: colorOf(c.colors[seat]), "stroke-width": 2.5, "stroke-dasharray": DASHES[seat % DASHES.length] || null }));
      return s;
    };
    const legend = el("ul", { class: "review-legend" }, c.names.map((name, seat) => el("li", {}, swatch(c.colors[seat]), sample(seat), name)));
    return el("figure", { class: "review-figure" }, el("figcaption", { text: t("rv.chart") }), box, legend);
  }

  return {
    render,
    /** Draw it again (another language): the model is rebuilt by the caller. */
    get shown() {
      return !panel.hidden;
    },
    get model() {
      return last;
    },
    element: panel,
  };
}

/** The panel's looks, put once into the table's root (its own rules, scoped by class: style.css stays as it is). */
export const REVIEW_CSS = `
.review-panel { display: flex; flex-direction: column; gap: 0.35rem; }
.review-panel h3 { font-size: 0.82rem; margin: 0.25rem 0 0; color: var(--wood); }
.review-head { display: flex; align-items: center; justify-content: space-between; }
.review-head h2 { margin: 0; }
.review-x { border: none; background: transparent; font-size: 1.2rem; line-height: 1; cursor: pointer; color: var(--ink-soft); padding: 0 0.3rem; }
.review-progress { display: flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; font-size: 0.85rem; }
.review-progress progress { flex: 1 1 8rem; }
.review-note { font-size: 0.85rem; margin: 0; color: var(--ink-soft); }
.review-figure { margin: 0; }
.review-figure figcaption { font-size: 0.8rem; color: var(--ink-soft); }
.review-chart { width: 100%; height: auto; display: block; background: #fffaf0; border: 1px solid var(--line); border-radius: 6px; cursor: pointer; }
.review-chart .grid { stroke: #e6d6b2; stroke-width: 0.6; }
.review-chart .axis { font-size: 8px; fill: var(--ink-soft); }
.review-chart .line { fill: none; stroke-width: 2; stroke-linejoin: round; }
.review-chart .mark circle { stroke-width: 1.6; }
.review-chart .mark-text { font-size: 7px; font-weight: 700; fill: var(--ink); }
.review-chart .cursor { stroke: var(--ink); stroke-width: 1; stroke-dasharray: 3 2; }
.review-legend { list-style: none; margin: 0.2rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.2rem 0.7rem; font-size: 0.8rem; }
.review-legend li { display: flex; align-items: center; gap: 0.25rem; }
.review-players { list-style: none; margin: 0; padding: 0; font-size: 0.85rem; }
.review-players li { margin: 0.15rem 0; }
.review-costly { margin: 0; padding-inline-start: 1.3rem; font-size: 0.85rem; }
.review-move { display: flex; flex-direction: column; align-items: flex-start; gap: 0.1rem; width: 100%; text-align: start; background: #fffaf0; border: 1px solid var(--line); border-radius: 6px; padding: 0.3rem 0.45rem; margin: 0.15rem 0; cursor: pointer; font: inherit; font-size: 0.85rem; color: var(--ink); }
.review-move:hover, .review-move:focus-visible { border-color: var(--accent); }
.review-move.current { border-color: #3ddc84; box-shadow: 0 0 0 2px rgba(61,220,132,0.35); }
.review-move-title { font-weight: 600; display: flex; align-items: center; gap: 0.25rem; }
.review-cost { color: #a0421a; font-weight: 600; }
.review-why { color: var(--ink-soft); }
.review-here { background: #fffaf0; border: 1px solid var(--line); border-inline-start: 4px solid #3ddc84; border-radius: 6px; padding: 0.3rem 0.5rem; font-size: 0.85rem; }
.review-here p { margin: 0.1rem 0; }
.review-here-title { font-weight: 600; }
.hint-box { position: absolute; left: 0.6rem; bottom: 0.6rem; max-width: min(26rem, calc(100% - 1.2rem)); background: rgba(6,48,77,0.92); color: #fff; border-radius: 8px; padding: 0.45rem 2rem 0.45rem 0.7rem; font-size: 0.9rem; z-index: 5; box-shadow: 0 2px 8px rgba(0,0,0,0.35); }
.hint-box button { position: absolute; top: 0.15rem; inset-inline-end: 0.3rem; border: none; background: transparent; color: #fff; font-size: 1.1rem; cursor: pointer; }
@media (max-width: 600px) {
  .review-panel { font-size: 0.9rem; }
  .hint-box { bottom: 3.2rem; }
}
`;
