/*
 * Roundtable service worker: makes the app installable and its offline answer friendly, never stale on money.
 *
 * - Page navigations: always the network; when it is down, a static offline page (no player data).
 * - Our static images, icons and the manifest: served from cache, refreshed in the background.
 * - Everything else is never touched: /api/*, /ws/* and Remix data requests (*.data) always come live from the
 *   server, and Vite's content-hashed files under /assets/ are kept by the browser's own cache, for a year
 *   (public/_headers; docs/decisions/180).
 *
 * Bump VERSION when this file or the precached files change; activation deletes older caches.
 */
const VERSION = "2026-12-07.1";
const STATIC_CACHE = `roundtable-static-${VERSION}`;
const OFFLINE_PAGE = "/offline.html";
const PRECACHE = [OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg", "/icons/icon.svg", "/icons/icon-192.png"];
const STATIC_PATHS = ["/tiles/*", "/banners/*", "/icons/*", "/favicon.svg", "/manifest.webmanifest"];

const isStaticFile = (path) =>
  /^\/(tiles|banners|icons)\/[\w.-]+\.(svg|png|webp|jpg)$/.test(path) || path === "/favicon.svg" || path === "/manifest.webmanifest";

/**
 * Static routes (Chrome 123 and later): the worker wakes only for what it answers, pages and its static files;
 * every other request goes straight to the network (and the browser's cache) without starting it. A browser
 * without them sends everything to the fetch handler below, which leaves the same requests alone.
 */
const ROUTES = [
  { condition: { requestMode: "navigate" }, source: "fetch-event" },
  { condition: { or: STATIC_PATHS.map((pathname) => ({ urlPattern: { pathname } })) }, source: "fetch-event" },
  { condition: { urlPattern: { pathname: "*" } }, source: "network" },
];

/**
 * Static assets may answer through a redirect (/offline.html -> /offline); a navigation may not be
 * answered with a redirected response, so each precached file is stored as a plain copy.
 */
async function precache() {
  const cache = await caches.open(STATIC_CACHE);
  for (const path of PRECACHE) {
    const response = await fetch(path, { cache: "no-cache" });
    if (!response.ok) throw new Error(`precache ${path}: ${response.status}`);
    const body = await response.blob();
    await cache.put(path, new Response(body, { status: 200, headers: { "content-type": response.headers.get("content-type") ?? "" } }));
  }
}

self.addEventListener("install", (event) => {
  // a browser that refuses the routes runs the fetch handler for every request instead
  const routes = event.addRoutes ? event.addRoutes(ROUTES).catch(() => undefined) : Promise.resolve();
  event.waitUntil(Promise.all([routes, precache()]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const keep = new Set([STATIC_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("roundtable-") && !keep.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Only complete, same-origin, successful answers are kept. */
const cacheable = (response) => response && response.ok && response.type === "basic" && response.status === 200;

async function staleWhileRevalidate(event) {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(event.request);
  const refresh = fetch(event.request).then(async (response) => {
    if (cacheable(response)) await cache.put(event.request, response.clone());
    return response;
  });
  if (hit) {
    event.waitUntil(refresh.catch(() => undefined));
    return hit;
  }
  return refresh;
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? new Response("Offline", { status: 503, headers: { "content-type": "text/plain" } });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/") || url.pathname.endsWith(".data")) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (isStaticFile(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event));
  }
});
