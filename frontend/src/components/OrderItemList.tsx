import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Price } from '@/components/Price';
import { itemOptions } from '@/lib/orders';
import type { OrderItem, PackedItem } from '@/lib/types';
import './OrderItemList.css';

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
};

/**
 * An order's lines: name, size and colour, quantity × price paid, and the line total in naira; a
 * line without a price (a packer's view) shows its quantity alone.
 */
export function OrderItemList({ items, label, linkProducts = false, lineAction }: Props) {
  return (
    <ul className="order-items" aria-label={label}>
      {items.map((item, index) => {
        const options = itemOptions(item);
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
                {'price' in item ? (
                  <>
                    {item.quantity} × <Price kobo={item.price} />
                  </>
                ) : (
                  `Quantity ${item.quantity}`
                )}
              </span>
              {lineAction?.(item)}
            </div>
            {'price' in item && <Price kobo={item.price * item.quantity} className="order-item__total" />}
          </li>
        );
      })}
    </ul>
  );
}
