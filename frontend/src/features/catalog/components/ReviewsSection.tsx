import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Product } from '@/lib/types';
import { useNearViewport } from '@/lib/useNearViewport';
import { ReviewsSkeleton } from './ReviewsSkeleton';
import './ReviewsSection.css';

// The reviews' code (summary, list, form) arrives with the reviews, not with the product page.
const ReviewsPanel = lazy(() => import('./reviews/ReviewsPanel'));

/** The section's id: /product/{id}#reviews opens the page at the reviews. */
export const REVIEWS_ID = 'reviews';

/** Brings the reviews into view and moves the focus to their heading. */
export function scrollToReviews(smooth = true): void {
  const section = document.getElementById(REVIEWS_ID);
  if (!section) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView?.({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/**
 * The product page's Reviews section. Its reviews (and their code) are fetched once it nears the
 * screen or once the page has settled, so the first screen's picture and script come first; a
 * link to /product/{id}#reviews (My Orders' "Write a review") loads them at once, scrolls to them
 * and opens the form.
 */
export function ReviewsSection({ product }: { product: Product }) {
  const ref = useRef<HTMLElement>(null);
  const [fromLink] = useState(() => window.location.hash === `#${REVIEWS_ID}`);
  const near = useNearViewport(ref);

  useEffect(() => {
    if (!fromLink) return;
    // After the page's own scroll to the top on arrival.
    const frame = requestAnimationFrame(() => scrollToReviews(false));
    return () => cancelAnimationFrame(frame);
  }, [fromLink]);

  return (
    <section id={REVIEWS_ID} ref={ref} className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="reviews__heading" tabIndex={-1}>
        Reviews
      </h2>
      {near || fromLink ? (
        <Suspense fallback={<ReviewsSkeleton />}>
          <ReviewsPanel product={product} openForm={fromLink} />
        </Suspense>
      ) : (
        <ReviewsSkeleton />
      )}
    </section>
  );
}
