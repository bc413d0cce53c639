import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { adminTime } from '../lib/time';
import { OrderStatusBadge } from '@/components/OrderStatusBadge';
import { orderTitle, unitCount } from '@/lib/orders';
import type { OrderStatus } from '@/lib/types';

type RowOrder = {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: number;
  items: ReadonlyArray<{ quantity: number }>;
};

/** The first line of an order in an admin list: its title (the link to it), its status, then `children`'s badges. */
export function OrderRowHead({ order, children }: { order: RowOrder; children?: ReactNode }) {
  return (
    <div className="admin-order-row__main">
      <Link href={`/admin/orders/${encodeURIComponent(order.id)}`} className="admin-order-row__link">
        {orderTitle(order)}
      </Link>
      <OrderStatusBadge status={order.status} />
      {children}
    </div>
  );
}

/** When an order was placed and how many items it holds, then `children`'s facts. */
export function OrderRowMeta({ order, children }: { order: RowOrder; children?: ReactNode }) {
  const count = unitCount(order);
  return (
    <div className="admin-order-row__meta">
      <time dateTime={new Date(order.createdAt).toISOString()}>{adminTime.format(new Date(order.createdAt))}</time>
      <span>
        {count} {count === 1 ? 'item' : 'items'}
      </span>
      {children}
    </div>
  );
}
