import { useRef } from 'react';
import { useMarkOrdersSeen } from '../api/mark-seen';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/OrderCard';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { PageSpinner } from '@/components/Spinner';
import './OrdersPage.css';

/**
 * /myorders (signed-in only): one card per order, newest first (SPEC section 2). Nothing but the
 * title when there are none. Opening the page marks the orders seen, which clears the badges;
 * orders that were new until now carry a "New" tag for this visit.
 */
export default function OrdersPage() {
  const { data: orders, isPending, isError, refetch, isSuccess } = useOrders();
  useMarkOrdersSeen(isSuccess);
  // The "new" markers as first read, kept while the page is open (a refetch reads them seen).
  const firstNew = useRef<Set<string> | null>(null);
  if (orders && firstNew.current === null) firstNew.current = new Set(orders.filter((o) => o.isNew).map((o) => o.id));

  return (
    <PageShell title="My Orders">
      {isPending ? (
        <PageSpinner label="Loading your orders…" />
      ) : isError ? (
        <Message title="We couldn't load your orders." tone="error">
          <button type="button" className="btn btn--dark" onClick={() => void refetch()}>
            Try again
          </button>
        </Message>
      ) : orders.length > 0 ? (
        <ul className="orders-list" aria-label="Your orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} isNew={firstNew.current?.has(order.id) ?? false} />
          ))}
        </ul>
      ) : null}
    </PageShell>
  );
}
