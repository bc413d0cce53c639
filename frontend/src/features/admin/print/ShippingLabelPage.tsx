import { useParams } from 'wouter';
import { useShippingLabel } from '../api/couriers';
import { PrintFrame } from './PrintFrame';
import { eventTime } from '@/lib/orders';
import type { ShippingLabel } from '@/lib/types';

/**
 * The parcel's label: the courier and its tracking number large enough to read across a depot,
 * who it is to (name, phone, address) and who it is from (the shop). No prices: it is stuck on
 * the parcel. A4, or the 80 mm roll a label printer takes.
 */
export function Label({ label }: { label: ShippingLabel }) {
  const kg = (label.weightGrams / 1000).toLocaleString('en-NG', { maximumFractionDigits: 1 });
  return (
    <article className="print-label" aria-label={`Label for Order #${label.orderNumber}`}>
      <header className="print-label__courier">
        <p>{label.courier}</p>
        <p className="print-label__tracking">{label.trackingCode}</p>
      </header>
      <section>
        <h2>To</h2>
        <p className="print-label__name">{label.toName}</p>
        <p>{label.toPhone}</p>
        {label.toAddress.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      <section>
        <h2>From</h2>
        <p>{label.fromName}</p>
        <p>{label.fromPhone}</p>
        <p>{label.fromAddress}</p>
      </section>
      <p className="print-foot">
        Order #{label.orderNumber} · {label.items} {label.items === 1 ? 'item' : 'items'} · about {kg} kg · booked{' '}
        {eventTime(label.bookedAt)}
      </p>
    </article>
  );
}

/** /admin/orders/:id/label — the booked order's shipping label, ready to print. */
export default function ShippingLabelPage() {
  const { id = '' } = useParams<{ id: string }>();
  const label = useShippingLabel(id);
  const number = label.data?.orderNumber;
  return (
    <PrintFrame
      title={number ? `Shipping label for Order #${number}` : 'Shipping label'}
      back={{ href: `/admin/orders/${encodeURIComponent(id)}`, label: 'Back to the order' }}
      query={label}
    >
      {label.data && <Label label={label.data} />}
    </PrintFrame>
  );
}
