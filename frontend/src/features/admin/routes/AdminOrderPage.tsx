import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { useAdminOrder, useUpdateOrder, type AdminOrder } from '../api/orders';
import { AdminTag, FormNotice, type Notice } from '../components/AdminPanel';
import { PrintLinks } from '../print/PrintLinks';
import { InternalNotePanel } from '../components/InternalNotePanel';
import { OrderBreakdown } from '../components/OrderBreakdown';
import { OwedBadge, SourceBadge } from '../components/OrderSource';
import { ConfirmationPanel } from '../components/ConfirmationPanel';
import { CODE_OVER_LIMIT_NOTE, CodeOverLimitBadge, OVERSOLD_HINT, OversoldBadge } from '../components/Oversold';
import { PayLinksPanel } from '../components/PayLinksPanel';
import { PayOnDeliveryPanel } from '../components/PayOnDeliveryPanel';
import { RefundPanel } from '../components/RefundPanel';
import { adminTime } from '../lib/time';
import { Message } from '@/components/Message';
import { OrderItemList } from '@/components/OrderItemList';
import { OrderStatusBadge } from '@/components/OrderStatusBadge';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { isNotFound } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { addressLines, ORDER_STATUS_LABELS, orderTitle, paidByText } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { runsTheShop, staffRole } from '@/lib/staff';
import type { OrderUpdate } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import '../components/RefundPanel.css';

export const ORDER_NOT_FOUND = 'Order not found.';
export const TRACKING_REQUIRED = 'Please enter a tracking number.';
export const CONFIRM_CANCEL = 'Cancel this order? The customer will see it as cancelled. This cannot be undone.';

/** The cancel confirmation when the refund goes with it. */
export function confirmCancelWithRefund(kobo: number): string {
  return `Cancel this order and refund ${formatNaira(kobo)} to the customer? The customer will see it as cancelled. This cannot be undone.`;
}

/** The statuses an admin sets with PATCH (placed is where an order starts; refused has its own action). */
type SetStatus = Exclude<OrderUpdate['status'], 'placed' | 'refused'>;
const SET_STATUSES: ReadonlyArray<SetStatus> = ['paid', 'processing', 'shipped', 'delivered', 'cancelled'];
const isSetStatus = (status: string): status is SetStatus => (SET_STATUSES as readonly string[]).includes(status);

