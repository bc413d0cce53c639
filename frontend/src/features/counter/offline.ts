import type { Catalogue } from './api';

// What the counter needs to open again with no connection (public/sw.js, src/lib/offlineCounter.ts):
// its code and pictures in the service worker's caches. Assets are kept as pages fetch them, but
// the counter's first visit fetched its chunks before the worker controlled the page; so once the
// counter is open online it names them all to the worker, which fetches those it has not kept.

/** At most this many of the catalogue's pictures are kept (the worker keeps 300 in all). */
export const PICTURES_KEPT = 200;

/** The code this page has loaded (/assets/…) and the catalogue's pictures, as same-origin paths. */
export function urlsToKeep(catalogue: Catalogue | null, loaded: ReadonlyArray<string>, origin: string): string[] {
  const urls = new Set<string>();
  for (const raw of loaded) {
    try {
      const url = new URL(raw, origin);
      if (url.origin === origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
    } catch {
      // Not an address.
    }
  }
  let pictures = 0;
  for (const product of catalogue?.products ?? []) {
    if (!product.image || pictures >= PICTURES_KEPT) continue;
    try {
      const url = new URL(product.image.url, origin);
      if (url.origin !== origin) continue;
      urls.add(url.pathname + url.search);
      pictures += 1;
    } catch {
      // Not an address.
    }
  }
  return [...urls];
}

/** Asks the service worker (once it is active) to keep what the counter needs offline. */
export function keepForOffline(catalogue: Catalogue | null): void {
  if (!('serviceWorker' in navigator)) return;
  const loaded = [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]'), (l) => l.href),
  ];
  const urls = urlsToKeep(catalogue, loaded, window.location.origin);
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'keep', urls }))
    .catch(() => undefined);
}
