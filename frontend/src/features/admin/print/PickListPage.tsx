import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { CustomerNote, DocHead, formatNaira, PrintHead, TickCell } from './parts';
import { pickOrderIds } from './pickList';
import { PrintFrame } from './PrintFrame';
import { answer, api } from '@/lib/api';
import { formatDate } from '@/lib/money';
import type { PickList } from '@/lib/types';

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

/** /admin/pick-list?orders=… — a pick list for the orders chosen (or all waiting to be packed). */
export default function PickListPage() {
  const ids = pickOrderIds(useSearch());
  const list = usePickList(ids);
  return (
    <PrintFrame title="Pick list" back={{ href: '/admin/orders', label: 'Back to orders' }} query={list}>
      {list.data && <PickListDoc list={list.data} printedAt={list.dataUpdatedAt} />}
    </PrintFrame>
  );
}
