import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAddToBag } from '../api/add-to-bag';
import { useIsSaved, useToggleSaved } from '../api/saved-state';
import { HeartIcon } from '@/components/icons';
import { Price } from '@/components/Price';
import { failureMessage, isApiError, markWritten } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { hasBag, useSession } from '@/lib/session';
import { useProductPrice } from '@/lib/shownCurrency';
import type { Product } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import { isSoldOut, lowStockText, SOLD_OUT, type VariantChoice } from '@/lib/variants';

export const SAVE_LOGIN_ALERT = 'Please log in or sign up to save products.';
export const BAG_LOGIN_ALERT = 'Please log in to add items to your bag.';
export const SAVED_MESSAGE = 'Product saved successfully';
export const UNSAVED_MESSAGE = 'Product removed from saved items';
export const SAVE_FAILED = 'Failed to save/unsave product. Please try again.';
export const ADDED_MESSAGE = 'Item added to your bag successfully!';
export const ADD_FAILED = 'Failed to add product to bag. Please try again.';
/** SPEC section 9: the success banner shows for 3 s. */
export const BANNER_MS = 3000;

type ProductActionsProps = {
  product: Product;
  /** The size and colour chosen (and what is missing), from `useVariantChoice`. */
  choice: VariantChoice;
};

type Feedback = { tone: 'success' | 'error'; text: string; id: number };

/** A message that hides itself after `ms` (a new message restarts the clock). */
function useTimedFeedback(ms: number) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  useEffect(() => {
    if (!feedback || feedback.tone === 'error') return;
    const timer = setTimeout(() => setFeedback(null), ms);
    return () => clearTimeout(timer);
  }, [feedback, ms]);
  const show = (tone: Feedback['tone'], text: string) => setFeedback({ tone, text, id: Date.now() + Math.random() });
  return [feedback, show, () => setFeedback(null)] as const;
}

/** The sticky header covers the top of the screen: under it counts as off screen. */
const HEADER_COVER_PX = 68;

/**
 * True while `ref`'s element is not wholly on screen: scrolled away above, or still below the fold
 * on a short screen. Watched with an IntersectionObserver: no scroll listener.
 */
function useOffScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [off, setOff] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setOff(entry.intersectionRatio < 0.99);
      },
      { rootMargin: `-${HEADER_COVER_PX}px 0px 0px 0px`, threshold: [0, 0.99] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return off;
}

/**
 * True while the shopper is in a form (writing a review, searching): the bar then steps aside so it
 * never covers the fields and buttons being used.
 */
