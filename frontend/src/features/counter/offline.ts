import type { Catalogue } from './api';
import { COUNTER_USER_KEY, fetchSession, setSession } from '@/lib/session';
import { offlineMode, setOfflineMode, type CounterUser } from '@/lib/offlineCounter';
import type { QueryClient } from '@tanstack/react-query';
import { saveData } from '@/lib/saveData';

// What the counter needs to open again with no connection (public/sw.js, src/lib/offlineCounter.ts):
// its code and pictures in the service worker's caches. Assets are kept as pages fetch them, but
// the counter's first visit fetched its chunks before the worker controlled the page; so once the
// counter is open online it puts those not kept yet in the worker's caches itself (the page may
// write them; keeping this out of the worker keeps every visitor's worker script small).

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

/** public/sw.js's caches (its VERSION): the counter fills them itself, the worker reads them. */
export const CACHES = { assets: 'ankara-assets-v1', media: 'ankara-media-v1', shell: 'ankara-shell-v1' };
/** The worker's offline shell: /about's page without cookies (a signed-out session in it). */
const SHELL_URL = '/about';

/**
 * Puts what the counter needs offline in the service worker's caches (once a worker is active):
 * its code and pictures not kept yet, and the offline shell if there is none. Not pictures while
 * saving data. Never an answer marked private or no-store.
 */
export async function keepForOffline(catalogue: Catalogue | null): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  await navigator.serviceWorker.ready;
  const shell = await caches.open(CACHES.shell);
  if (!(await shell.match(SHELL_URL))) {
    const page = await fetch(SHELL_URL, { credentials: 'omit', cache: 'no-store' });
    if (page.ok) await shell.put(SHELL_URL, page);
  }
  const loaded = [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]'), (l) => l.href),
  ];
  for (const path of urlsToKeep(catalogue, loaded, window.location.origin)) {
    const picture = path.startsWith('/media/');
    if (picture && saveData()) continue;
    const cache = await caches.open(picture ? CACHES.media : CACHES.assets);
    if (await cache.match(path)) continue;
    const response = await fetch(path).catch(() => null);
    if (response?.ok && !/no-store|private/i.test(response.headers.get('Cache-Control') ?? ''))
      await cache.put(path, response);
  }
}

/** Remembers who is at the till (a session the server gave), for an offline reload. */
export function rememberCounterUser({ uid, displayName, role }: CounterUser, storage: Storage = localStorage): void {
  try {
    storage.setItem(COUNTER_USER_KEY, JSON.stringify({ uid, displayName, role }));
  } catch {
    // No storage: the counter still works online, and offline while its tab stays open.
  }
}

/**
 * A counter opened offline (the remembered user) asks the server for the session once there is a
 * connection: a signed-in answer replaces the remembered one; signed out, the counter keeps its
 * waiting sales and asks the cashier to sign in again. No answer: the next try (the `online`
 * event, or every 15 s).
 */
export function confirmSession(client: QueryClient): () => void {
  let busy = false;
  const check = () => {
    if (busy || !navigator.onLine || offlineMode() !== 'offline') return;
    busy = true;
    fetchSession()
      .then(
        (session) => {
          if (offlineMode() !== 'offline') return;
          if (!session.user) return setOfflineMode('sign-in');
          setOfflineMode(null);
          setSession(client, session);
        },
        () => undefined,
      )
      .finally(() => {
        busy = false;
      });
  };
  check();
  window.addEventListener('online', check);
  const timer = window.setInterval(check, 15_000);
  return () => {
    window.removeEventListener('online', check);
    window.clearInterval(timer);
  };
}
