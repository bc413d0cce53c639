import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { setSessionCounts } from '@/lib/session';
import type { SessionCounts } from '@/lib/types';

/** POST /api/orders/seen: marks every order of the user seen; answers the new badge counts. */
export function markOrdersSeen(): Promise<{ counts: SessionCounts }> {
  return answer(api.POST('/api/orders/seen'));
}

/**
 * Once `ready` (the list has been read, so its "new" markers are known), marks the orders seen and
 * puts the answer's counts in the session: the header's and sidebar's orders badges drop to zero.
 * Once per visit of the page.
 */
export function useMarkOrdersSeen(ready: boolean): void {
  const client = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (!ready || sent.current) return;
    sent.current = true;
    markOrdersSeen().then(
      ({ counts }) => setSessionCounts(client, counts),
      () => undefined, // The badge stays; the next visit tries again.
    );
  }, [client, ready]);
}
