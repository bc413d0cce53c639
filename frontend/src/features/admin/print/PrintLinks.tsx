import { Link } from 'wouter';
import { pickListPath } from './pickList';
import type { Order } from '@/lib/types';

/** "Print receipt · Packing slip" on an admin order's screen (the receipt for roles that see money). */
export function PrintLinks({ id, receipt = true }: { id: string; receipt?: boolean }) {
  const base = `/admin/orders/${encodeURIComponent(id)}`;
  return (
    <p className="admin-print-links">
      {receipt && (
        <>
          <Link href={`${base}/receipt`}>Print receipt</Link>
          {' · '}
        </>
      )}
      <Link href={`${base}/packing-slip`}>Packing slip</Link>
    </p>
  );
}

/**
 * "Pick list" on the orders list: for the paid and processing orders shown, or, when none is
 * shown, for every order waiting to be packed.
 */
export function PickListLink({ orders }: { orders: ReadonlyArray<Pick<Order, 'id' | 'status'>> }) {
  const waiting = orders.filter((o) => o.status === 'paid' || o.status === 'processing').map((o) => o.id);
  return (
    <Link href={pickListPath(waiting)} className="btn btn--sm btn--outline">
      {waiting.length > 0 ? `Pick list (${waiting.length})` : 'Pick list'}
    </Link>
  );
}
