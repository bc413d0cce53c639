import { useEffect, useSyncExternalStore } from 'react';
import { readFacts, shopFacts } from './site';

/**
 * Whether the shop is switching over to its standby machine (deploy/README.md, "Two machines"):
 * the standby serves the shop read-only until it is promoted, and says so. The server writes its
 * sentence into index.html (`"switchingOver"` in the shop's facts, null on the primary), and every
 * write it refuses meanwhile answers 503 `switching_over` with the same sentence; either shows the
 * banner. While it shows, the health check is asked every few seconds, and the banner goes as soon
 * as the machine answering takes orders again.
 */
let message: string | null | undefined;
const listeners = new Set<() => void>();

/** How often the banner asks whether orders are taken again. */
export const RECHECK_MS = 10_000;

/** The sentence the page was served with (null on the primary, or without the element). */
export function readSwitchingOver(doc?: Document): string | null {
  const said = (doc ? readFacts(doc) : shopFacts()).switchingOver;
  return typeof said === 'string' && said ? said : null;
}

function current(): string | null {
  // Read from the page once: null afterwards means the shop takes orders again.
  if (message === undefined) message = readSwitchingOver();
  return message;
}

function set(next: string | null): void {
  if (current() === next) return;
  message = next;
  listeners.forEach((listener) => listener());
}

/** A write was refused because the shop is switching over (called by the API client). */
export function noteSwitchingOver(sentence: string): void {
  set(sentence);
}

/** For tests: forget what was read or noted. */
export function resetSwitchingOver(): void {
  message = undefined;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The switching-over sentence while the shop is switching over, else null; rechecked while shown. */
export function useSwitchingOver(): string | null {
  const shown = useSyncExternalStore(subscribe, current, () => null);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(() => {
      fetch('/api/health', { cache: 'no-store', credentials: 'same-origin' })
        .then((response) => (response.ok ? response.json() : null))
        .then((health: { takesOrders?: unknown } | null) => {
          if (health?.takesOrders === true) set(null);
        })
        // Unreachable: still switching, as far as this page can tell.
        .catch(() => undefined);
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [shown]);
  return shown;
}
