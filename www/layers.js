// Board layers: what other parts of the page draw over the board, beside
// the scene's own highlights — a keyboard focus ring (issue 33), a review's
// better move (issue 32). A layer is a function of the table's state that
// returns an overlay to draw this frame (fn(art), in world coordinates, as
// render.js draws scene.overlays) or null. scene.js asks every layer at each
// frame, after the scene's own overlays, also during an animation. Layers
// only draw: they change no state.

/** Add a layer `fn(s) → overlay | null` to table `s`; returns the function that removes it. */
export function addLayer(s, fn) {
  const layers = (s.layers ||= []);
  layers.push(fn);
  return () => {
    const i = layers.indexOf(fn);
    if (i >= 0) layers.splice(i, 1);
  };
}

/** The overlays the layers of table `s` draw this frame. */
export function layerOverlays(s) {
  const out = [];
  for (const f of s.layers || []) {
    const o = f(s);
    if (o) out.push(o);
  }
  return out;
}
