// The service worker that makes the game play offline (issue 6).
//
// On install it caches every file the page needs (PRECACHE): the page's
// bundle (pkg/page.js and pkg/page-later.js, built by scripts/build-wasm.sh), the embedded
// tables' (pkg/tongiaki-element.js) and, for a page without them, every
// module of www/ as well. Same-origin GET
// requests go to the network first — so a rebuilt page or engine is never
// served stale while online — and every good answer refreshes the cache;
// when the network fails, the cached copy answers (navigations fall back to
// index.html). Other origins are not touched, nor the online tables' answers
// under /api/ (a table's state is never served from a cache: the browser
// asks the server itself). CACHE is versioned: bump it when the list
// changes; old caches are deleted on activation.

const CACHE = "tongiaki-v22";

const PRECACHE = [
  "./",
  "./index.html",
  "./style.css",
  "./manifest.webmanifest",
  "./icon.svg",
  "./main.js",
  "./engine.js",
  "./markup.js",
  "./tongiaki-element.js",
  "./i18n.js",
  "./inline.js",
  "./lang/en.js",
  "./lang/de.js",
  "./lang/nl.js",
  "./lang/hu.js",
  "./lang/it.js",
  "./lang/he.js",
  "./lang/tutorial/en.js",
  "./lang/tutorial/de.js",
  "./lang/tutorial/nl.js",
  "./lang/tutorial/hu.js",
  "./lang/tutorial/it.js",
  "./lang/tutorial/he.js",
  "./embed.html",
  "./app.js",
  "./state.js",
  "./session.js",
  "./storage.js",
  "./turns.js",
  "./view.js",
  "./source.js",
  "./layers.js",
  "./narration.js",
  "./scene.js",
  "./controls.js",
  "./events.js",
  "./hooks.js",
  "./history.js",
  "./undo.js",
  "./marks.js",
  "./dom.js",
  "./tutorial.js",
  "./tutorial-steps.js",
  "./anim.js",
  "./bots.js",
  "./bot-worker.js",
  "./odds.js",
  "./odds-view.js",
  "./review.js",
  "./review-words.js",
  "./review-draw.js",
  "./explain.js",
  "./notes.js",
  "./camera.js",
  "./framing.js",
  "./sound.js",
  "./sound-synth.js",
  "./geometry.js",
  "./input.js",
  "./render.js",
  "./art.js",
  "./targets.js",
  "./ui.js",
  "./ui/actions.js",
  "./a11y/index.js",
  "./a11y/board-keys.js",
  "./a11y/text-board.js",
  "./a11y/dialogs.js",
  "./a11y/describe.js",
  "./ui/log.js",
  "./ui/new-game.js",
  "./ui/parts.js",
  "./ui/players.js",
  "./ui/ranking.js",
  "./ui/review.js",
  "./ui/replay-bar.js",
  "./ui/status.js",
  "./ui/toast.js",
  "./ui/toolbar.js",
  "./ui/tray.js",
  "./words.js",
  "./online/api.js",
  "./online/attention.js",
  "./online/backoff.js",
  "./online/chat.js",
  "./online/connection.js",
  "./online/dialog.js",
  "./online/game.js",
  "./online/past.js",
  "./online/room.js",
  "./online/session.js",
  "./pkg/page.js",
  "./pkg/page-later.js",
  "./pkg/tongiaki-element.js",
  "./pkg/tongiaki.js",
  "./pkg/tongiaki_bg.wasm",
  "./pkg/tongiaki_bots.js",
  "./pkg/tongiaki_bots_bg.wasm",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: "reload" skips the HTTP cache, so what is stored is what the server has now
      await cache.addAll(PRECACHE.map((u) => new Request(u, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE && key.startsWith("tongiaki-")) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  // The online tables (/api/…, wherever the game is served): always the network, never a cache.
  if (url.pathname.startsWith(new URL("./api/", self.location.href).pathname)) return;
  event.respondWith(
    (async () => {
      try {
        const res = await fetch(req);
        if (res.ok && res.type === "basic") {
          const copy = res.clone();
          event.waitUntil(caches.open(CACHE).then((c) => c.put(req, copy)).catch(() => {}));
        }
        return res;
      } catch (err) {
        const cache = await caches.open(CACHE);
        const hit = (await cache.match(req)) || (await cache.match(req, { ignoreSearch: true }));
        if (hit) return hit;
        if (req.mode === "navigate") {
          const page = (await cache.match("./index.html")) || (await cache.match("./"));
          if (page) return page;
        }
        throw err;
      }
    })(),
  );
});
