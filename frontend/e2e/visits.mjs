// What a shopper's phone downloads, counted byte for byte: a TCP proxy in front of the shop counts
// every byte the server sends (headers, bodies, compression as sent), and the visit patterns of
// issue 40 drive Chromium as a phone through it. Shared by the byte-budget test (bytes.test.mjs)
// and the benchmark (bench/bytes.mjs), so both measure the same thing.
//
// A visit ends when the shop has sent nothing for QUIET_MS after the page's load event (at most
// MAX_VISIT_MS): what the phone fetches for the screen it shows, before the shopper does anything.
// The phone is 360×740 at a device pixel ratio of 2, with an empty cache at its first visit.
//
// What the screen shows is held still, so that a slow (loaded) machine measures the same visit as
// a fast one: the phone asks for reduced motion, which starts the home page's carousels paused
// (HeroCarousel, ReleaseCarousel). Otherwise a page that settles late runs into the first turn
// (5 s after mounting) and the next slide's picture fetched 1.5 s before it (useSlidePictures),
// and the figure depends on the machine's load. What a turning carousel adds is one picture per
// turn, fetched shortly before it (HeroCarousel.test.tsx); it is not part of a visit here.
import { createServer, connect } from 'node:net';

export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
// Below-the-fold sections mount up to 2.2 s after the load event (useNearViewport: 1.2 s, then up
// to 1 s for an idle moment); a quiet spell shorter than that could end a visit before their
// requests on a slow machine and leave them out.
export const QUIET_MS = 3000;
const MAX_VISIT_MS = 20_000;

/**
 * A proxy on a free port of 127.0.0.1 in front of `upstream` (an http:// base). It counts the bytes
 * the upstream sends back and attributes them to the request they answer (HTTP/1.1: Chromium
 * never pipelines, so a connection's answer follows the request line last seen on it).
 */
