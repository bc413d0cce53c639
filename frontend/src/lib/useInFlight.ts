import { useMemo, useRef } from 'react';

/**
 * A latch for one request at a time from a control: `begin()` is false while one is running,
 * even for a second click that arrives before React has re-rendered the button as disabled.
 */
export function useInFlight(): { begin: () => boolean; end: () => void } {
  const flying = useRef(false);
  return useMemo(
    () => ({
      begin: () => {
        if (flying.current) return false;
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
