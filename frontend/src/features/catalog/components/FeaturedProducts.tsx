import { useFeaturedProducts } from '../api/get-featured';
import { FeaturedError } from './FeaturedError';
import { AdminSlot, useIsAdmin } from '@/components/AdminSlot';
import { ProductGrid } from '@/components/ProductGrid';
import { ProductGridSkeleton } from '@/components/ProductGridSkeleton';

/** The featured section's cards (loaded with their own code, see FeaturedGrid). */
export default function FeaturedProducts() {
  const { data: products, isPending, isError } = useFeaturedProducts();
  const isAdmin = useIsAdmin();
  return isPending ? (
    <ProductGridSkeleton count={4} />
  ) : isError ? (
    <FeaturedError />
  ) : products.length === 0 ? (
    <p className="muted">No featured products yet. Explore our collections above.</p>
  ) : (
    <ProductGrid
      products={products}
      label="Featured Products"
      actions={isAdmin ? (product) => <AdminSlot name="featured.card" props={{ product }} /> : undefined}
    />
  );
}
