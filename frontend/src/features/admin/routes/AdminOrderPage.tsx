import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { useAdminOrder, useUpdateOrder, wholeOrder, type AdminOrder, type StaffOrder } from '../api/orders';
import { AdminPanel, FormNotice, type Notice, AdminCard } from '../components/AdminPanel';
import { PrintLinks } from '../print/PrintLinks';
import { InternalNotePanel } from '../components/InternalNotePanel';
import { ChargedBreakdown } from '../components/ChargedBreakdown';
import { OrderBreakdown } from '../components/OrderBreakdown';
import { OrderMessages } from '../components/OrderMessages';
import { OwedBadge, SourceBadge } from '../components/OrderSource';
import { ConfirmationPanel } from '../components/ConfirmationPanel';
import { CODE_OVER_LIMIT_NOTE, CodeOverLimitBadge, OVERSOLD_HINT, OversoldBadge } from '../components/Oversold';
import { PayLinksPanel } from '../components/PayLinksPanel';
import { CourierPanel } from '../components/CourierPanel';
import { RiderPanel } from '../components/RiderPanel';
import { PayOnDeliveryPanel } from '../components/PayOnDeliveryPanel';
import { RefundPanel } from '../components/RefundPanel';
import { TenderReturnPanel } from '../components/TenderReturnPanel';
import { adminTime } from '../lib/time';
import { chargedAbroad, refundsAbroad } from '../lib/abroadOrder';
import { Message } from '@/components/Message';
import { OrderItemList } from '@/components/OrderItemList';
import { OrderStatusBadge } from '@/components/OrderStatusBadge';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { isNotFound } from '@/lib/api';
import { formatNaira, formatMoney, type Currency } from '@/lib/money';
import { addressLines, ORDER_STATUS_LABELS, orderTitle, paidByText, unitCount } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import type { OrderUpdate, ShippedBy } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import '../components/RefundPanel.css';

export const ORDER_NOT_FOUND = 'Order not found.';
export const TRACKING_REQUIRED = 'Please enter a tracking number.';
/** How a shipped order left, as the form offers it. */
export const SHIPPED_BY_LABELS: Record<ShippedBy, string> = { courier: 'Courier', rider: 'Our own rider' };
export const CONFIRM_CANCEL = 'Cancel this order? The customer will see it as cancelled. This cannot be undone.';

