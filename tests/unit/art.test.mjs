// Sizes that hold at every zoom (www/art.js, issue 30): however small the
// table is drawn, a card's value and a trail's danger number are at least
// MIN_PX CSS px high; an island's name is left out below NAMES_FROM rather
// than drawn too small to read; each island looks like itself.
import test from "node:test";
import assert from "node:assert/strict";
import { createArt, MIN_PX, NAMES_FROM, islandLook } from "../../www/art.js";
import { islandTile, waterTile } from "./fixtures.mjs";

/** A 2D context that records the text drawn (its font size in device px) and keeps its transform. */
function recorder(k) {
  const texts = [];
  let m = { a: k, b: 0, c: 0, d: k, e: 0, f: 0 };
  const stack = [];
  const grad = { addColorStop() {} };
  const ctx = new Proxy(
    {},
    {
      get(t, key) {
        if (key === "getTransform") return () => ({ ...m });
        if (key === "setTransform") return (a, b, c, d, e, f) => (m = { a, b, c, d, e, f });
        if (key === "save") return () => stack.push({ ...m });
        if (key === "restore") return () => (m = stack.pop() || m);
        if (key === "translate") return (x, y) => (m = { ...m, e: m.e + m.a * x, f: m.f + m.d * y });
        if (key === "scale") return (x, y) => (m = { ...m, a: m.a * x, d: m.d * y });
        if (key === "fillText") return (str) => texts.push({ str: String(str), px: parseFloat(/([\d.]+)px/.exec(t.font)[1]) });
        if (key === "createRadialGradient" || key === "createLinearGradient") return () => grad;
        if (key in t) return t[key];
        return () => {};
      },
      set(t, key, v) {
        t[key] = v;
        return true;
      },
    },
  );
  return { ctx, texts };
}

test("small on screen: values and danger numbers at least MIN_PX, names left out", () => {
  for (const css of [14, 22, 30]) {
    const { ctx, texts } = recorder(css); // dpr 1: device px = CSS px
    const art = createArt(ctx, () => 1);
    art.drawTile(islandTile("samoa", 0, 0, 0), ["#2f6fe4"]);
    art.drawTile(waterTile("water-a", 1, 0, 0), []);
    assert.ok(!texts.some((x) => x.str === "Samoa"), `${css} px per hex: no name`);
    const value = texts.find((x) => x.str === "5");
    assert.ok(value && value.px >= MIN_PX.value - 1e-9, `${css} px per hex: the value at ${value && value.px} px`);
    const dangers = texts.filter((x) => x.str === "4");
    assert.equal(dangers.length, 6, "two numbers per trail of water-a");
    for (const d of dangers) assert.ok(d.px >= MIN_PX.danger - 1e-9, `${css} px per hex: a danger number at ${d.px} px`);
  }
});

test("large enough: the name is drawn, at least MIN_PX; close up it grows with the card", () => {
  const at = (css) => {
    const { ctx, texts } = recorder(css);
    createArt(ctx, () => 1).drawTile(islandTile("samoa", 0, 0, 0), ["#2f6fe4"]);
    return texts.find((x) => x.str === "Samoa");
  };
  const small = at(NAMES_FROM);
  assert.ok(small && small.px >= MIN_PX.name - 1e-9, `at ${NAMES_FROM} px per hex the name shows, ${small && small.px} px`);
  const big = at(160);
  assert.ok(big.px > 18, `close up: ${big.px} px`);
  // device pixels count as CSS pixels times the ratio: the same sizes on a dpr 2 screen
  const { ctx, texts } = recorder(2 * 22);
  createArt(ctx, () => 2).drawTile(islandTile("samoa", 0, 0, 0), []);
  assert.ok(texts.find((x) => x.str === "5").px >= 2 * MIN_PX.value - 1e-9);
});

test("each island looks like itself: its look comes from its id, the same every time", () => {
  const a = islandLook("samoa", 5);
  assert.deepEqual(islandLook("samoa", 5), a);
  const looks = ["tonga", "muroroa", "nauru", "tubuai", "rarotonga", "rapa-nui", "tokelau", "tuamotu", "hiva-oa", "mangareva", "oahu", "tahiti", "tuvalu", "fidschi", "hawaii", "samoa"].map((id) =>
    JSON.stringify(islandLook(id, 3).waves),
  );
  assert.equal(new Set(looks).size, looks.length, "sixteen coastlines");
});
