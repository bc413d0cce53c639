import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the app opened over the server's first screen (index.html's `#root[data-shell]`) and has
 * not yet drawn a page in stages: the first page that asks is drawn in stages (the home page, when
 * the shopper opens the shop on it), every later one whole at once. Tests start with no shell, so
 * they see pages drawn whole.
 */
let openingPage = typeof document !== 'undefined' && document.querySelector('#root[data-shell]') !== null;

/**
 * How many of a page's `total` parts to draw: `first` at once, then one more after each frame has
 * been painted, until all are. The page the phone opens on is laid out by the browser in one go
 * the first time React draws it (tens of milliseconds of a phone's main thread, longer than the
 * 50 ms that a tap may wait unnoticed); in stages, the first screen (the home page's hero) is laid
 * out first and each part below it in a task of its own.
 * Parts below the first screen only: nothing already drawn moves when the next part arrives. Until
 * the last, the page holds a screen's height (`.staged-rest`) where the rest will be, so that the
 * footer, fetched when it comes near, is not fetched for the moment the page is short.
 */
export function useStaged(total: number, first = 1): number {
  const [staging] = useState(() => openingPage);
  const [shown, setShown] = useState(0);
  const drawn = Math.max(shown, first);
  const done = !staging || drawn >= total;
  useEffect(() => {
    if (done) {
      // Drawn whole (a page still waiting for its data has nothing to draw yet).
      if (total > 0) openingPage = false;
      return;
    }
    let timer = 0;
    // After the frame that paints what is there now (a timer from the frame's callback runs
    // after the paint), the next part.
    const frame = requestAnimationFrame(() => {
      // A transition: React renders the part in slices of a few milliseconds instead of one task.
      timer = window.setTimeout(() => startTransition(() => setShown(drawn + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done, drawn, total]);
  return done ? total : drawn;
}
