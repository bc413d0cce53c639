import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { fetchCatalogue, postSale, type Catalogue } from './api';
import { readCatalogue, saveCatalogue, takeStock } from './catalogue';
import { drainQueue, queueState, subscribeQueue, type QueueState } from './queue';
import { offlineMode, setOfflineMode, subscribeOfflineMode, type OfflineMode } from '@/lib/offlineCounter';
import { onOfflineShell } from '@/lib/session';

/** How often the counter tries again to send waiting sales while it thinks it is online. */
export const RETRY_MS = 15_000;

export function useQueue(): QueueState {
  return useSyncExternalStore(subscribeQueue, queueState, queueState);
}

/** Whether the counter runs on the remembered user (opened offline) or waits for a new sign-in. */
export function useOfflineMode(): OfflineMode {
  return useSyncExternalStore(subscribeOfflineMode, offlineMode, offlineMode);
}

/**
 * The catalogue: the device's copy at once, replaced by the server's when it answers. `sold`
 * takes units off the copy after a sale (the website may have sold some too: the server's next
 * answer says).
 */
export function useCatalogue(online: boolean) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(() => readCatalogue());
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await fetchCatalogue();
      saveCatalogue(fresh);
      setCatalogue(fresh);
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  const sold = useCallback((lines: ReadonlyArray<{ variantId: string; quantity: number }>) => {
    setCatalogue((current) => {
      if (!current) return current;
      const next = takeStock(current, lines);
      saveCatalogue(next);
      return next;
    });
  }, []);

  return { catalogue, problem, loading, refresh, sold };
}

/**
 * Sends the waiting sales when the connection comes back (the `online` event), and every
 * RETRY_MS while there are some (the event does not always come: a Wi-Fi with no internet).
 */
export function useSendWaiting(onRound?: () => void) {
  const { waiting } = useQueue();
  const pending = waiting.length > 0;
  // Signed out (the server said 401): the sales wait for the cashier to sign in again.
  const signedOut = useOfflineMode() === 'sign-in';
  useEffect(() => {
    if (signedOut) return;
    const send = () => {
      if (!navigator.onLine || queueState().waiting.length === 0) return;
      void drainQueue(postSale).then((result) => {
        // Reopened offline (the marked shell), the app does not sign a 401 out: the counter says it.
        if (result.status === 401 && onOfflineShell()) setOfflineMode('sign-in');
        if (result.sent.length || result.refused.length) onRound?.();
      });
    };
    window.addEventListener('online', send);
    const timer = pending ? window.setInterval(send, RETRY_MS) : undefined;
    send();
    return () => {
      window.removeEventListener('online', send);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [pending, onRound, signedOut]);
}
