/* Ankara's service worker (hand-written, registered by the production build only: src/lib/sw.ts).
 *
 * What it keeps, so a returning visit paints from the phone and a product seen before opens
 * offline:
 *   - the built code and styles (/assets/*, content-hashed, never change): cache first;
 *   - pictures (/media/*, content-addressed, never change): cache first, never fetched twice;
 *   - the catalogue's public GET answers — /api/hero, /api/collections, /api/collections/*,
 *     /api/products/featured, /api/releases — stale-while-revalidate: the copy at hand answers at
 *     once and the network refreshes it (through the browser's cache, which asks with the answer's
 *     ETag: an unchanged answer costs a 304 with no body);
 *   - one product (/api/products/{id}): network first, the copy at hand only offline, since it
 *     carries the stock the shopper is about to choose from (sold-out sizes, "Only 2 left");
 *   - one app shell for offline navigations: index.html fetched WITHOUT cookies
 *     (credentials: 'omit'), so the session the server writes into it is always the signed-out
 *     one. Online, every page load goes to the network (the HTML carries the shopper's session and
 *     is never stored); offline, this shell opens the app on the page asked for. It is fetched
 *     on the first page load the worker handles (the shopper's second, not with the first visit's
 *     bytes) and again only when a page names another build of the app than the kept shell (never
 *     on every visit: it is as large as a page), and not at all while the shopper saves data.
 *   - the shell answered offline is marked (a meta tag: the CSP stands): src/lib/offlineCounter.ts.
 * What it never keeps: anything else — bag, saved items, orders, account, session, auth,
 * checkout, payments, search, order tracking, admin — nor any answer marked private or no-store,
 * nor a non-GET request. Those always go to the network.
 */
const VERSION = 'v1';
const ASSETS = `ankara-assets-${VERSION}`;
const CATALOG = `ankara-catalog-${VERSION}`;
const MEDIA = `ankara-media-${VERSION}`;
const SHELL = `ankara-shell-${VERSION}`;
const SHELL_URL = '/about';
const LIMITS = { [ASSETS]: 80, [CATALOG]: 200, [MEDIA]: 300 };

const CATALOG_API = [
  /^\/api\/hero$/,
  /^\/api\/collections(\/[^/]+)?$/,
  /^\/api\/products\/featured$/,
  /^\/api\/releases$/,
];
/** Catalogue answers whose stock must be current: from the network while there is one. */
const LIVE_CATALOG_API = /^\/api\/products\/[^/]+$/;

/** The browser's data saver is on (the page registers the worker as /sw.js?save-data then): fetch
 *  nothing that is not asked for. */
function savingData() {
  return self.navigator.connection?.saveData === true || new URL(self.location.href).searchParams.has('save-data');
}

// Nothing is fetched at install: a first visit pays only for its page. The offline shell comes with
// the next page load the worker sees (navigate), a returning shopper's.
self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  const current = new Set([ASSETS, CATALOG, MEDIA, SHELL]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('ankara-') && !current.has(n)).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSETS));
    return;
  }
  if (url.pathname.startsWith('/media/')) {
    event.respondWith(cacheFirst(request, MEDIA));
    return;
  }
  if (CATALOG_API.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(staleWhileRevalidate(event, CATALOG));
    return;
  }
  if (LIVE_CATALOG_API.test(url.pathname)) {
    event.respondWith(networkFirst(request, CATALOG));
  }
  // Everything else: the browser's own handling (network), untouched.
});

/** Fresh from the network (with the shopper's session); the signed-out shell only when offline. */
async function navigate(event) {
  try {
    const response = await fetch(event.request);
    // Keep the offline shell the same build as the pages (it changes with each release).
    if (!savingData()) event.waitUntil(refreshShellIfStale(response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL });
    if (shell) return markedShell(shell);
    throw error;
  }
}

async function markedShell(shell) {
  const html = (await shell.text()).replace(/<head[^>]*>/, '$&<meta name="ankara-offline-shell">');
  const headers = new Headers(shell.headers);
  headers.delete('Content-Length');
  return new Response(html, { headers });
}

/** The build of the app a page names: its entry script in <meta name="ankara-app">. */
function appBuild(html) {
  return /<meta name="ankara-app" content="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** Fetches the shell again when none is kept or the page just loaded names another build. */
async function refreshShellIfStale(page) {
  const kept = await caches.match(SHELL_URL, { cacheName: SHELL });
  if (kept && page.ok && appBuild(await kept.text()) === appBuild(await page.text())) return;
  await refreshShell();
}

/** index.html without cookies: the server embeds a signed-out session, so nothing personal. */
async function refreshShell() {
  const response = await fetch(SHELL_URL, { credentials: 'omit', cache: 'no-store' });
  if (response.ok) await (await caches.open(SHELL)).put(SHELL_URL, response);
}

function storable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  return !/\b(no-store|private)\b/i.test(response.headers.get('Cache-Control') || '');
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (storable(response)) {
    await cache.put(request, response.clone());
    void trim(cacheName);
  }
  return response;
}

async function staleWhileRevalidate(event, cacheName) {
  // The app asks for the network's answer right after a write of its own (src/lib/api.ts).
  if (['no-cache', 'reload', 'no-store'].includes(event.request.cache)) return networkFirst(event.request, cacheName);
  const cache = await caches.open(cacheName);
  const hit = await cache.match(event.request);
  const fresh = fetch(event.request).then(async (response) => {
    if (storable(response)) {
      await cache.put(event.request, response.clone());
      void trim(cacheName);
    }
    return response;
  });
  if (hit) {
    event.waitUntil(fresh.catch(() => undefined));
    return hit;
  }
  return fresh;
}

async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (storable(response)) {
      await cache.put(request, response.clone());
      void trim(cacheName);
    }
    return response;
  } catch (error) {
    const hit = await cache.match(request);
    if (hit) return hit;
    throw error;
  }
}

/** Keeps a cache to its limit, dropping the oldest entries first. */
async function trim(cacheName) {
  const limit = LIMITS[cacheName];
  if (!limit) return;
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}
