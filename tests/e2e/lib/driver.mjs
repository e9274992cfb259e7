// Plays actions on the page the way a person does: by clicking the canvas at
// the points window.tongiakiApp.pointFor() names, and the picker, tray and
// rotation controls. Never calls apply() to make a move.

export async function ready(page) {
  await page.waitForFunction(
    () => (window.tongiakiApp && window.tongiakiApp.ready) || document.querySelector("#loading.error"),
    null,
    { timeout: 30000 },
  );
  const failed = await page.evaluate(() => document.querySelector("#loading.error")?.textContent);
  if (failed) throw new Error(`the page could not start the engine: ${failed}`);
}

export const idle = (page) => page.evaluate(() => window.tongiakiApp.whenIdle());
export const state = (page) =>
  page.evaluate(() => ({
    snap: window.tongiakiApp.snapshot(),
    legal: window.tongiakiApp.legalActions(),
    ui: window.tongiakiApp.uiState(),
    log: JSON.parse(window.tongiakiApp.save()).actions,
  }));

export async function pointFor(page, target) {
  return page.evaluate((t) => window.tongiakiApp.pointFor(t), target);
}

/** Click the canvas where `target` is (moving the pointer there first, as a hand would). */
export async function clickTarget(page, target) {
  // Aim as a hand does, at a target that has stopped moving: the camera
  // may still be framing the decision (on a loaded machine past whenIdle's
  // bound), and a point read mid-glide would be clicked after it moved.
  let p = await pointFor(page, target);
  for (let n = 0; n < 40; n++) {
    await new Promise((r) => setTimeout(r, 50));
    const q = await pointFor(page, target);
    const still = q && p && Math.abs(q.x - p.x) < 0.5 && Math.abs(q.y - p.y) < 0.5;
    p = q;
    if (still) break;
  }
  await page.mouse.move(p.x, p.y, { steps: 2 });
  await page.mouse.click(p.x, p.y);
}

const sortNum = (a) => a.slice().sort((x, y) => x - y);

/** Same action, with expand beaches as a set and place_new beaches as a multiset. */
export function sameAction(a, b) {
  if (!a || !b || a.type !== b.type) return false;
  const norm = (x) => {
    const o = { ...x };
    if (o.beaches) o.beaches = sortNum(o.beaches);
    if (!o.take) delete o.take;
    else o.take = { tile: o.take.tile, beach: o.take.beach };
    return JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
  };
  return norm(a) === norm(b);
}

/** The input kind a person uses for an action (what the e2e tests must cover). */
export function inputKind(action, snap, legal) {
  switch (action.type) {
    case "setup_place":
    case "place_ship":
      return "beach";
    case "expand": {
      if (action.take) return "beach-take";
      const forTile = legal.filter((a) => a.type === "expand" && a.tile === action.tile);
      return forTile.length === 1 ? "island" : "beach-select";
    }
    case "place_new":
      return "beach-select";
    case "found_kingdom":
      return "picker-king";
    case "resettle":
      return "picker-resettle";
    case "emigrate":
      return "jetty";
    case "land": {
      const group = snap.pending.group;
      return action.seat !== Math.min(...group) ? "tray-colour" : "beach";
    }
    case "return":
      return "send-home";
    case "place_card": {
      // "card-turn" when the card must be turned from the first legal rotation shown there.
      const first = legal.find((a) => a.type === "place_card" && a.q === action.q && a.r === action.r);
      return first && first.rotation !== action.rotation ? "card-turn" : "card";
    }
    default:
      return action.type;
  }
}

/**
 * Perform `action` through the UI. `how` chooses among equivalent inputs for
 * rotation ("key" | "button" | "wheel"). Returns the input kind used.
 */
export async function perform(page, action, { snap, legal, ui }, how = {}) {
  const kind = inputKind(action, snap, legal);
  switch (action.type) {
    case "setup_place":
      await clickTarget(page, { tile: "tonga", beach: action.beach });
      break;
    case "place_ship":
      await clickTarget(page, { tile: snap.pending.tile, beach: action.beach });
      break;
    case "expand": {
      if (ui.mode !== "expand") await page.click("#pick-expand");
      if (action.take) {
        await clickTarget(page, action.take);
        await clickTarget(page, { tile: action.tile, beach: action.beaches[0] });
      } else if (kind === "island") {
        await clickTarget(page, { tile: action.tile });
      } else {
        for (const b of action.beaches) await clickTarget(page, { tile: action.tile, beach: b });
      }
      break;
    }
    case "place_new":
      for (const b of action.beaches) await clickTarget(page, { tile: action.tile, beach: b });
      break;
    case "found_kingdom":
      await page.click("#pick-king");
      await clickTarget(page, { tile: action.tile });
      break;
    case "resettle":
      await page.click("#pick-resettle");
      break;
    case "emigrate":
      await clickTarget(page, { tile: action.tile, jetty: action.jetty });
      break;
    case "land":
      if (ui.traySeat !== action.seat) await page.click(`.tray-seat[data-seat="${action.seat}"]`);
      await clickTarget(page, { tile: snap.pending.tile, beach: action.beach });
      break;
    case "return":
      if (ui.traySeat !== action.seat) await page.click(`.tray-seat[data-seat="${action.seat}"]`);
      await page.click("#send-home");
      break;
    case "place_card": {
      const p = await pointFor(page, { q: action.q, r: action.r });
      await page.mouse.move(p.x, p.y, { steps: 3 });
      // Where the card can be turned, turn it at least once (and on until it
      // shows the wanted rotation), with the R key, the button or the wheel.
      const n = legal.filter((a) => a.type === "place_card" && a.q === action.q && a.r === action.r).length;
      for (let i = 0; i < 8; i++) {
        const shown = Number(await page.getAttribute("#rotation", "data-rotation"));
        if (shown === action.rotation && (i > 0 || n < 2)) break;
        const way = how.rotate || "key";
        if (how.turns) how.turns[way] = (how.turns[way] || 0) + 1;
        if (way === "button") await page.click("#rotate-right");
        else if (way === "wheel") {
          await page.mouse.move(p.x, p.y);
          await page.mouse.wheel(0, 100);
          await page.waitForTimeout(130);
        } else await page.keyboard.press("r");
        await page.mouse.move(p.x, p.y);
      }
      await page.mouse.click(p.x, p.y);
      break;
    }
    default:
      throw new Error(`no way to click ${JSON.stringify(action)}`);
  }
  return kind;
}
