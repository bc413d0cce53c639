import { saveData } from './saveData';

/**
 * Registers public/sw.js (production builds only; never in the dev server or tests), after the
 * page has loaded so it never competes with the first screen. See public/sw.js for what it keeps.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A shopper saving data: the worker keeps what pages fetch but fetches nothing ahead (its
  // offline shell), which it reads from its address.
  const script = saveData() ? '/sw.js?save-data' : '/sw.js';
  const register = () => void navigator.serviceWorker.register(script).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
