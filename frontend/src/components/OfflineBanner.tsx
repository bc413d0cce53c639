import { useOnline } from '@/lib/useOnline';

export const OFFLINE_TITLE = "You're offline";

/**
 * Shown while the browser has no connection: pages and pictures seen before still open (the
 * service worker keeps the catalogue), but what is shown may be out of date and nothing can be
 * bought, saved or signed in to until the connection is back.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <div className="container offline-banner__inner">
        <strong>{OFFLINE_TITLE}</strong>
        <span>
          You're seeing the shop as it was on your last visit; prices may have changed. Bag, checkout and your account
          need a connection.
        </span>
      </div>
    </div>
  );
}
