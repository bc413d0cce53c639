import { Link, useParams } from 'wouter';
import { useCustomer } from '../api/customers';
import { owedText, SourceBadge } from '../components/OrderSource';
import { adminTime } from '../lib/time';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Price } from '@/components/Price';
import { Spinner } from '@/components/Spinner';
import { isNotFound } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import type { Order } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './CustomersPage.css';
import { AdminCard } from '../components/AdminPanel';
import { OrderRowHead, OrderRowMeta } from '../components/OrderRow';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** The key as the address carries it ("e.ada%40example.com"): the router leaves some escapes in. */
function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** /admin/customers/:key (owners and managers): one customer's details and their orders, newest first. */
export default function CustomerPage() {
  const { key: raw = '' } = useParams<{ key: string }>();
  const key = decodedKey(raw);
  const { data, isPending, isError, error } = useCustomer(key);

  const back = (
    <Link href="/admin/customers" className="admin-back">
      ← All customers
    </Link>
  );
  if (isPending) {
    return (
      <PageShell title="Customer" eyebrow="Admin">
        {back}
        <div className="admin-orders__loading">
          <Spinner size="lg" label="Loading the customer…" />
        </div>
      </PageShell>
    );
  }
  if (isError) {
    return (
      <PageShell title="Customer" eyebrow="Admin">
        {back}
        <Message title={isNotFound(error) ? CUSTOMER_NOT_FOUND : `Error: ${error.message}`} tone="error" />
      </PageShell>
    );
  }

  const { customer, orders } = data;
  return (
    <PageShell title={customer.name || customer.email || customer.phone} eyebrow="Customer">
      {back}
      <AdminCard headingId="customer-details" title="Details">
        <dl className="customer-facts">
          <div>
            <dt>E-mail</dt>
            <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—'}
            </dd>
          </div>
          <div>
            <dt>Account</dt>
            <dd>
              {customer.hasAccount
                ? customer.signedUpAt !== null
                  ? `Since ${adminTime.format(new Date(customer.signedUpAt))}`
                  : 'Yes'
                : 'No account'}
            </dd>
          </div>
          <div>
            <dt>Orders</dt>
            <dd>{customer.orders}</dd>
          </div>
          <div>
            <dt>Spent</dt>
            <dd>{formatNaira(customer.spent)}</dd>
          </div>
        </dl>
      </AdminCard>

      <section className="customer-orders" aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="admin-subtitle caps">
          Orders
        </h2>
        {orders.length === 0 ? (
          <Message title="No orders yet." />
        ) : (
          <ol className="admin-orders" aria-label="Orders of this customer">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ol>
        )}
      </section>
    </PageShell>
  );
}

function OrderRow({ order }: { order: Order }) {
  const owed = owedText(order);
  return (
    <li className="admin-order-row">
      <OrderRowHead order={order}>{order.source !== 'website' && <SourceBadge source={order.source} />}</OrderRowHead>
      <OrderRowMeta order={order}>{owed && <span className="admin-order-row__collect">{owed}</span>}</OrderRowMeta>
      <Price kobo={order.totalAmount} className="admin-order-row__total" />
    </li>
  );
}
