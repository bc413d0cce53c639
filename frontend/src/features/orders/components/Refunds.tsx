import { Link } from 'wouter';
import { Price } from '@/components/Price';
import { formatDate, formatMoney, formatNaira, type Currency } from '@/lib/money';
import { orderTitle } from '@/lib/orders';
import type { Order, OrderItem, RefundStatus, TrackedOrder } from '@/lib/types';
import './Refunds.css';

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  processed: 'Refunded',
  pending: 'Pending',
  failed: 'Failed',
};

type RefundedOrder = Pick<Order | TrackedOrder, 'refunded' | 'refundPending' | 'refunds' | 'number'> & {
  charged?: Order['charged'];
};
type OneRefund = RefundedOrder['refunds'][number];

/** A refund's amount as it went back: in the currency the order was paid in (`amountAbroad`), else naira. */
export function refundAmount(refund: OneRefund, order: RefundedOrder): { kobo: number; currency: Currency } {
  return refund.amountAbroad !== null && order.charged
    ? { kobo: refund.amountAbroad, currency: order.charged.currency }
    : { kobo: refund.amount, currency: 'NGN' };
}

/**
 * What an order's refunds of one kind add up to, as text: in the currency paid when every one of
 * them says its amount in it (a foreign order's), else the server's naira figure.
 */
function refundedText(order: RefundedOrder, done: boolean, naira: number): string {
  const refunds = order.refunds.filter((r) => (r.status === 'processed') === done && r.status !== 'failed');
  const currency = order.charged ? order.charged.currency : 'NGN';
  if (currency === 'NGN' || refunds.length === 0 || refunds.some((r) => r.amountAbroad === null)) {
    return formatNaira(naira);
  }
  return formatMoney(
    refunds.reduce((sum, r) => sum + (r.amountAbroad ?? 0), 0),
    currency,
  );
}

/** "Refunded ₦X" and "Refund pending ₦Y" under an order's total (nothing when neither applies). */
export function RefundAmounts({ order }: { order: RefundedOrder }) {
  return (
    <>
      {order.refunded > 0 && (
        <span className="refund-amount refund-amount--done">
          Refunded <span className="refund-amount__naira">{refundedText(order, true, order.refunded)}</span>
        </span>
      )}
      {order.refundPending > 0 && (
        <span className="refund-amount refund-amount--pending">
          Refund pending <span className="refund-amount__naira">{refundedText(order, false, order.refundPending)}</span>
        </span>
      )}
    </>
  );
}

/** The day a refund last moved: when it was processed or failed, else when it was asked for. */
function refundDate(refund: OneRefund): number {
  return refund.status === 'pending' ? refund.createdAt : refund.updatedAt;
}

/** Each refund of an order, oldest first: amount, status, date and reason. */
export function RefundList({ order, headingClassName }: { order: RefundedOrder; headingClassName: string }) {
  if (order.refunds.length === 0) return null;
  return (
    <>
      <h3 className={headingClassName}>Refunds</h3>
      <ul className="refund-list" aria-label={`Refunds of ${orderTitle(order)}`}>
        {order.refunds.map((refund) => (
          <li key={refund.id} className="refund-line">
            <div className="refund-line__main">
              <Price {...refundAmount(refund, order)} className="refund-line__amount" />
              <span className={`refund-status refund-status--${refund.status}`}>
                {REFUND_STATUS_LABELS[refund.status]}
              </span>
            </div>
            {refund.reason && <p className="refund-line__reason">{refund.reason}</p>}
            <p className="refund-line__date">
              <time dateTime={new Date(refundDate(refund)).toISOString()}>{formatDate(refundDate(refund))}</time>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * "Write a review" for a line of a delivered order whose product is still sold: it opens the
 * product page at its reviews, with the form open. Named for the product for screen readers.
 */
export function reviewLinkFor(order: Pick<Order, 'status'>) {
  if (order.status !== 'delivered') return undefined;
  return function ReviewLink(item: Pick<OrderItem, 'productId' | 'name'>) {
    if (!item.productId) return null;
    return (
      <Link href={`/product/${encodeURIComponent(item.productId)}#reviews`} className="order-item__review">
        Write a review<span className="visually-hidden"> of {item.name}</span>
      </Link>
    );
  };
}
