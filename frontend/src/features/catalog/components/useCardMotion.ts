import { useEffect, type RefObject } from 'react';

/**
 * The mobile collections list motion: each `[data-card]` in the list fades and slides in once it
 * scrolls into view (IntersectionObserver), and its `[data-scale]` child scales with its distance
 * from the viewport centre, updated once per animation frame from passive scroll listeners (the
 * page's and the list's own). `axis: 'x'` is for a horizontal rail: the distance is measured
 * across the screen, so the card in the middle of the rail is the large one. The motion's code
 * (cardMotion.ts) is fetched when it starts; until then the cards simply stand still.
 */
export function useCardMotion(
  listRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  itemCount: number,
  axis: 'x' | 'y' = 'y',
): void {
  useEffect(() => {
    const list = listRef.current;
    if (!enabled || !list) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./cardMotion')
      .then(({ startCardMotion }) => {
        if (!cancelled) stop = startCardMotion(list, axis);
      })
      // Offline before the code came: the cards stay still, which is all the motion adds.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [listRef, enabled, itemCount, axis]);
}
