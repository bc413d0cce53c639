import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { claimedText, useClaimOrders, type ClaimState } from '../api/claim-orders';
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
 *
 * /myorders?claim=… is the link mailed on sign-in to an e-mail that placed orders as a guest: the
 * page claims them once (the token leaves the address at once, so a reload does not claim again),
 * then says how many joined the list, or why not.
 */
export default function OrdersPage() {
  const search = useSearch();
  // The token as the page opened with it (it leaves the address at once).
  const [token] = useState(() => new URLSearchParams(search).get('claim'));
  useDropClaimFromUrl(search);
  const { data: orders, isPending, isError, refetch, isSuccess, isFetchedAfterMount } = useOrders();
  const claim = useClaimOrders(token, isFetchedAfterMount ? orders : undefined);
  // Marked seen once the claimed orders are in the list too, so the badges count them as seen.
  useMarkOrdersSeen(isSuccess && claim.step !== 'claiming');
  // The "new" markers as first read, kept while the page is open (a refetch reads them seen).
  const firstNew = useRef<Set<string> | null>(null);
  if (orders && firstNew.current === null) firstNew.current = new Set(orders.filter((o) => o.isNew).map((o) => o.id));
  const added = claim.step === 'claimed' ? claim.added : [];
  const isNew = (id: string) => (firstNew.current?.has(id) ?? false) || added.includes(id);

  return (
    <PageShell title="My Orders">
      <ClaimNotice claim={claim} />
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
            <OrderCard key={order.id} order={order} isNew={isNew(order.id)} />
          ))}
        </ul>
      ) : null}
    </PageShell>
  );
}

/** Takes `claim` out of the address (keeping anything else), replacing the history entry. */
function useDropClaimFromUrl(search: string) {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('claim')) return;
    params.delete('claim');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [location, navigate, search]);
}

function ClaimNotice({ claim }: { claim: ClaimState }) {
  switch (claim.step) {
    case 'none':
      return null;
    case 'claiming':
      return (
        <p className="alert orders-claim" role="status">
          Adding your earlier orders…
        </p>
      );
    case 'claimed':
      return (
        <p className="alert alert--success orders-claim" role="status">
          {claimedText(claim.added.length)}
        </p>
      );
    case 'failed':
      return (
        <p className="alert alert--error orders-claim" role="alert">
          {claim.message}
        </p>
      );
  }
}
