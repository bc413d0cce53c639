import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { CustomerNote, DocHead, formatNaira, PrintHead, TickCell } from './parts';
import { pickOrderIds } from './pickList';
import { PrintFrame } from './PrintFrame';
import { useBookMany } from '../api/couriers';
import { answer, api, failureMessage } from '@/lib/api';
import { formatDate } from '@/lib/money';
import type { ListedOrder, PickList } from '@/lib/types';

/** GET /api/admin/pick-list: each variant once with its units and orders, and the orders covered. */
export function usePickList(ids: readonly string[]) {
  const orders = ids.join(',');
  return useQuery({
    queryKey: ['admin', 'pick-list', orders],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/admin/pick-list', { params: { query: orders ? { orders } : {} }, signal })),
    staleTime: 0,
  });
}

/** What to take off the shelves: SKU, item, size, colour, units and the orders needing it; then the orders. */
export function PickListDoc({ list, printedAt }: { list: PickList; printedAt: number }) {
  const units = list.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <DocHead kind="Pick list">
        <p>
          {list.orders.length} {list.orders.length === 1 ? 'order' : 'orders'}, {units} {units === 1 ? 'item' : 'items'}
        </p>
        <p>{formatDate(printedAt)}</p>
      </DocHead>
      {list.lines.length === 0 ? (
        <p>No orders to pick.</p>
      ) : (
        <table className="print-table">
          <PrintHead tick="Picked" columns={['SKU', 'Item', 'Qty', 'Orders']} numeric={['Qty']} />
          <tbody>
            {list.lines.map((line, index) => (
              <tr key={index}>
                <TickCell />
                <td className="print-sku">{line.sku ?? '—'}</td>
                <td>
                  {line.name}
                  {(line.size || line.color) && <div>{[line.size, line.color].filter(Boolean).join(' · ')}</div>}
                </td>
                <td className="num">{line.quantity}</td>
                <td>{line.orders.map((n) => `#${n}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.orders.length > 0 && (
        <>
          <h2>Orders</h2>
          <ul className="print-orders">
            {list.orders.map((order) => (
              <li key={order.id}>
                <p>
                  <strong>#{order.number}</strong> · {order.customerName} · {order.customerPhone}
                </p>
                <p>
                  {order.deliveryMethod === 'pickup'
                    ? 'Pick up in store'
                    : [order.deliveryAddress.city, order.deliveryAddress.state].filter(Boolean).join(', ')}
                  {order.view === 'full' && order.balance > 0 && ` · ${formatNaira(order.balance)} to collect`}
                </p>
                <CustomerNote note={order.customerNote} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * "Book with a courier" for the pick list's orders that go to an address and are paid: each is
 * booked with the cheapest courier, and the answer says which were and why the others were not.
 */
function BookWithCourier({ orders }: { orders: ReadonlyArray<Pick<ListedOrder, 'id' | 'number'>> }) {
  const book = useBookMany();
  const number = new Map(orders.map((o) => [o.id, o.number]));
  const results = book.data?.results ?? [];
  return (
    <section aria-label="Book with a courier" className="pick-book">
      <button
        type="button"
        className="btn btn--dark btn--sm"
        disabled={book.isPending}
        onClick={() => book.mutate(orders.map((o) => o.id))}
      >
        {book.isPending ? 'Booking…' : `Book ${orders.length} with a courier`}
      </button>
      {book.isError && (
        <p className="alert alert--error" role="alert">
          {failureMessage(book.error, 'Could not book these orders. Please try again.')}
        </p>
      )}
      {results.length > 0 && (
        <ul className="pick-book__results" role="status">
          {results.map((r) => (
            <li key={r.orderId}>
              <strong>#{number.get(r.orderId) ?? r.orderId}</strong>:{' '}
              {r.shipment ? `booked with ${r.shipment.courier}, tracking ${r.shipment.trackingCode}` : r.error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/pick-list?orders=… — a pick list for the orders chosen (or all waiting to be packed). */
export default function PickListPage() {
  const ids = pickOrderIds(useSearch());
  const list = usePickList(ids);
  // Paid orders to an address (a packer's view has no money in it: the server decides then).
  const bookable = (list.data?.orders ?? []).filter(
    (o) => o.deliveryMethod === 'delivery' && (o.view !== 'full' || o.balance === 0),
  );
  return (
    <PrintFrame
      title="Pick list"
      back={{ href: '/admin/orders', label: 'Back to orders' }}
      query={list}
      tools={bookable.length > 0 && <BookWithCourier orders={bookable} />}
    >
      {list.data && <PickListDoc list={list.data} printedAt={list.dataUpdatedAt} />}
    </PrintFrame>
  );
}