function useInForm(): boolean {
  const [inForm, setInForm] = useState(false);
  useEffect(() => {
    const update = () => {
      const active = document.activeElement;
      setInForm(Boolean(active?.closest('form') && !active.closest('.buy-bar')));
    };
    // After focusout the focus has not landed yet: look once it has.
    const later = () => setTimeout(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return inForm;
}

/**
 * Add to Bag (with the chosen size and colour) and the save heart. A visitor gets the spec's
 * log-in alerts (for the bag only while the shop does not take guests). Both buttons are disabled while their request runs, so a double tap sends once.
 * A missing size or colour is asked for beside its options (`choice.ask()`); "Only 2 left" shows
 * for a chosen variant with few left; a product with nothing left offers a disabled Sold out.
 * Whenever the Add to Bag button is not wholly on screen (scrolled away, or below the fold), a bar
 * fixed to the bottom of the screen offers the price and Add to Bag again, except while the shopper
 * is in a form; a missing size or colour there brings the options back into view.
 */
export function ProductActions({ product, choice }: ProductActionsProps) {
  const { size, color, missing, variant, describedBy } = choice;
  const client = useQueryClient();
  const session = useSession();
  const { user } = session;
  const signedIn = Boolean(user);
  // A visitor may fill a bag when the shop takes guests; saving still needs an account.
  const mayAdd = hasBag(session);
  const saved = useIsSaved(product.id, signedIn);
  const isSaved = saved.data === true;
  const toggle = useToggleSaved();
  const add = useAddToBag();
  const adding = useInFlight();
  const saving = useInFlight();
  const [bagFeedback, showBag, clearBag] = useTimedFeedback(BANNER_MS);
  const [saveFeedback, showSave] = useTimedFeedback(BANNER_MS);
  const actionsRef = useRef<HTMLDivElement>(null);
  const inForm = useInForm();
  const barVisible = useOffScreen(actionsRef) && !inForm;
  const price = useProductPrice(product);

  // A new choice clears the last refusal (say "Only 1 left.").
  useEffect(() => {
    if (bagFeedback?.tone === 'error') clearBag();
    // Only a new choice clears it, not the message's own arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [size, color]);

  const soldOut = isSoldOut(product) || (variant !== undefined && variant.available <= 0);
  const low = lowStockText(variant);

  const onAdd = (click: { detail: number }, fromBar = false) => {
    if (!mayAdd) {
      window.alert(BAG_LOGIN_ALERT);
      return;
    }
    if (missing.size || missing.color) {
      choice.ask();
      clearBag();
      if (fromBar) {
        const options = actionsRef.current
          ?.closest('.product-info')
          ?.querySelector<HTMLElement>(`fieldset[data-option="${missing.size ? 'size' : 'color'}"]`);
        options?.scrollIntoView?.({ block: 'center' });
        options?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
      }
      return;
    }
    if (!adding.begin(click)) return;
    clearBag();
    add.mutate(
      { productId: product.id, size, color, quantity: 1 },
      {
        onSettled: adding.end,
        onSuccess: () => showBag('success', ADDED_MESSAGE),
        onError: (error) => {
          showBag('error', failureMessage(error, ADD_FAILED));
          // Sold out or fewer left than asked: the stock shown is stale; fetch it past any copy.
          if (isApiError(error) && error.status === 400) {
            markWritten();
            void client.invalidateQueries({ queryKey: queryKeys.products.detail(product.id) });
          }
        },
      },
    );
  };

  const onToggleSave = () => {
    if (!user) {
      window.alert(SAVE_LOGIN_ALERT);
      return;
    }
    if (saved.isPending || !saving.begin()) return;
    const save = !isSaved;
    toggle.mutate(
      { productId: product.id, save },
      {
        onSettled: saving.end,
        onSuccess: () => showSave('success', save ? SAVED_MESSAGE : UNSAVED_MESSAGE),
        onError: () => showSave('error', SAVE_FAILED),
      },
    );
  };

  return (
    <div className="product-actions-wrap">
      <div className="product-actions" ref={actionsRef}>
        {soldOut ? (
          <button type="button" className="btn btn--primary product-actions__bag" disabled>
            {SOLD_OUT}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--primary product-actions__bag"
            disabled={add.isPending}
            aria-busy={add.isPending || undefined}
            aria-describedby={
              [describedBy, bagFeedback?.tone === 'error' && 'product-bag-feedback'].filter(Boolean).join(' ') ||
              undefined
            }
            onClick={(event) => onAdd(event)}
          >
            Add to Bag
          </button>
        )}
        <button
          type="button"
          className={`product-actions__save${isSaved ? ' is-saved' : ''}`}
          aria-label={isSaved ? 'Remove from saved' : 'Save product'}
          aria-pressed={isSaved}
          disabled={toggle.isPending || (signedIn && saved.isPending)}
          title={isSaved ? 'Remove from saved' : 'Save product'}
          onClick={onToggleSave}
        >
          <HeartIcon filled={isSaved} />
        </button>
      </div>
      {/* Under the button, so picking a low-stock variant never pushes Add to Bag down. */}
      <p className="product-stock" role="status">
        {low && !soldOut && <span className="product-stock__low">{low}</span>}
      </p>
      <div className="product-actions__feedback" role="status" aria-live="polite">
        {bagFeedback?.tone === 'success' && (
          <p key={bagFeedback.id} className="product-banner">
            {bagFeedback.text}
          </p>
        )}
        {saveFeedback?.tone === 'success' && (
          <p key={saveFeedback.id} className="product-toast">
            {saveFeedback.text}
          </p>
        )}
      </div>
      {bagFeedback?.tone === 'error' && (
        <p id="product-bag-feedback" className="alert alert--error product-actions__error" role="alert">
          {bagFeedback.text}
        </p>
      )}
      {saveFeedback?.tone === 'error' && (
        <p className="alert alert--error product-actions__error" role="alert">
          {saveFeedback.text}
        </p>
      )}
      {barVisible && (
        <div className="buy-bar" data-testid="buy-bar" role="region" aria-label="Buy">
          <div className="buy-bar__inner container">
            <div className="buy-bar__text">
              <span className="buy-bar__name">{product.name}</span>
              {bagFeedback?.tone === 'success' ? (
                <span className="buy-bar__added">Added to your bag</span>
              ) : (
                <Price kobo={price.kobo} currency={price.currency} className="buy-bar__price" />
              )}
            </div>
            <button
              type="button"
              className="btn btn--primary buy-bar__button"
              disabled={soldOut || add.isPending}
              onClick={(event) => onAdd(event, true)}
            >
              {soldOut ? SOLD_OUT : 'Add to Bag'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
