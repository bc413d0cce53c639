import { useEffect, useRef } from 'react';

/**
 * Calls `advance` once `delayMs` after `index` last changed, while `enabled`. Keyed on the index,
 * so a manual move (dot, arrow) restarts the countdown instead of jumping again right away.
 */
export function useAutoAdvance(index: number, enabled: boolean, delayMs: number, advance: () => void): void {
  const latest = useRef(advance);
  latest.current = advance;

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => latest.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [index, enabled, delayMs]);
}

/** Wraps `i` into 0..length-1 both ways. */
export function wrapIndex(i: number, length: number): number {
  if (length <= 0) return 0;
  return ((i % length) + length) % length;
}