const ACTION_LABELS: Record<SetStatus, string> = {
  paid: 'Mark as paid',
  processing: 'Mark as processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

/** /admin/orders/:id (admins only): the whole order, and buttons for the statuses it may move to. */
export default function AdminOrderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: order, isPending, isError, error } = useAdminOrder(id);
  // Pay links are sent and cancelled by owners and managers; packers see them.
  const manage = runsTheShop(staffRole(useSession().user));

  const back = (
    <Link href="/admin/orders" className="admin-back">
      ← All orders
    </Link>
  );

  if (isPending) {
    return (
      <PageShell title="Order" eyebrow="Admin">
        {back}
        <div className="admin-orders__loading">
          <Spinner size="lg" label="Loading the order…" />
        </div>
      </PageShell>
    );
  }
  if (isError) {
    return (
      <PageShell title="Order" eyebrow="Admin">
        {back}
        <Message title={isNotFound(error) ? ORDER_NOT_FOUND : `Error: ${error.message}`} tone="error" />
      </PageShell>
    );
  }

  const units = order.items.reduce((n, item) => n + item.quantity, 0);
  return (
    <PageShell title={orderTitle(order)} eyebrow="Admin">
      {back}
      <PrintLinks id={order.id} />
      <div className="admin-order__status">
        <OrderStatusBadge status={order.status} />
        {order.oversold && <OversoldBadge />}
        {order.codeOverLimit && <CodeOverLimitBadge />}
        <SourceBadge source={order.source} />
        <OwedBadge order={order} />
        <span className="muted">
          Placed {adminTime.format(new Date(order.createdAt))}
          {order.updatedAt !== order.createdAt && ` · updated ${adminTime.format(new Date(order.updatedAt))}`}
        </span>
      </div>

      {order.oversold && (
        <p className="alert alert--error admin-oversold-banner" role="alert">
          <strong>Oversold.</strong> {OVERSOLD_HINT}.
        </p>
      )}
      {order.codeOverLimit && (
        <p className="alert alert--warning admin-oversold-banner">
          <strong>Code over its limit.</strong> {CODE_OVER_LIMIT_NOTE}
        </p>
      )}

      <div className="admin-order">
        <div className="admin-order__main">
          <section className="admin-card" aria-labelledby="order-items-heading">
            <h2 id="order-items-heading" className="admin-card__title">
              Items ({units})
            </h2>
            <OrderItemList items={order.items} linkProducts />
            <OrderBreakdown order={order} />
            {order.discountReason && (
              <p className="admin-order__discount-reason">Discount given by hand: {order.discountReason}</p>
            )}
          </section>

          {order.status === 'placed' && order.confirmation && <ConfirmationPanel order={order} manage={manage} />}
          {order.paymentMethod === 'pay_on_delivery' && <PayOnDeliveryPanel order={order} />}
          {(order.paymentMethod === 'pay_link' || order.payLinks.length > 0) && (
            <PayLinksPanel order={order} manage={manage} />
          )}
          <StatusActions order={order} />
          {order.nextStatuses.includes('cancelled') && <CancelPanel order={order} />}
          {/* Refunds go back through Paystack: nothing to show when nothing came through it. */}
          {(order.paidOnline > 0 || order.refunds.length > 0) && <RefundPanel order={order} />}
        </div>

        <div className="admin-order__side">
          <section className="admin-card" aria-labelledby="order-customer-heading">
            <h2 id="order-customer-heading" className="admin-card__title">
              Customer
            </h2>
            <p className="admin-order__lines">
              <strong>{order.customerName}</strong>
              {/* Orders taken in chats may have no e-mail. */}
              {order.customerEmail && <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>}
              {order.customerPhone && (
                <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>{order.customerPhone}</a>
              )}
            </p>
          </section>
          {order.customerNote && (
            <section className="admin-card" aria-labelledby="order-customer-note-heading">
              <h2 id="order-customer-note-heading" className="admin-card__title">
                Customer’s note
              </h2>
              <p className="admin-order__customer-note">{order.customerNote}</p>
            </section>
          )}
          <InternalNotePanel order={order} />
          <section className="admin-card" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading" className="admin-card__title">
              {order.deliveryMethod === 'pickup' ? 'Customer address' : 'Delivery address'}
            </h2>
            {order.deliveryMethod === 'pickup' && (
              <p className="admin-order__pickup">Picks the order up in store: nothing to deliver.</p>
            )}
            <address className="admin-order__lines">
              {addressLines(order.deliveryAddress).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </section>
          <section className="admin-card" aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading" className="admin-card__title">
              Payment
            </h2>
            <dl className="admin-order__facts">
              <div>
                <dt>Method</dt>
                <dd>
                  {order.paymentMethod === 'pay_on_delivery'
                    ? order.deliveryMethod === 'pickup'
                      ? 'Pay at pickup'
                      : 'Pay on delivery'
                    : order.paymentMethod === 'pay_link'
                      ? `Pay link${order.paymentChannel ? ` (${paidByText(order.paymentChannel)?.toLowerCase()})` : ''}`
                      : (paidByText(order.paymentChannel) ?? 'Paystack')}
                </dd>
              </div>
              <div>
                <dt>Amount paid</dt>
                <dd>{formatNaira(order.paid)}</dd>
              </div>
              {order.balance > 0 && (
                <div>
                  <dt>Balance</dt>
                  <dd>{formatNaira(order.balance)}</dd>
                </div>
              )}
              <div>
                <dt>Reference</dt>
                <dd className="admin-order__mono">{order.paymentReference}</dd>
              </div>
              <div>
                <dt>Tracking number</dt>
                <dd className={order.trackingNumber ? 'admin-order__mono' : 'admin-order__muted'}>
                  {order.trackingNumber ?? 'None yet'}
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </PageShell>
  );
}

