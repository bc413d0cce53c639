import { useSwitchingOver } from '@/lib/switchingOver';

export const SWITCHING_OVER_TITLE = 'The shop is switching over';

/**
 * Shown while the shop runs on its standby machine, before it takes orders again: browsing and
 * search work, bag, checkout and the back office wait. Goes by itself once orders are taken.
 */
export function SwitchingOverBanner() {
  const message = useSwitchingOver();
  if (!message) return null;
  return (
    <div className="offline-banner switching-banner" role="status">
      <div className="container offline-banner__inner">
        <strong>{SWITCHING_OVER_TITLE}</strong>
        <span>{message}</span>
      </div>
    </div>
  );
}
