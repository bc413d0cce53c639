import { useEffect, useState } from 'react';
import { saveData } from './saveData';

/** How long before a carousel moves on its next slide's picture starts loading. */
export const SLIDE_LEAD_MS = 1500;

/**
 * Which slides of a carousel may fetch their pictures: the slide shown and every slide shown
 * before, and — while the carousel advances by itself every `intervalMs` — the next one, from
 * SLIDE_LEAD_MS before its turn, so it is there when it slides in without the phone fetching every
 * slide up front. When the shopper saves data nothing is fetched ahead: a slide's picture loads
 * when the slide is shown.
 */
export function useSlidePictures(
  count: number,
  index: number,
  running: boolean,
  intervalMs: number,
): (i: number) => boolean {
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([index]));

  useEffect(() => {
    setLoaded((current) => (current.has(index) ? current : new Set(current).add(index)));
  }, [index]);

  useEffect(() => {
    if (!running || count < 2 || saveData()) return;
    const next = (index + 1) % count;
    const timer = window.setTimeout(
      () => setLoaded((current) => (current.has(next) ? current : new Set(current).add(next))),
      Math.max(0, intervalMs - SLIDE_LEAD_MS),
    );
    return () => window.clearTimeout(timer);
  }, [count, index, running, intervalMs]);

  return (i) => loaded.has(i);
}
