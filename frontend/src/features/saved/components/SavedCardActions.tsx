import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useMoveToBag, useRemoveSaved } from '../api/update-saved';
import { VariantOptions } from '@/components/VariantOptions';
import { serverReason } from '@/lib/api';
import type { Product } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import { isSoldOut, lowStockText, SOLD_OUT, useVariantChoice } from '@/lib/variants';

export const SAVED_ACTION_FAILED = 'Something went wrong. Please try again.';

/**
 * Remove and Add to Bag under a saved product. Add to Bag moves it to the bag, then opens My Bag:
 * at once for a product without a choice to make, else through a small chooser under the card
 * (the sizes and colours sold, sold-out ones disabled) with Move to Bag and Cancel. A product with
 * nothing left offers a disabled Sold out.
 */
export function SavedCardActions({ product }: { product: Product }) {
  const [, navigate] = useLocation();
  const remove = useRemoveSaved();
  const move = useMoveToBag();
  const flight = useInFlight();
  const choice = useVariantChoice(product);
  const [choosing, setChoosing] = useState(false);
  const chooserId = useId();
  const chooserRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const busy = remove.isPending || move.isPending;
  const error = remove.error ?? move.error;
  const soldOut = isSoldOut(product);
  const needsChoice = choice.missing.size || choice.missing.color;
  const low = lowStockText(choice.variant);

  // Opening the chooser takes the focus to its first choice.
  useEffect(() => {
    if (choosing) chooserRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, [choosing]);

  const moveToBag = () => {
    if (choice.missing.size || choice.missing.color) {
      choice.ask();
      return;
    }
    if (!flight.begin()) return;
    remove.reset();
    move.mutate(
      { productId: product.id, size: choice.size, color: choice.color },
      { onSuccess: () => navigate('/mybag'), onSettled: flight.end },
    );
  };

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
        {soldOut ? (
          <button type="button" className="btn btn--primary btn--sm" disabled>
            {SOLD_OUT}
            <span className="visually-hidden"> {product.name}</span>
          </button>
        ) : (
          <button
            ref={addRef}
            type="button"
            className="btn btn--primary btn--sm"
            disabled={busy || choosing}
            aria-expanded={needsChoice ? choosing : undefined}
            aria-controls={needsChoice && choosing ? chooserId : undefined}
            onClick={() => (needsChoice ? setChoosing(true) : moveToBag())}
          >
            Add to Bag<span className="visually-hidden"> {product.name}</span>
          </button>
        )}
      </div>
      {choosing && !soldOut && (
        <div
          ref={chooserRef}
          id={chooserId}
          className="saved-chooser"
          role="group"
          aria-label={`Choose size and colour of ${product.name}`}
        >
          <VariantOptions choice={choice} name={`saved-${product.id}`} />
          {low && <p className="saved-chooser__low">{low}</p>}
          <div className="saved-chooser__buttons">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={busy}
              aria-describedby={choice.describedBy}
              onClick={moveToBag}
            >
              Move to Bag
            </button>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              disabled={busy}
              onClick={() => {
                setChoosing(false);
                move.reset();
                // The button that opened the chooser is enabled again once it has closed.
                window.setTimeout(() => addRef.current?.focus(), 0);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="saved-actions__error" role="alert">
          {serverReason(error) ?? SAVED_ACTION_FAILED}
        </p>
      )}
    </div>
  );
}
