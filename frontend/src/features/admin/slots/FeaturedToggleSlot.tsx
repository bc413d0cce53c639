import { useSetFeatured } from '../api/catalog';
import { AdminTag } from '../components/AdminPanel';
import type { Product } from '@/lib/types';
import '../admin.css';

/** Product page (admins only): Mark as Featured / Remove from Featured. */
export default function FeaturedToggleSlot({ product }: { product: Product }) {
  const setFeatured = useSetFeatured();
  const next = !product.featured;
  return (
    <div className="admin-inline">
      <AdminTag />
      <span className="admin-inline__state">{product.featured ? 'Shown in Featured Products' : 'Not featured'}</span>
      <button
        type="button"
        className="btn btn--sm btn--outline"
        onClick={() => setFeatured.mutate({ id: product.id, featured: next })}
        disabled={setFeatured.isPending}
      >
        {setFeatured.isPending ? 'Saving...' : product.featured ? 'Remove from Featured' : 'Mark as Featured'}
      </button>
      {setFeatured.isError && (
        <p className="admin-inline__error" role="alert">
          {setFeatured.error.message}
        </p>
      )}
    </div>
  );
}
