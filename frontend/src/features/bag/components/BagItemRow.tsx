import { Link } from 'wouter';
import { useRemoveItem, useSetQuantity } from '../api/update-item';
import { CloseIcon } from '@/components/moreIcons';
import { Price } from '@/components/Price';
import { SalePrice } from '@/components/SalePrice';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { serverReason } from '@/lib/api';
import { productPath } from '@/lib/collections';
import { useProductPrice } from '@/lib/shownCurrency';
import type { BagItem } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import { lowStockText } from '@/lib/variants';

/** The server's limit on one line. */
const MAX_QUANTITY = 99;
export const BAG_UPDATE_FAILED = 'Could not update your bag. Please try again.';

/**
 * One bag line: picture, name, size and colour, unit price, the quantity stepper (minus at 1
 * removes the line, as the server does for quantity 0; plus stops at what is available), line
 * total and Remove, and the server's notice for the line ("Sold out — remove it to continue") as a
 * warning. Its buttons are disabled while its request runs; prices always come from the server's
 * answer.
 */
export function BagItemRow({ item }: { item: BagItem }) {
  const setQuantity = useSetQuantity();
  const remove = useRemoveItem();
  const flight = useInFlight();
  const busy = setQuantity.isPending || remove.isPending;
  const error = setQuantity.error ?? remove.error;
  const { product } = item;
  // In the shopper's currency when the product has a price in it (the line: that price times the
  // quantity, as the server's naira line is), else in naira.
  const price = useProductPrice(product);
  const details = [item.size && `Size: ${item.size}`, item.color && `Colour: ${item.color}`].filter(Boolean);
  const noticeId = `bag-notice-${item.id}`;
  const atMost = Math.min(MAX_QUANTITY, item.available);
  // "Only 2 left" for a variant with few left, unless the server already said something about the line.
  const low = item.notice ? null : lowStockText(product.variants.find((v) => v.id === item.variantId));

  const change = (quantity: number) => {
    if (!flight.begin()) return;
    remove.reset();
    setQuantity.mutate({ itemId: item.id, quantity }, { onSettled: flight.end });
  };

  return (
    <li
      className={`bag-item${item.notice ? ' has-notice' : ''}`}
      aria-busy={busy || undefined}
      aria-describedby={item.notice ? noticeId : undefined}
    >
      <Link href={productPath(product.id)} className="bag-item__media" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage image={product.images[0]} alt="" sizes="112px" className="bag-item__img" />
      </Link>
      <div className="bag-item__body">
        <div className="bag-item__top">
          <div className="bag-item__info">
            <h2 className="bag-item__name">
              <Link href={productPath(product.id)}>{product.name}</Link>
            </h2>
            {details.length > 0 && <p className="bag-item__details">{details.join(' · ')}</p>}
            <p className="bag-item__unit">
              <SalePrice {...price} />
              <span className="visually-hidden"> each</span>
            </p>
          </div>
          <button
            type="button"
            className="icon-button bag-item__remove"
            disabled={busy}
            aria-label={`Remove ${product.name}`}
            title="Remove"
            onClick={() => {
              if (!flight.begin()) return;
              setQuantity.reset();
              remove.mutate(item.id, { onSettled: flight.end });
            }}
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className="bag-item__bottom row-apart">
          <div className="stepper" role="group" aria-label={`Quantity of ${product.name}`}>
            <button
              type="button"
              className="stepper__button"
              aria-label="Decrease quantity"
              disabled={busy}
              onClick={() => change(item.quantity - 1)}
            >
              −
            </button>
            <output className="stepper__value" aria-live="polite" aria-label={`Quantity ${item.quantity}`}>
              {item.quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label="Increase quantity"
              disabled={busy || item.quantity >= atMost}
              title={item.quantity >= item.available ? `Only ${item.available} available` : undefined}
              onClick={() => change(item.quantity + 1)}
            >
              +
            </button>
          </div>
          {low && <span className="bag-item__low">{low}</span>}
          <Price
            kobo={price.currency === 'NGN' ? item.lineTotal : price.kobo * item.quantity}
            currency={price.currency}
            className="bag-item__total"
          />
        </div>
        {item.notice && (
          <p id={noticeId} className="alert alert--warning bag-item__notice">
            {item.notice}
          </p>
        )}
        {error && (
          <p className="alert alert--error bag-item__error" role="alert">
            {serverReason(error) ?? BAG_UPDATE_FAILED}
          </p>
        )}
      </div>
    </li>
  );
}
