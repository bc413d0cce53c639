import { useLocation } from 'wouter';
import { useMoveToBag, useRemoveSaved } from '../api/update-saved';
import { serverReason } from '@/lib/api';
import type { Product } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const SAVED_ACTION_FAILED = 'Something went wrong. Please try again.';

/** Remove and Add to Bag under a saved product. Add to Bag moves it to the bag, then opens My Bag. */
export function SavedCardActions({ product }: { product: Product }) {
  const [, navigate] = useLocation();
  const remove = useRemoveSaved();
  const move = useMoveToBag();
  const flight = useInFlight();
  const busy = remove.isPending || move.isPending;
  const error = remove.error ?? move.error;

  return (
    <div className="saved-actions">
      <div className="saved-actions__buttons">
        <button
          type="button"
          className="btn btn--outline btn--sm"
          disabled={busy}
          onClick={() => {
            if (!flight.begin()) return;
            move.reset();
            remove.mutate(product.id, { onSettled: flight.end });
          }}
        >
          Remove<span className="visually-hidden"> {product.name}</span>
        </button>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={busy}
          onClick={() => {
            if (!flight.begin()) return;
            remove.reset();
            move.mutate(product.id, { onSuccess: () => navigate('/mybag'), onSettled: flight.end });
          }}
        >
          Add to Bag<span className="visually-hidden"> {product.name}</span>
        </button>
      </div>
      {error && (
        <p className="saved-actions__error" role="alert">
          {serverReason(error) ?? SAVED_ACTION_FAILED}
        </p>
      )}
    </div>
  );
}
