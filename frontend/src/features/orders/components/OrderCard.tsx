import { Link } from 'wouter';
import { OrderItemList } from '@/components/OrderItemList';
import { OrderStatusBadge } from '@/components/OrderStatusBadge';
import { PriceBreakdown, orderPrices } from '@/components/PriceBreakdown';
import { OrderTotal } from './OrderTotal';
import { RefundAmounts, RefundList, reviewLinkFor } from './Refunds';
import { formatDate } from '@/lib/money';
import { addressLines, confirmationText, orderTitle, toPayText, type Charged } from '@/lib/orders';
import type { Order, TrackedOrder } from '@/lib/types';

/**
 * What an order cost, in parts (only those that apply: an older order shows its total alone); an
 * order paid in dollars or pounds in what it charged.
 */
export function OrderPrice({ order }: { order: Order | TrackedOrder }) {
  const charged = chargedOf(order);
  return (
    <PriceBreakdown
      {...orderPrices(order)}
      {...(charged && {
        subtotal: charged.subtotal,
        delivery: charged.delivery,
        discount: charged.discount,
        total: charged.total,
        currency: charged.currency,
      })}
      label={`Price of ${orderTitle(order)}`}
      className="order-card__breakdown"
    />
  );
}

/** What an order charged abroad, or null (a naira order). */
export function chargedOf(order: Order | TrackedOrder): Charged | null {
  return order.charged ?? null;
}

/** The currency an order's lines are shown in: the one it was charged in, else naira. */
export function itemsCurrency(order: Order | TrackedOrder) {
  return chargedOf(order)?.currency ?? 'NGN';
}

/**
 * One order on My Orders: id, status, customer, date, total (with what was refunded), items (with
 * "Write a review" once delivered), refunds, "Return or exchange" once delivered, tracking and address.
 */
export function OrderCard({ order, isNew }: { order: Order; isNew: boolean }) {
  const headingId = `order-${order.id}`;
  const toPay = toPayText(order);
  const waiting = confirmationText(order);
  return (
    <li>
      <article className="order-card" aria-labelledby={headingId}>
        <header className="order-card__head">
          <h2 id={headingId} className="order-card__title">
            {orderTitle(order)}
          </h2>
          {isNew && <span className="order-card__new caps">New</span>}
          <OrderStatusBadge status={order.status} />
        </header>
        {waiting && <p className="alert alert--info order-card__confirm">{waiting}</p>}
        <dl className="order-card__facts">
          <div>
            <dt className="caps">Date</dt>
            <dd>
              <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="caps">Customer</dt>
            <dd>
              <span>{order.customerName}</span>
              <span className="order-card__email">{order.customerEmail}</span>
            </dd>
          </div>
          <div>
            <dt className="caps">Total</dt>
            <dd>
              <OrderTotal order={order} className="order-card__total" />
              <RefundAmounts order={order} />
              {toPay && <span className="order-card__to-pay">{toPay}</span>}
            </dd>
          </div>
          {order.trackingNumber && (
            <div>
              <dt className="caps">Tracking number</dt>
              <dd className="order-card__tracking">{order.trackingNumber}</dd>
            </div>
          )}
          {order.shippedBy === 'rider' && (
            <div>
              <dt className="caps">Delivery</dt>
              <dd>Our own rider</dd>
            </div>
          )}
        </dl>
        <h3 className="order-card__subhead caps">Items</h3>
        <OrderItemList
          items={order.items}
          currency={itemsCurrency(order)}
          label={`Items in ${orderTitle(order)}`}
          lineAction={reviewLinkFor(order)}
        />
        <OrderPrice order={order} />
        <RefundList order={order} headingClassName="order-card__subhead caps" />
        {order.status === 'delivered' && (
          <p className="order-card__returns">
            <Link href={`/returns?order=${encodeURIComponent(order.id)}`} className="btn btn--outline">
              Return or exchange
            </Link>
          </p>
        )}
        <h3 className="order-card__subhead caps">Delivery address</h3>
        <address className="order-card__address">
          {addressLines(order.deliveryAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </article>
    </li>
  );
}
