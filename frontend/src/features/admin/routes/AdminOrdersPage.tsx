import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import {
  useAdminOrders,
  useReviewPayments,
  type AdminOrderList,
  type ListedOrder,
  type ReviewPayment,
  type SpecialList,
} from '../api/orders';
import { BulkRider } from '../components/BulkRider';
import { owedText, SourceBadge } from '../components/OrderSource';
import { CodeOverLimitBadge, OversoldBadge, oversoldBanner } from '../components/Oversold';
import { FilterBar } from '../components/FilterBar';
import { ListSearch } from '../components/ListSearch';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { Pager } from '../components/Pager';
import { PickListLink } from '../print/PrintLinks';
import { adminTime } from '../lib/time';
import { chargedAbroad } from '../lib/abroadOrder';
import { isSoldCurrency } from '../lib/moneyAbroad';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Price } from '@/components/Price';
import { Spinner } from '@/components/Spinner';
import { formatNaira, formatMoney } from '@/lib/money';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import type { OrderStatus } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import { OrderRowHead, OrderRowMeta } from '../components/OrderRow';

export const NO_ORDERS = 'No orders yet.';
export const NO_PAYMENTS_TO_REVIEW = 'No payments need review.';
export const NO_OVERSOLD = 'No oversold orders are waiting for a refund.';
export const OVERSOLD_FILTER = 'Oversold — to refund';
export const NO_FAILED_REFUNDS = 'No order has a failed refund.';
export const FAILED_REFUND_FILTER = 'Refund failed';
export const NO_CODE_OVER_LIMIT = 'No order of the last 30 days was paid with a code over its limit.';
export const CODE_OVER_LIMIT_FILTER = 'Code over limit';
/** The id of the payments-to-review section: /admin/orders#payments opens the page there. */
export const PAYMENTS_ANCHOR = 'payments';

