import { useParams } from 'wouter';
import { useAdminOrder } from '../api/orders';
import { CustomerNote, DeliverTo, OrderHead, linesWithSkus, PrintHead, TickCell } from './parts';
import { PrintFrame } from './PrintFrame';
import type { StaffOrder } from '@/lib/types';

/**
 * The packer's slip: each line's SKU, name, size, colour and quantity with a box to tick, where it
 * goes and the customer's note. No prices: the slip travels in the parcel.
 */
export function PackingSlip({ order }: { order: StaffOrder }) {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <>
      <OrderHead kind="Packing slip" order={order} />
      <DeliverTo order={order} email={false} />
      <CustomerNote note={order.customerNote} />
      <table className="print-table">
        <PrintHead tick="Packed" columns={['SKU', 'Item', 'Size', 'Colour', 'Qty']} numeric={['Qty']} />
        <tbody>
          {linesWithSkus(order).map(({ item, sku }, index) => (
            <tr key={index}>
              <TickCell />
              <td className="print-sku">{sku ?? '—'}</td>
              <td>{item.name}</td>
              <td>{item.size ?? '—'}</td>
              <td>{item.color ?? '—'}</td>
              <td className="num">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-foot">
        {order.items.length} {order.items.length === 1 ? 'line' : 'lines'}, {units} {units === 1 ? 'item' : 'items'}
      </p>
    </>
  );
}

/** /admin/orders/:id/packing-slip — the order's packing slip, ready to print (A4 or an 80 mm roll). */
export default function PackingSlipPage() {
  const { id = '' } = useParams<{ id: string }>();
  const order = useAdminOrder(id);
  const number = order.data?.number;
  return (
    <PrintFrame
      title={number ? `Packing slip for Order #${number}` : 'Packing slip'}
      back={{ href: `/admin/orders/${encodeURIComponent(id)}`, label: 'Back to the order' }}
      query={order}
    >
      {order.data && <PackingSlip order={order.data} />}
    </PrintFrame>
  );
}
