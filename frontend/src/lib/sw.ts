import { saveData } from './saveData';

/**
 * Registers public/sw.js (production builds only; never in the dev server or tests), after the
 * page has loaded so it never competes with the first screen. See public/sw.js for what it keeps.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A shopper saving data who opens the shop for the first time does not pay for the worker's
  // script (2.6 KB) on a page she may leave at once: it comes with her next page load, from when
  // it keeps what she has fetched.
  if (saveData() && firstTimeHere()) return;
  // A shopper saving data: the worker keeps what pages fetch but fetches nothing ahead (its
  // offline shell), which it reads from its address.
  const script = saveData() ? '/sw.js?save-data' : '/sw.js';
  const register = () => void navigator.serviceWorker.register(script).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether this browser loads the shop for the first time (remembered from now on). */
function firstTimeHere(): boolean {
  try {
    if (localStorage.getItem('ankara-seen')) return false;
    localStorage.setItem('ankara-seen', '1');
    return true;
  } catch {
    // No storage (a private window that refuses it): the worker as usual.
    return false;
  }
}