export async function countingProxy(upstream) {
  const { hostname, port } = new URL(upstream);
  const sockets = new Set();
  const state = { total: 0, last: Date.now(), requests: [] };
  const server = createServer((client) => {
    const server = connect(Number(port), hostname);
    sockets.add(client).add(server);
    let current = null;
    client.on('data', (chunk) => {
      const line = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 4096)));
      if (line) {
        const head = chunk.toString('latin1', 0, Math.min(chunk.length, 16384));
        current = { method: line[1], path: line[2], bytes: 0, saveData: /\r\nsave-data: on\r\n/i.test(head) };
        state.requests.push(current);
      }
      state.last = Date.now();
    });
    server.on('data', (chunk) => {
      state.total += chunk.length;
      state.last = Date.now();
      if (current) current.bytes += chunk.length;
    });
    client.pipe(server);
    server.pipe(client);
    const close = () => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    client.on('error', close).on('close', close);
    server.on('error', close).on('close', close);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    /** Bytes sent so far, and since when nothing was sent. */
    get total() {
      return state.total;
    },
    get quietFor() {
      return Date.now() - state.last;
    },
    /** Starts a new count; `take()` ends it: {bytes, requests: [{method, path, bytes}]}. */
    mark() {
      // Quiet is counted from the visit's start at the earliest: a visit begun by a script (a
      // pushState) may send its first request a moment later, on a busy machine after the old
      // quiet had already passed QUIET_MS, and the count would end empty.
      state.last = Date.now();
      const from = { total: state.total, request: state.requests.length };
      return {
        take: () => ({ bytes: state.total - from.total, requests: state.requests.slice(from.request) }),
      };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/** A phone's browser context: empty cache; `saveData` sends `Save-Data: on` and sets navigator.connection.saveData. */
export async function phoneContext(browser, { saveData = false } = {}) {
  const context = await browser.newContext({
    ...PHONE,
    reducedMotion: 'reduce',
    extraHTTPHeaders: saveData ? { 'Save-Data': 'on' } : {},
  });
  if (saveData) {
    await context.addInitScript(() => {
      const connection = navigator.connection ?? {};
      Object.defineProperty(connection, 'saveData', { value: true, configurable: true });
      if (!navigator.connection)
        Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    });
  }
  return context;
}

/** Waits until the shop has been quiet for QUIET_MS (and the page has loaded). */
export async function settle(page, proxy) {
  await page.waitForLoadState('load');
  const deadline = Date.now() + MAX_VISIT_MS;
  while (proxy.quietFor < QUIET_MS && Date.now() < deadline) await page.waitForTimeout(100);
}

/** Moves to `path` inside the app, as a tapped link does (wouter follows history.pushState). */
export async function navigateInApp(page, path) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    // wouter listens for its own pushState event; popstate makes sure any listener hears it.
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What a count holds, by kind of file: {html, js, css, font, api, media, other} in bytes. */
export function byKind(requests) {
  const kinds = { html: 0, js: 0, css: 0, font: 0, api: 0, media: 0, other: 0 };
  for (const { path, bytes } of requests) {
    const clean = path.split('?')[0];
    const kind = clean.startsWith('/media/')
      ? 'media'
      : clean.startsWith('/api/')
        ? 'api'
        : /\.js$/.test(clean)
          ? 'js'
          : /\.css$/.test(clean)
            ? 'css'
            : /\.woff2?$/.test(clean)
              ? 'font'
              : /\.(svg|ico|png|json|txt|webmanifest)$/.test(clean)
                ? 'other'
                : 'html';
    kinds[kind] += bytes;
  }
  return kinds;
}

/** One visit: `go()` starts it, then the count runs until the page has settled. */
async function count(page, proxy, go) {
  const mark = proxy.mark();
  await go();
  await settle(page, proxy);
  return mark.take();
}

/**
 * The visit patterns of issue 40 against `base` (the shop, http://), through a counting proxy:
 *   firstHome   the home page on an empty cache;
 *   secondHome  the same phone coming back to it (its cache and service worker kept);
 *   product     then a product opened from the home page (the first featured product);
 *   session     a 10-page browsing session on an empty cache: home, two collections, five
 *               products, search, bag, moving inside the app as taps on links do;
 *   saveData    the home page on an empty cache with Save-Data on.
 * Each is {bytes, requests}. `only` limits which are measured.
 */
export async function measureVisits(browser, base, { only } = {}) {
  const want = (name) => !only || only.includes(name);
  const proxy = await countingProxy(base);
  const results = {};
  try {
    const featured = await fetch(`${base}/api/products/featured`).then((r) => r.json());
    if (want('firstHome') || want('secondHome') || want('product')) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const first = await count(page, proxy, () => page.goto(`${proxy.base}/`));
      // The service worker registers after the page's load; a phone coming back finds it active.
      await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
      await settle(page, proxy);
      results.firstHome = first;
      const second = await count(page, proxy, () => page.goto(`${proxy.base}/`));
      results.secondHome = second;
      results.product = await count(page, proxy, () => navigateInApp(page, `/product/${featured[0].id}`));
      await context.close();
    }
    if (want('session')) {
      const collections = await fetch(`${base}/api/collections`).then((r) => r.json());
      const [a, b] = collections;
      const pageA = await fetch(`${base}/api/collections/${a.id}`).then((r) => r.json());
      const pageB = await fetch(`${base}/api/collections/${b.id}`).then((r) => r.json());
      const products = [
        pageA.products[0],
        pageA.products[1],
        pageB.products[0],
        pageB.products[1],
        featured.find((p) => ![pageA, pageB].some((c) => c.products.slice(0, 2).some((q) => q.id === p.id))),
      ];
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const visits = [];
      visits.push(await count(page, proxy, () => page.goto(`${proxy.base}/`)));
      for (const path of [
        `/collections/${a.id}`,
        `/collections/${b.id}`,
        ...products.map((p) => `/product/${p.id}`),
        '/search?q=shirt',
        '/mybag',
      ]) {
        visits.push(await count(page, proxy, () => navigateInApp(page, path)));
      }
      results.session = {
        bytes: visits.reduce((sum, v) => sum + v.bytes, 0),
        requests: visits.flatMap((v) => v.requests),
      };
      await context.close();
    }
    if (want('saveData')) {
      const context = await phoneContext(browser, { saveData: true });
      const page = await context.newPage();
      results.saveData = await count(page, proxy, () => page.goto(`${proxy.base}/`));
      await context.close();
    }
  } finally {
    await proxy.close();
  }
  return results;
}