function parseStatus(value: string | null): OrderStatus | null {
  return value && (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : null;
}

/** "No order matches “…”." */
export function noOrderMatch(q: string): string {
  return `No order matches “${q}”.`;
}

/** The list's address: its filter, search and page live in it, so Back and shared links keep them. */
export function listPath(status: OrderStatus | null, page = 1, special: SpecialList | null = null, q = ''): string {
  const params = new URLSearchParams();
  if (special === 'oversold') params.set('oversold', 'true');
  else if (special === 'failed-refund') params.set('refund', 'failed');
  else if (special === 'code-over-limit') params.set('codeOverLimit', 'true');
  else if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

/**
 * /admin/orders (admins only): every order, newest first, filtered by status (with a count on each
 * filter), to the oversold ones still to refund (?oversold=true), to those whose latest refund
 * failed (?refund=failed) or to those paid with a code past its limits (?codeOverLimit=true), and
 * paged; each opens its
 * detail. Below, the payments that need a human (/admin/orders#payments scrolls to them).
 */
export default function AdminOrdersPage() {
  const search = new URLSearchParams(useSearch());
  const special: SpecialList | null =
    search.get('oversold') === 'true'
      ? 'oversold'
      : search.get('refund') === 'failed'
        ? 'failed-refund'
        : search.get('codeOverLimit') === 'true'
          ? 'code-over-limit'
          : null;
  const oversold = special === 'oversold';
  const status = special ? null : parseStatus(search.get('status'));
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const q = search.get('q') ?? '';
  const { user } = useSession();
  // Owners and managers take orders from chats and see payments; packers only fulfil orders.
  const takesOrders = may(user, 'POST /api/admin/orders');
  const seesPayments = may(user, 'GET /api/admin/payments');
  // E-mails are the customers' data: searched by those who see customers.
  const seesCustomers = may(user, 'GET /api/admin/customers');
  const orders = useAdminOrders(status, page, special, q);
  const data = orders.data;

  return (
    <PageShell title="Orders" eyebrow="Admin">
      <PageBar state="Paid orders to fulfil: processing, shipped with a tracking number, delivered." refresh={orders}>
        <PickListLink orders={data?.orders ?? []} />
        {takesOrders && (
          <Link href="/admin/orders/new" className="btn btn--sm btn--primary">
            New order
          </Link>
        )}
      </PageBar>

      <BulkRider orders={data?.orders ?? []} />

      {data && data.oversold > 0 && !oversold && (
        <p className="alert alert--error admin-oversold-banner" role="alert">
          {oversoldBanner(data.oversold)}
        </p>
      )}

      <ListSearch
        className="admin-orders-search"
        q={q}
        label={
          seesCustomers ? 'Search by order number, name, e-mail or phone' : 'Search by order number, name or phone'
        }
        placeholder="e.g. K7M2QX9A, Adaeze or 0803 123 4567"
        path={(typed) => listPath(status, 1, special, typed)}
      />
      <StatusFilter current={status} special={special} counts={data?.counts} q={q} />

      <Loaded
        query={orders}
        loading="Loading orders…"
        empty={(list) =>
          list.orders.length === 0 && (
            <Message
              title={
                q.trim()
                  ? noOrderMatch(q.trim())
                  : oversold
                    ? NO_OVERSOLD
                    : special === 'failed-refund'
                      ? NO_FAILED_REFUNDS
                      : special === 'code-over-limit'
                        ? NO_CODE_OVER_LIMIT
                        : status
                          ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders.`
                          : NO_ORDERS
              }
            />
          )
        }
      >
        {(list) => (
          <div aria-busy={orders.isPlaceholderData}>
            <ol className="admin-orders" aria-label="Orders">
              {list.orders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ol>
            <Pager
              page={list.page}
              pageSize={list.pageSize}
              total={list.total}
              href={(page) => listPath(status, page, special, q)}
            />
          </div>
        )}
      </Loaded>

      {/* Payments are money: only for the roles that may see them. */}
      {seesPayments && <PaymentsToReview />}
    </PageShell>
  );
}

/** The statuses only pay-on-delivery orders reach. */
const PAY_ON_DELIVERY_ONLY: ReadonlyArray<OrderStatus> = ['placed', 'refused'];

function StatusFilter({
  current,
  special,
  counts,
  q,
}: {
  current: OrderStatus | null;
  special: SpecialList | null;
  counts: AdminOrderList['counts'] | undefined;
  /** The search, kept when the filter changes. */
  q: string;
}) {
  const all = counts ? ORDER_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : null;
  const filters: { status: OrderStatus | null; label: string; count: number | null }[] = [
    { status: null, label: 'All', count: all },
    ...ORDER_STATUSES.map((s) => ({
      status: s,
      label: ORDER_STATUS_LABELS[s],
      count: counts ? (counts[s] ?? 0) : null,
    }))
      // Pay on delivery's own statuses show once the shop has such orders (or one is asked for).
      .filter((f) => !PAY_ON_DELIVERY_ONLY.includes(f.status) || f.status === current || (f.count ?? 0) > 0),
  ];
  const specials = [
    ['oversold', OVERSOLD_FILTER],
    ['failed-refund', FAILED_REFUND_FILTER],
    ['code-over-limit', CODE_OVER_LIMIT_FILTER],
  ] as const;
  return (
    <FilterBar
      label="Filter orders by status"
      filters={[
        ...filters.map((f) => ({
          key: f.label,
          label: f.label,
          href: listPath(f.status, 1, null, q),
          current: !special && f.status === current,
          count: f.count,
          spokenCount: true,
        })),
        ...specials.map(([list, label]) => ({
          key: list,
          label,
          href: listPath(null, 1, list, q),
          current: special === list,
          modifier: 'admin-filter__link--oversold',
        })),
      ]}
    />
  );
}

/** One order in the list: the whole order's money and e-mail, or for a packer what shipping needs. */
function OrderRow({ order }: { order: ListedOrder }) {
  const full = order.view === 'full' ? order : null;
  // Paid in dollars or pounds: its charge says in which.
  const abroad = full && chargedAbroad(full);
  return (
    <li className="admin-order-row">
      <OrderRowHead order={order}>
        {order.oversold && <OversoldBadge />}
        {full?.codeOverLimit && <CodeOverLimitBadge />}
        {order.source !== 'website' && <SourceBadge source={order.source} />}
      </OrderRowHead>
      <div className="admin-order-row__who">
        <span className="admin-order-row__name">{order.customerName}</span>
        <span className="admin-order-row__email">{full ? full.customerEmail : order.customerPhone}</span>
      </div>
      <OrderRowMeta order={order}>
        {order.trackingNumber && <span>Tracking {order.trackingNumber}</span>}
        {order.shippedBy === 'rider' && <span>Our own rider</span>}
        {order.deliveryMethod === 'pickup' && <span className="admin-order-row__pickup">Pick up in store</span>}
        {full?.discountCode && <span>Code {full.discountCode}</span>}
        {full?.paymentMethod === 'pay_on_delivery' && full.toCollect > 0 && (
          <span className="admin-order-row__collect">{formatNaira(full.toCollect)} to collect</span>
        )}
        {full && owedText(full) && <span className="admin-order-row__collect">{owedText(full)}</span>}
      </OrderRowMeta>
      {full && (
        <span className="admin-order-row__total">
          <Price kobo={full.totalAmount} />
          {/* Paid abroad: the books stay in naira, the currency the customer paid in beside them. */}
          {abroad && (
            <span className="admin-badge admin-order-row__currency">
              <span className="visually-hidden">paid in </span>
              {abroad.currency}
            </span>
          )}
        </span>
      )}
    </li>
  );
}

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  failed: 'Failed',
  mismatch: 'Mismatch',
  pending: 'Pending',
  abandoned: 'Abandoned',
  completed: 'Completed',
};

/** Failed and mismatched payments (GET /api/admin/payments), with the reason each needs a look. */
function PaymentsToReview() {
  const { data: payments, isPending, isError, error } = useReviewPayments();
  const section = useRef<HTMLElement>(null);
  // Opened as /admin/orders#payments (from the dashboard): scroll here once the list is in.
  useEffect(() => {
    if (!isPending && window.location.hash === `#${PAYMENTS_ANCHOR}`) section.current?.scrollIntoView();
  }, [isPending]);
  return (
    <section
      ref={section}
      id={PAYMENTS_ANCHOR}
      className="admin-review"
      aria-labelledby="payments-review-heading"
      tabIndex={-1}
    >
      <h2 id="payments-review-heading" className="admin-review__title">
        Payments to review
      </h2>
      <p className="muted">
        Payments that failed, or whose amount or currency did not match the order. No order was created for these.
      </p>
      {isPending ? (
        <Spinner label="Loading payments…" />
      ) : isError ? (
        <p className="alert alert--error" role="alert">
          {error.message}
        </p>
      ) : payments.length === 0 ? (
        <p className="admin-review__empty">{NO_PAYMENTS_TO_REVIEW}</p>
      ) : (
        <ol className="admin-payments" aria-label="Payments to review">
          {payments.map((p) => (
            <PaymentRow key={p.reference} payment={p} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** "₦25,000.00", "£22.99"; a currency the shop does not sell in as it came ("2299 EUR"). */
function paymentAmount(payment: ReviewPayment): string {
  if (payment.currency === 'NGN') return formatNaira(payment.amount);
  if (isSoldCurrency(payment.currency)) return formatMoney(payment.amount, payment.currency);
  return `${payment.amount} ${payment.currency}`;
}

function PaymentRow({ payment }: { payment: ReviewPayment }) {
  return (
    <li className="admin-payment">
      <div className="admin-payment__head">
        <span className="admin-payment__ref">{payment.reference}</span>
        <span className={`admin-payment__status admin-payment__status--${payment.status}`}>
          {PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
        </span>
      </div>
      <div className="admin-payment__who">
        <span className="admin-order-row__name">{payment.customerName}</span>
        <span className="admin-order-row__email">{payment.customerEmail}</span>
      </div>
      <div className="admin-payment__meta">
        <span className="admin-payment__amount">{paymentAmount(payment)}</span>
        <time dateTime={new Date(payment.updatedAt).toISOString()}>
          {adminTime.format(new Date(payment.updatedAt))}
        </time>
      </div>
      {payment.failureReason && <p className="admin-payment__reason">{payment.failureReason}</p>}
    </li>
  );
}
