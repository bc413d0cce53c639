import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Price } from '@/components/Price';
import type { Currency } from '@/lib/money';
import { itemOptions } from '@/lib/orders';
import type { OrderItem, PackedItem } from '@/lib/types';
import './OrderItemList.css';

/** A line's unit price as paid: in the order's currency when the line knows it, else naira. */
function linePrice(item: OrderItem, currency: Currency): { kobo: number; currency: Currency } {
  return currency !== 'NGN' && item.priceAbroad != null
    ? { kobo: item.priceAbroad, currency }
    : { kobo: item.price, currency: 'NGN' };
}

/** A line as paid for, or (the packing view) without its price. */
type Line = OrderItem | PackedItem;

type Props = {
  items: Line[];
  /** The list's accessible name, e.g. "Items in Order #1a2b3c4d". */
  label?: string;
  /** Admins open the product from its line (when it still exists). */
  linkProducts?: boolean;
  /** Something to do with a line, under its details (My Orders: "Write a review"). */
  lineAction?: (item: Line) => ReactNode;
  /** The currency the order was charged in: its lines at their prices in it (`priceAbroad`), where known. */
  currency?: Currency;
};

/**
 * An order's lines: name, size and colour, quantity × price paid, and the line total in naira (or,
 * for an order charged in dollars or pounds, in that currency); a line without a price (a
 * packer's view) shows its quantity alone.
 */
export function OrderItemList({ items, label, linkProducts = false, lineAction, currency = 'NGN' }: Props) {
  return (
    <ul className="order-items" aria-label={label}>
      {items.map((item, index) => {
        const options = itemOptions(item);
        const paid = 'price' in item ? linePrice(item, currency) : null;
        return (
          <li key={`${item.productId ?? item.name}-${index}`} className="order-item">
            <div className="order-item__info">
              {linkProducts && item.productId ? (
                <Link href={`/product/${encodeURIComponent(item.productId)}`} className="order-item__name">
                  {item.name}
                </Link>
              ) : (
                <span className="order-item__name">{item.name}</span>
              )}
              {options && <span className="order-item__muted">{options}</span>}
              <span className="order-item__muted">
                {paid ? (
                  <>
                    {item.quantity} × <Price {...paid} />
                  </>
                ) : (
                  `Quantity ${item.quantity}`
                )}
              </span>
              {lineAction?.(item)}
            </div>
            {paid && <Price kobo={paid.kobo * item.quantity} currency={paid.currency} className="order-item__total" />}
          </li>
        );
      })}
    </ul>
  );
}
