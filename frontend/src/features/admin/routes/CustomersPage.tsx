import { Link, useSearch } from 'wouter';
import { CUSTOMERS_CSV_URL, useCustomers } from '../api/customers';
import { ListSearch } from '../components/ListSearch';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { Pager } from '../components/Pager';
import { adminTime } from '../lib/time';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Price } from '@/components/Price';
import type { CustomerSummary } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './CustomersPage.css';

export const NO_CUSTOMERS = 'No customers yet.';

export function noMatch(q: string): string {
  return `No customer matches “${q}”.`;
}

/** The list's address: the search and the page live in it, so Back and shared links keep them. */
export function customersPath(q: string, page = 1): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/customers${query ? `?${query}` : ''}`;
}

/** The address of one customer's page. */
export function customerPath(key: string): string {
  return `/admin/customers/${encodeURIComponent(key)}`;
}

/**
 * /admin/customers (owners and managers): everyone who has an account or an order, most recent
 * buyers first, 50 a page, found by name, e-mail or phone; each opens their orders. The whole
 * list downloads as a CSV file.
 */
export default function CustomersPage() {
  const search = new URLSearchParams(useSearch());
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const customers = useCustomers(q, page);
  const data = customers.data;

  return (
    <PageShell title="Customers" eyebrow="Admin">
      <PageBar
        state={
          data
            ? `${data.total} ${data.total === 1 ? 'customer' : 'customers'}${q ? ' found' : ''}.`
            : 'Everyone who has an account or an order.'
        }
      >
        <a className="btn btn--sm btn--outline" href={CUSTOMERS_CSV_URL} download="customers.csv">
          Download CSV
        </a>
      </PageBar>

      <ListSearch
        className="customers-search"
        q={q}
        label="Search by name, e-mail or phone"
        placeholder="e.g. Adaeze or 0803"
        path={customersPath}
      />

      <Loaded
        query={customers}
        loading="Loading customers…"
        empty={(list) => list.customers.length === 0 && <Message title={q ? noMatch(q) : NO_CUSTOMERS} />}
      >
        {(list) => (
          <div aria-busy={customers.isPlaceholderData}>
            <ol className="admin-orders" aria-label="Customers">
              {list.customers.map((customer) => (
                <CustomerRow key={customer.key} customer={customer} />
              ))}
            </ol>
            <Pager page={list.page} pageSize={list.pageSize} total={list.total} href={(n) => customersPath(q, n)} />
          </div>
        )}
      </Loaded>
    </PageShell>
  );
}

function CustomerRow({ customer }: { customer: CustomerSummary }) {
  return (
    <li className="admin-order-row customer-row">
      <div className="admin-order-row__main">
        <Link href={customerPath(customer.key)} className="admin-order-row__link">
          {customer.name || customer.email || customer.phone}
        </Link>
        {customer.hasAccount && <span className="customer-row__account">Account</span>}
      </div>
      <div className="admin-order-row__who">
        {customer.email && <span className="admin-order-row__email">{customer.email}</span>}
        {customer.phone && <span className="admin-order-row__email">{customer.phone}</span>}
      </div>
      <div className="admin-order-row__meta">
        <span>
          {customer.orders} {customer.orders === 1 ? 'order' : 'orders'}
        </span>
        {customer.lastOrderAt !== null && (
          <span>
            Last{' '}
            <time dateTime={new Date(customer.lastOrderAt).toISOString()}>
              {adminTime.format(new Date(customer.lastOrderAt))}
            </time>
          </span>
        )}
      </div>
      <span className="admin-order-row__total">
        <Price kobo={customer.spent} /> <span className="customer-row__spent">spent</span>
      </span>
    </li>
  );
}
