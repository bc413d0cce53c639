// Global styles first, so feature stylesheets (imported by components) can refine them.
import './styles/fonts.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadSearchBar } from './components/Header';
import { loadSidebar } from './components/Layout';
import { prefetchForPath } from './app/prefetch';
import { AppProviders } from './app/providers';
import { preloadLikelyRoutes, preloadRouteFor } from './app/routes';
import { createQueryClient } from './lib/queryClient';
import { onOfflineShell, readEmbeddedSession } from './lib/session';
import { shellPainted } from './lib/shellPicture';
import { saveData } from './lib/saveData';
import { spreadHeadLinks } from './lib/spreadLinks';
import { registerServiceWorker } from './lib/sw';
import { typefacesReady } from './lib/typefaces';

const queryClient = createQueryClient();
// The files every lazy page and part asks for, one per task while the page boots, until the
// shopper first touches it (below; lib/spreadLinks.ts).
const stopSpreadingLinks = spreadHeadLinks();
// The page's data request and its code's, each in a task of its own right after this one: set up
// while the modules were evaluated (a fetch, a preload link and a stylesheet each, nineteen files
// for the product page), they made that one task 10–40 ms longer on this machine's Chromium, times
// four on Lighthouse's phone.
setTimeout(() => prefetchForPath(queryClient, window.location.pathname, window.location.search), 0);
setTimeout(() => preloadRouteFor(window.location.pathname, readEmbeddedSession().user?.admin === true), 0);

// The counter reopened with no connection (public/sw.js marks the shell it answers then): its
// remembered cashier's session first (lib/offlineCounter.ts, fetched only then).
const offlineCounter =
  onOfflineShell() && /^\/admin\/counter(\/|$)/.test(location.pathname)
    ? import('./lib/offlineCounter').then((m) => m.startOfflineCounter(queryClient)).catch(() => undefined)
    : undefined;

// The data and code requests above are already on their way; React renders once the shell's
// picture (src/shell.js) has been painted, which on a slow network it usually already has.
// The first render is a transition, so React renders it in slices that let the browser breathe
// (a phone's main thread is never blocked by the whole app at once); the shell stays on screen
// until it is committed.
void Promise.all([shellPainted(), offlineCounter, typefacesReady()]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  const app = (
    <AppProviders client={queryClient}>
      <App />
    </AppProviders>
  );
  // StrictMode's checks run only in development: the shipped page does without its wrapper.
  startTransition(() => root.render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app));
});

registerServiceWorker();

// Once the shopper starts using the page (her first touch, key or scroll: she is staying):
// - A lazy page's or part's files go into the head at once again: the page she taps waits for
//   them, and the loader may ask for a page's module before a spread link for one of its files is
//   in (a throttled tap on search took 900 ms instead of 450: a chain of round trips).
// - After the page has loaded and when the main thread is idle, fetch the code of the pages she
//   most likely opens next, and of the menu drawer and the search bar, so the tap on a product, a
//   collection, the menu or the search feels instant. Not at a fixed time after loading: a shopper
//   who looks at the first screen and leaves would pay about 35 KB for pages she never opened
//   (issue 40). Not for a shopper saving data: the code comes when the page is opened.
const preload = () => {
  preloadLikelyRoutes();
  void loadSidebar().catch(() => undefined);
  void loadSearchBar().catch(() => undefined);
};
// Safari has no requestIdleCallback.
const whenIdle = () =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(preload)
    : window.setTimeout(preload, 0);
const intents = ['pointerdown', 'keydown', 'scroll'] as const;
const onIntent = () => {
  for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
  stopSpreadingLinks();
  if (saveData()) return;
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};
// In the capture phase: a rail's scroll does not bubble.
for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
