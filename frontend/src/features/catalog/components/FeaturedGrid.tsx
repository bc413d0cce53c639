import { Suspense, useRef } from 'react';
import { FeaturedError } from './FeaturedError';
import { ProductGridSkeleton } from '@/components/ProductGridSkeleton';
import { useNearViewport } from '@/lib/useNearViewport';
import { lazyOr } from '@/lib/lazyOr';

/** The cards (their code and the products), fetched only when the section is about to be seen. */
const FeaturedProducts = lazyOr(() => import('./FeaturedProducts').then((module) => module.default), FeaturedError);

/**
 * Featured products: on the home page under the merchant's words (the seed's by default), in
 * the bag under the heading alone. Below the fold: its products, and the code that draws them,
 * are fetched once it comes near the screen or once the page has settled (never ahead while the
 * shopper saves data, see useNearViewport).
 */
export function FeaturedGrid({ heading = 'Featured Products', blurb }: { heading?: string; blurb?: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const loading = <ProductGridSkeleton count={4} />;
  return (
    <section ref={sectionRef} className="section featured" aria-labelledby="featured-heading">
      <div className="container">
        <div className="section__head">
          <div>
            <span className="eyebrow">Hand-picked</span>
            <h2 id="featured-heading">{heading}</h2>
            {blurb && <p>{blurb}</p>}
          </div>
        </div>
        {near ? (
          <Suspense fallback={loading}>
            <FeaturedProducts />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </section>
  );
}