/** The cancel confirmation when the refund goes with it (in the currency the order was paid in). */
export function confirmCancelWithRefund(minor: number, currency: Currency = 'NGN'): string {
  return `Cancel this order and refund ${formatMoney(minor, currency)} to the customer? The customer will see it as cancelled. This cannot be undone.`;
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

/**
 * /admin/orders/:id (staff): the order as the role may see it, and buttons for the statuses it may
 * move to. Owners and managers get the whole order with its money (breakdown, payment, pay links,
 * pay on delivery, cancelling, refunds) and the customer's e-mail; a packer gets what packing and
 * shipping need (lines, who and where, notes, status, shipping), since the server sends no more.
 */
export default function AdminOrderPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: order, isPending, isError, error } = useAdminOrder(id);
  // Pay links are sent and cancelled by the roles that may.
  const manage = may(useSession().user, 'POST /api/admin/orders/{id}/pay-links');

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

  const units = unitCount(order);
  const full = wholeOrder(order);
  return (
    <PageShell title={orderTitle(order)} eyebrow="Admin">
      {back}
      <PrintLinks id={order.id} receipt={full !== null} />
      <div className="admin-order__status">
        <OrderStatusBadge status={order.status} />
        {order.oversold && <OversoldBadge />}
        {full?.codeOverLimit && <CodeOverLimitBadge />}
        <SourceBadge source={order.source} />
        {full && <OwedBadge order={full} />}
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
      {full?.codeOverLimit && (
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
            {full && <OrderBreakdown order={full} />}
            {full && <ChargedBreakdown order={full} />}
            {full?.discountReason && (
              <p className="admin-order__discount-reason">Discount given by hand: {full.discountReason}</p>
            )}
          </section>

          {full && full.status === 'placed' && full.confirmation && <ConfirmationPanel order={full} manage={manage} />}
          {full?.paymentMethod === 'pay_on_delivery' && <PayOnDeliveryPanel order={full} />}
          {full && (full.paymentMethod === 'pay_link' || full.payLinks.length > 0) && (
            <PayLinksPanel order={full} manage={manage} />
          )}
          <StatusActions order={order} />
          {full?.nextStatuses.includes('cancelled') && <CancelPanel order={full} />}
          {/* Refunds go back through Paystack: nothing to show when nothing came through it. */}
          {full && (full.paidOnline > 0 || full.refunds.length > 0) && <RefundPanel order={full} />}
          {full && (full.paidByCredit > 0 || full.paidByGiftCard > 0) && <TenderReturnPanel order={full} />}
        </div>

        <div className="admin-order__side">
          <AdminCard headingId="order-customer-heading" title="Customer">
            <p className="admin-order__lines">
              <strong>{order.customerName}</strong>
              {/* Orders taken in chats may have no e-mail; packers are not given it. */}
              {full?.customerEmail && <a href={`mailto:${full.customerEmail}`}>{full.customerEmail}</a>}
              {order.customerPhone && (
                <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>{order.customerPhone}</a>
              )}
            </p>
          </AdminCard>
          {order.customerNote && (
            <AdminCard headingId="order-customer-note-heading" title="Customer’s note">
              <p className="admin-order__customer-note">{order.customerNote}</p>
            </AdminCard>
          )}
          <InternalNotePanel order={order} />
          <AdminCard
            headingId="order-address-heading"
            title={order.deliveryMethod === 'pickup' ? 'Customer address' : 'Delivery address'}
          >
            {order.deliveryMethod === 'pickup' && (
              <p className="admin-order__pickup">Picks the order up in store: nothing to deliver.</p>
            )}
            <address className="admin-order__lines">
              {addressLines(order.deliveryAddress).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </AdminCard>
          <RiderPanel order={order} />
          <CourierPanel order={order} />
          {full && <PaymentFacts order={full} />}
          <OrderMessages orderId={order.id} />
          <AdminCard headingId="order-shipping-heading" title="Shipping">
            <dl className="admin-order__facts">
              {order.shippedBy && (
                <div>
                  <dt>Shipped by</dt>
                  <dd>{SHIPPED_BY_LABELS[order.shippedBy]}</dd>
                </div>
              )}
              <div>
                <dt>Tracking number</dt>
                <dd className={order.trackingNumber ? 'admin-order__mono' : 'admin-order__muted'}>
                  {order.trackingNumber ?? (order.shippedBy === 'rider' ? 'None (our own rider)' : 'None yet')}
                </dd>
              </div>
            </dl>
          </AdminCard>
        </div>
      </div>
    </PageShell>
  );
}

/** How the order is paid and what came in (the roles that see money). */
function PaymentFacts({ order }: { order: AdminOrder }) {
  const charged = chargedAbroad(order);
  return (
    <AdminCard headingId="order-payment-heading" title="Payment">
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
          <dd>
            {/* Paid abroad: what the card was charged, then the naira the books count. */}
            {charged && order.paid > 0
              ? `${formatMoney(charged.total, charged.currency)} (${formatNaira(order.paid)})`
              : formatNaira(order.paid)}
          </dd>
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
      </dl>
    </AdminCard>
  );
}

/**
 * The buttons for the statuses this order may move to. Shipping asks who takes it: a courier, with
 * its tracking number, or the shop's own rider, for whom a number is optional.
 */
function StatusActions({ order }: { order: StaffOrder }) {
  const update = useUpdateOrder(order.id);
  const latch = useInFlight();
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [shippedBy, setShippedBy] = useState<ShippedBy>(order.shippedBy ?? 'courier');
  const byName = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [trackingError, setTrackingError] = useState(false);
  const trackingRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Cancelling is its own panel (CancelPanel), apart from fulfilment.
  const next = order.nextStatuses.filter(isSetStatus).filter((s) => s !== 'cancelled');
  const advance = next.filter((s) => s !== 'shipped');
  // The packing view has no payment method; a pay-on-delivery order starts as "placed".
  const payOnDelivery = order.view === 'full' ? order.paymentMethod === 'pay_on_delivery' : order.status === 'placed';

  const move = (status: SetStatus) => {
    if (!latch.begin()) return;
    let trackingNumber: string | undefined;
    if (status === 'shipped') {
      trackingNumber = tracking.trim() || undefined;
      if (!trackingNumber && shippedBy === 'courier') {
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
    const shipping = status === 'shipped' ? { shippedBy } : {};
    update.mutate(trackingNumber ? { status, trackingNumber, ...shipping } : { status, ...shipping }, {
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
    <AdminPanel
      headingId="order-status-heading"
      title="Update status"
      className="admin-order__actions"
      busy={update.isPending}
      description={
        <>
          {payOnDelivery
            ? 'Placed → Processing → Shipped (by a courier with a tracking number, or our own rider) → Delivered.'
            : 'Paid → Processing → Shipped (by a courier with a tracking number, or our own rider) → Delivered.'}
        </>
      }
    >
      <FormNotice notice={notice} />
      {next.length === 0 ? (
        <p className="muted">
          {order.view === 'full' && order.toCollect > 0
            ? `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, but its money is still to collect: record it above when it comes in.`
            : `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: there is nothing more to do.`}
        </p>
      ) : (
        <>
          {next.includes('shipped') && (
            <form className="admin-order__ship" onSubmit={ship} noValidate aria-label="Ship the order">
              <fieldset className="admin-order__shipped-by">
                <legend className="field__label">Who takes it</legend>
                {(['courier', 'rider'] as const).map((by) => (
                  <label key={by} className="admin-order__shipped-by-choice">
                    <input
                      type="radio"
                      name={byName}
                      value={by}
                      checked={shippedBy === by}
                      onChange={() => {
                        setShippedBy(by);
                        setTrackingError(false);
                      }}
                    />{' '}
                    {SHIPPED_BY_LABELS[by]}
                  </label>
                ))}
              </fieldset>
              <TextField
                label={shippedBy === 'rider' ? 'Tracking number (optional)' : 'Tracking number'}
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
    </AdminPanel>
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
  // An order paid abroad is refunded in its currency: the buttons and questions say that amount.
  const charged = chargedAbroad(order);
  const currency: Currency = charged?.currency ?? 'NGN';
  const refundText = formatMoney(charged ? refundsAbroad(order, charged).left : refundable, currency);

  const cancel = (refund: boolean) => {
    if (!latch.begin()) return;
    const question = refund
      ? confirmCancelWithRefund(charged ? refundsAbroad(order, charged).left : refundable, currency)
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
            ? `Order cancelled; a refund of ${refundText} was sent to Paystack.`
            : 'Order marked as cancelled.',
        }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <AdminPanel
      headingId="order-cancel-heading"
      title="Cancel order"
      className="admin-order__cancel-panel"
      busy={update.isPending}
      description="Paid and processing orders can be cancelled; the items go back on sale. Each choice asks before it acts."
    >
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
              Cancel and refund {refundText}
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
    </AdminPanel>
  );
}