/** The buttons for the statuses this order may move to; shipping asks for the tracking number. */
function StatusActions({ order }: { order: AdminOrder }) {
  const update = useUpdateOrder(order.id);
  const latch = useInFlight();
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const [trackingError, setTrackingError] = useState(false);
  const trackingRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Cancelling is its own panel (CancelPanel), apart from fulfilment.
  const next = order.nextStatuses.filter(isSetStatus).filter((s) => s !== 'cancelled');
  const advance = next.filter((s) => s !== 'shipped');
  const payOnDelivery = order.paymentMethod === 'pay_on_delivery';

  const move = (status: SetStatus) => {
    if (!latch.begin()) return;
    let trackingNumber: string | undefined;
    if (status === 'shipped') {
      trackingNumber = tracking.trim();
      if (!trackingNumber) {
        latch.end();
        // Said once, under the field (not again in the notice above).
        setTrackingError(true);
        setNotice(null);
        trackingRef.current?.focus();
        return;
      }
    }
    setTrackingError(false);
    setNotice(null);
    update.mutate(trackingNumber ? { status, trackingNumber } : { status }, {
      onSuccess: (answer) =>
        setNotice({ tone: 'success', text: `Order marked as ${ORDER_STATUS_LABELS[answer.status].toLowerCase()}.` }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
      onSettled: () => latch.end(),
    });
  };

  const ship = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    move('shipped');
  };

  return (
    <section
      className="admin-panel admin-order__actions"
      aria-labelledby="order-status-heading"
      aria-busy={update.isPending}
    >
      <header className="admin-panel__head">
        <AdminTag />
        <h2 id="order-status-heading" className="admin-panel__title">
          Update status
        </h2>
        <p className="admin-panel__description">
          {payOnDelivery
            ? 'Placed → Processing → Shipped (with a tracking number) → Delivered.'
            : 'Paid → Processing → Shipped (with a tracking number) → Delivered.'}
        </p>
      </header>
      <FormNotice notice={notice} />
      {next.length === 0 ? (
        <p className="muted">
          {order.toCollect > 0
            ? `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, but its money is still to collect: record it above when it comes in.`
            : `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: there is nothing more to do.`}
        </p>
      ) : (
        <>
          {next.includes('shipped') && (
            <form className="admin-order__ship" onSubmit={ship} noValidate aria-label="Ship the order">
              <TextField
                label="Tracking number"
                name="trackingNumber"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={100}
                value={tracking}
                onChange={(e) => {
                  setTracking(e.target.value);
                  // The problem goes once the field at fault changes.
                  setTrackingError(false);
                }}
                inputRef={trackingRef}
                errorId={trackingError ? errorId : undefined}
              />
              {trackingError && (
                <p id={errorId} className="field__error" role="alert">
                  {TRACKING_REQUIRED}
                </p>
              )}
              <button type="submit" className="btn btn--primary" disabled={update.isPending}>
                {ACTION_LABELS.shipped}
              </button>
            </form>
          )}
          <div className="admin-form__actions">
            {advance.map((status) => (
              <button
                key={status}
                type="button"
                className="btn btn--primary"
                disabled={update.isPending}
                onClick={() => move(status)}
              >
                {ACTION_LABELS[status]}
              </button>
            ))}
          </div>
          {update.isPending && <Spinner size="sm" label="Saving..." />}
        </>
      )}
    </section>
  );
}

export const CONFIRM_CANCEL_NO_REFUND =
  'Cancel this order without a refund? The customer will see it as cancelled and keeps no money back. This cannot be undone.';

/**
 * Cancelling, in its own panel apart from fulfilment: with money left to refund, two confirmed
 * choices (cancel and refund it all, or cancel without a refund); otherwise one.
 */
function CancelPanel({ order }: { order: AdminOrder }) {
  const update = useUpdateOrder(order.id);
  const latch = useInFlight();
  const [notice, setNotice] = useState<Notice>(null);
  const refundable = order.refundable;

  const cancel = (refund: boolean) => {
    if (!latch.begin()) return;
    const question = refund
      ? confirmCancelWithRefund(refundable)
      : refundable > 0
        ? CONFIRM_CANCEL_NO_REFUND
        : CONFIRM_CANCEL;
    if (!window.confirm(question)) {
      latch.end();
      return;
    }
    setNotice(null);
    update.mutate(refund ? { status: 'cancelled', refund: true } : { status: 'cancelled' }, {
      onSuccess: () =>
        setNotice({
          tone: 'success',
          text: refund
            ? `Order cancelled; a refund of ${formatNaira(refundable)} was sent to Paystack.`
            : 'Order marked as cancelled.',
        }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <section
      className="admin-panel admin-order__cancel-panel"
      aria-labelledby="order-cancel-heading"
      aria-busy={update.isPending}
    >
      <header className="admin-panel__head">
        <AdminTag />
        <h2 id="order-cancel-heading" className="admin-panel__title">
          Cancel order
        </h2>
        <p className="admin-panel__description">
          Paid and processing orders can be cancelled; the items go back on sale. Each choice asks before it acts.
        </p>
      </header>
      <FormNotice notice={notice} />
      <div className="admin-form__actions">
        {refundable > 0 ? (
          <>
            <button
              type="button"
              className="btn btn--outline admin-order__cancel"
              disabled={update.isPending}
              onClick={() => cancel(true)}
            >
              Cancel and refund {formatNaira(refundable)}
            </button>
            <button
              type="button"
              className="btn btn--outline admin-order__cancel"
              disabled={update.isPending}
              onClick={() => cancel(false)}
            >
              Cancel without refund
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn--outline admin-order__cancel"
            disabled={update.isPending}
            onClick={() => cancel(false)}
          >
            {ACTION_LABELS.cancelled}
          </button>
        )}
      </div>
    </section>
  );
}
