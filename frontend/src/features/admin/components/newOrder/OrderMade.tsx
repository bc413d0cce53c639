import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { OrderBreakdown } from '../OrderBreakdown';
import { PayLinkShare } from '../PayLinkShare';
import type { ChatOrderMade } from '../../api/chatOrders';
import { adminTime } from '../../lib/time';
import { formatNaira } from '@/lib/money';

/** After creating: the order's number and total, and its pay link to send. */
export function OrderMade({ made, onAnother }: { made: ChatOrderMade; onAnother: () => void }) {
  const { order } = made;
  const link = [...order.payLinks].reverse().find((l) => l.status === 'open');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card new-order__made" aria-labelledby="new-order-made">
      <h2 id="new-order-made" ref={heading} tabIndex={-1} className="admin-card__title">
        Order #{order.number} created
      </h2>
      <p>
        For <strong>{order.customerName}</strong>
        {link && link.purpose === 'deposit' && (
          <>
            {' '}
            — a deposit of <strong>{formatNaira(link.amount)}</strong> now,{' '}
            {formatNaira(order.totalAmount - link.amount)} later
          </>
        )}
        .
      </p>
      <OrderBreakdown order={order} />
      <PayLinkShare
        url={made.payLink}
        phone={order.customerPhone}
        orderNumber={order.number}
        amount={link?.amount ?? order.balance}
      />
      {link && (
        <p className="muted">
          The link can be paid until {adminTime.format(new Date(link.expiresAt))}; unpaid, the order is then cancelled
          and its stock goes back on sale.
        </p>
      )}
      <div className="admin-form__actions">
        <Link href={`/admin/orders/${encodeURIComponent(order.id)}`} className="btn btn--dark btn--sm">
          Open the order
        </Link>
        <button type="button" className="btn btn--outline btn--sm" onClick={onAnother}>
          Take another order
        </button>
      </div>
    </section>
  );
}
