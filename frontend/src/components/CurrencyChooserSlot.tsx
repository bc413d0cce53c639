import { Suspense, useEffect, useState } from 'react';
import { lazyOr } from '@/lib/lazyOr';

// Offline before the code was ever fetched: naira, and no chooser.
const CurrencyChooser = lazyOr(
  () => import('./CurrencyChooser').then((module) => module.CurrencyChooser),
  () => null,
);

/**
 * Where the footer's currency chooser goes (Layout hands it to the footer). Its code and the
 * shop's list of currencies (and the suggestion from the browser's language, which comes with
 * them) wait for the shopper's first scroll (the footer is below the first screen): a shopper who
 * looks at the first screen and leaves downloads neither, as she does not the code of the likely
 * next pages (main.tsx). In the first page's JavaScript rather than the footer's chunk, whose own
 * list of chunks to preload would have cost a first visit more than this does.
 */
export function CurrencyChooserSlot() {
  const [scrolled, setScrolled] = useState(() => window.scrollY > 0);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return (
    scrolled && (
      <Suspense fallback={null}>
        <CurrencyChooser />
      </Suspense>
    )
  );
}
