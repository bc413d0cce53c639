import { useMemo, useRef } from 'react';

/**
 * A latch for one request at a time from a control: `begin()` is false while one is running,
 * even for a second click that arrives before React has re-rendered the button as disabled. Given
 * the click, it is also false for the second click of a double click (`detail` 2 or more), which
 * on a fast answer can arrive after the first request has already ended.
 */
export function useInFlight(): { begin: (click?: { detail: number }) => boolean; end: () => void } {
  const flying = useRef(false);
  return useMemo(
    () => ({
      begin: (click?: { detail: number }) => {
        if (flying.current || (click?.detail ?? 0) > 1) return false;
        flying.current = true;
        return true;
      },
      end: () => {
        flying.current = false;
      },
    }),
    [],
  );
}
