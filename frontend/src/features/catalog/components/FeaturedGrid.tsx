import { useRef } from 'react';
import { useFeaturedProducts } from '../api/get-featured';
import { AdminSlot, useIsAdmin } from '@/components/AdminSlot';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { useNearViewport } from '@/lib/useNearViewport';

/** The home page's featured products; fetched once near the screen or once the page has settled. */
export function FeaturedGrid() {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const { data: products, isPending, isError } = useFeaturedProducts(near);
  const isAdmin = useIsAdmin();
  return (
    <section ref={sectionRef} className="section featured" aria-labelledby="featured-heading">
      <div className="container">
        <div className="section__head">
          <div>
            <span className="eyebrow">Hand-picked</span>
            <h2 id="featured-heading">Featured Products</h2>
            <p>Our favourite pieces this season, chosen by the Ankara stylists.</p>
          </div>
        </div>
        {isPending ? (
          <ProductGridSkeleton count={4} />
        ) : isError ? (
          <p className="alert alert--error" role="alert">
            Error loading featured products.
          </p>
        ) : products.length === 0 ? (
          <p className="muted">No featured products yet. Explore our collections above.</p>
        ) : (
          <ProductGrid
            products={products}
            label="Featured Products"
            actions={isAdmin ? (product) => <AdminSlot name="featured.card" props={{ product }} /> : undefined}
          />
        )}
      </div>
    </section>
  );
}
