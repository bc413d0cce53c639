import { useSetFeatured } from '../api/catalog';
import type { Product } from '@/lib/types';
import '../admin.css';

/** On a featured card (admins only): takes the product off the featured grid, which drops the card. */
export default function RemoveFromFeaturedSlot({ product }: { product: Product }) {
  const setFeatured = useSetFeatured();
  return (
    <div className="admin-card-tools">
      <button
        type="button"
        className="btn btn--sm admin-card-button"
        onClick={() => setFeatured.mutate({ id: product.id, featured: false })}
        disabled={setFeatured.isPending}
        aria-label={`Remove ${product.name} from Featured`}
      >
        {setFeatured.isPending ? 'Removing...' : 'Remove from Featured'}
      </button>
      {setFeatured.isError && (
        <p className="admin-card-error" role="alert">
          {setFeatured.error.message}
        </p>
      )}
    </div>
  );
}
