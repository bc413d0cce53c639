import { useEffect, useState, type RefObject } from 'react';
import { saveData } from './saveData';

type Options = {
  /** How far outside the viewport counts as near. */
  rootMargin?: string;
  /** Mount anyway this long after the page's load event (and once the main thread is idle). */
  settleMs?: number;
};

/**
 * True once the element is close to the viewport, or once the page has settled after loading,
 * whichever comes first. Below-the-fold sections use it to wait with their requests and rendering
 * until the first screen (and its LCP picture) is done, which matters most on slow phones: on a
 * first load, nearness counts only from the page's load event or the shopper's first scroll (on a
 * phone the next sections are "near" at once, and their pictures used to compete with the first
 * screen's). Without IntersectionObserver (old browsers, tests) it is true at once. While the
 * shopper saves data, only being on the screen counts (no margin, no settling): nothing is fetched
 * for a section the shopper has not scrolled to.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { rootMargin = '600px 0px', settleMs = 1200 }: Options = {},
): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    if (near) return;
    const element = ref.current;
    let cancelled = false;
    const show = () => {
      if (!cancelled) setNear(true);
    };

    const saving = saveData();
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      if (observer || cancelled) return;
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
        rootMargin: saving ? '0px' : rootMargin,
      });
      if (element) observer.observe(element);
    };

    let timer = 0;
    const onLoad = () => {
      watch();
      if (saving) return;
      timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(show, { timeout: 1000 });
        else show();
      }, settleMs);
    };
    if (document.readyState === 'complete') onLoad();
    else {
      window.addEventListener('load', onLoad, { once: true });
      window.addEventListener('scroll', watch, { once: true, passive: true });
    }

    return () => {
      cancelled = true;
      observer?.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('load', onLoad);
      window.removeEventListener('scroll', watch);
    };
  }, [near, ref, rootMargin, settleMs]);

  return near;
}
