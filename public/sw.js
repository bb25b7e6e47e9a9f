/*
 * Roundtable service worker: makes the app installable and the shell fast, never stale on money.
 *
 * - /assets/* (Vite output, content-hashed names): cache first; a changed file has a new name.
 * - Our static images, icons and the manifest: served from cache, refreshed in the background.
 * - Page navigations: always the network; when it is down, a static offline page (no player data).
 * - Everything else, above all /api/*, /ws/* and Remix data requests (*.data), is never touched:
 *   balances, bets and articles always come live from the server.
 *
 * Bump VERSION when this file or the precached files change; activation deletes older caches.
 */
const VERSION = "2026-11-23.1";
const STATIC_CACHE = `roundtable-static-${VERSION}`;
const ASSET_CACHE = `roundtable-assets-${VERSION}`;
const OFFLINE_PAGE = "/offline.html";
const PRECACHE = [OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg", "/icons/icon.svg", "/icons/icon-192.png"];
const MAX_ASSETS = 150;

const isStaticFile = (path) =>
  /^\/(tiles|banners|icons)\/[\w.-]+\.(svg|png|webp|jpg)$/.test(path) || path === "/favicon.svg" || path === "/manifest.webmanifest";
const isHashedAsset = (path) => path.startsWith("/assets/");

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
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const keep = new Set([STATIC_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("roundtable-") && !keep.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Only complete, same-origin, successful answers are kept. */
const cacheable = (response) => response && response.ok && response.type === "basic" && response.status === 200;

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (cacheable(response)) {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

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
  } else if (isHashedAsset(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (isStaticFile(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event));
  }
});

/** The page lists the hashed assets it loaded before this worker took control: keep them for next time. */
self.addEventListener("message", (event) => {
  if (event.origin && event.origin !== self.location.origin) return;
  const data = event.data;
  if (!data || data.type !== "warm-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u) => typeof u === "string")
    .map((u) => new URL(u, self.location.origin))
    .filter((u) => u.origin === self.location.origin && isHashedAsset(u.pathname))
    .slice(0, MAX_ASSETS);
  event.waitUntil(
    caches.open(ASSET_CACHE).then(async (cache) => {
      for (const url of urls) {
        if (await cache.match(url.href)) continue;
        const response = await fetch(url.href).catch(() => null);
        if (cacheable(response)) await cache.put(url.href, response);
      }
      await trim(cache);
    }),
  );
});
