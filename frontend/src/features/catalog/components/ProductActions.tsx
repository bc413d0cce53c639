import { HeartIcon } from '@/components/icons';
import { useSession } from '@/lib/session';
import type { Product } from '@/lib/types';

export const SAVE_LOGIN_ALERT = 'Please log in or sign up to save products.';
export const BAG_LOGIN_ALERT = 'Please log in to add items to your bag.';

type ProductActionsProps = {
  product: Product;
  size: string | null;
  color: string | null;
};

/**
 * Add to Bag and the save heart. A visitor gets the spec's log-in alerts; for a signed-in
 * customer the buttons wait for the bag and saved-items work.
 */
export function ProductActions({ product }: ProductActionsProps) {
  const { user } = useSession();
  const pending = user ? 'Available soon' : undefined;

  return (
    <div className="product-actions">
      <button
        type="button"
        className="btn btn--primary product-actions__bag"
        disabled={Boolean(user)}
        title={pending}
        onClick={() => window.alert(BAG_LOGIN_ALERT)}
      >
        Add to Bag
      </button>
      <button
        type="button"
        className="product-actions__save"
        aria-label="Save product"
        aria-pressed={false}
        disabled={Boolean(user)}
        title={pending ?? `Save ${product.name}`}
        onClick={() => window.alert(SAVE_LOGIN_ALERT)}
      >
        <HeartIcon />
      </button>
    </div>
  );
}
