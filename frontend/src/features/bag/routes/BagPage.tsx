import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useBag } from '../api/get-bag';
import { BagItemRow } from '../components/BagItemRow';
import { DeliveryNote } from '@/components/DeliveryNote';
import { Message, ShopOnMessage } from '@/components/Message';
import { Price } from '@/components/Price';
import { PageSpinner } from '@/components/Spinner';
import { itemCountLabel } from '@/lib/shopping';
import { useShownCurrency } from '@/lib/shownCurrency';
import { bagTotalIn } from '../lib/bagTotal';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './BagPage.css';

export const EMPTY_BAG_TITLE = 'Your bag is empty';
export const EMPTY_BAG_TEXT = "Looks like you haven't added any items yet.";

type BagPageProps = {
  /** Shown beneath the bag (the app puts the featured products here). */
  below?: ReactNode;
  /** Shown in the order summary, above Continue Shopping (the app puts checkout here). */
  checkout?: ReactNode;
  /** Shown under the page title, whatever the bag holds (checkout's outcome). */
  notice?: ReactNode;
  /**
   * What the summary says of the bag's money: its total ("total", the default), the same figure
   * as the "subtotal" (while checkout asks where to deliver), or nothing ("none": checkout shows
   * the server's total, so the page shows one).
   */
  totals?: 'total' | 'subtotal' | 'none';
  /** The "Deliver to" note; off while checkout asks for the state itself. */
  deliveryNote?: boolean;
};

/**
 * /mybag (signed-in only): the bag's lines, the item count and the total, all as the server
 * computed them; an empty state; checkout in the summary; featured products beneath.
 */
export default function BagPage({ below, checkout, notice, totals = 'total', deliveryNote = true }: BagPageProps) {
  useDocumentTitle('My Bag');
  const { data: bag, isPending, isError, refetch } = useBag();
  const currency = useShownCurrency();

  let content: ReactNode;
  if (isPending) {
    content = <PageSpinner label="Loading your bag…" />;
  } else if (isError) {
    content = (
      <Message title="We couldn't load your bag." tone="error">
        <button type="button" className="btn btn--dark" onClick={() => void refetch()}>
          Try again
        </button>
      </Message>
    );
  } else if (bag.items.length === 0) {
    content = (
      <ShopOnMessage title={EMPTY_BAG_TITLE} as="h2" text={EMPTY_BAG_TEXT} action="Start Shopping" button="primary" />
    );
  } else {
    content = (
      <div className="bag-layout">
        <ul className="bag-list" aria-label="Items in your bag">
          {bag.items.map((item) => (
            <BagItemRow key={item.id} item={item} />
          ))}
        </ul>
        <aside className="bag-summary" aria-labelledby="bag-summary-heading">
          <h2 id="bag-summary-heading" className="bag-summary__title">
            Order summary
          </h2>
          <dl className="bag-summary__rows">
            <div>
              <dt>Items</dt>
              <dd data-testid="bag-count">{itemCountLabel(bag.count)}</dd>
            </div>
            {totals !== 'none' && (
              <div className="bag-summary__total">
                <dt>{totals === 'subtotal' ? 'Subtotal' : 'Total'}</dt>
                <dd>
                  <Price {...bagTotalIn(bag, currency)} />
                </dd>
              </div>
            )}
          </dl>
          {/* Delivery in Nigeria, by state, in naira: not for a shopper buying in dollars or pounds. */}
          {deliveryNote && currency === 'NGN' && <DeliveryNote subtotal={bag.total} />}
          {checkout}
          <Link href="/" className="btn btn--outline btn--block bag-summary__continue">
            Continue Shopping
          </Link>
        </aside>
      </div>
    );
  }

  return (
    <>
      <div className="container page bag-page">
        <header className="page-header">
          <h1>My Bag</h1>
          {bag && bag.items.length > 0 && <p className="bag-page__count">{itemCountLabel(bag.count)}</p>}
        </header>
        {notice}
        {content}
      </div>
      {below}
    </>
  );
}
