/**
 * Registers public/sw.js (production builds only; never in the dev server or tests), after the
 * page has loaded so it never competes with the first screen. See public/sw.js for what it keeps.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
