import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ChatOrderMade } from '../api/chatOrders';
import { CustomerSection, ItemsSection } from '../components/newOrder/CustomerItems';
import { DeliverySection, PriceSection } from '../components/newOrder/DeliveryPrice';
import { NotesSection, SummarySection } from '../components/newOrder/NotesSummary';
import { OrderMade } from '../components/newOrder/OrderMade';
import { useNewOrderForm } from '../components/newOrder/useNewOrderForm';
import { newIdempotencyKey } from '../lib/idempotency';
import { PageShell } from '@/components/PageShell';
import '../admin.css';
import './AdminOrders.css';
import './NewOrderPage.css';

export { ALREADY_SUBMITTED, ALREADY_SUBMITTED_HINT, CREATE_FAILED } from '../components/newOrder/useNewOrderForm';

/**
 * /admin/orders/new (owners and managers): an order taken in a chat or in the shop. The customer
 * (or one picked from the customers), lines from the catalogue with their stock, delivery, a code
 * or a discount by hand, a deposit, notes and where it came from. One Idempotency-Key per form:
 * a double click makes one order. Then the order's number and its pay link, to copy or send on
 * WhatsApp.
 */
export default function NewOrderPage() {
  const [made, setMade] = useState<ChatOrderMade | null>(null);
  // The form's key: kept while an attempt may have gone through, renewed after a refusal.
  const key = useRef(newIdempotencyKey());
  // Remounting the form (a new `form`) empties it for the next order.
  const [form, setForm] = useState(0);

  return (
    <PageShell title="New order" eyebrow="Admin">
      <Link href="/admin/orders" className="admin-back">
        ← All orders
      </Link>
      {made ? (
        <OrderMade
          made={made}
          onAnother={() => {
            key.current = newIdempotencyKey();
            setMade(null);
            setForm((n) => n + 1);
          }}
        />
      ) : (
        <NewOrderForm key={form} idempotencyKey={key} onMade={setMade} />
      )}
    </PageShell>
  );
}

/** The form, one card a section; its state lives in useNewOrderForm. */
function NewOrderForm({
  idempotencyKey,
  onMade,
}: {
  idempotencyKey: { current: string };
  onMade: (made: ChatOrderMade) => void;
}) {
  const form = useNewOrderForm(idempotencyKey, onMade);
  return (
    <form className="new-order" onSubmit={form.onSubmit} noValidate aria-label="New order" aria-busy={form.pending}>
      <fieldset className="bare-fieldset admin-form__fieldset" disabled={form.pending}>
        <CustomerSection form={form} />
        <ItemsSection form={form} />
        <DeliverySection form={form} />
        <PriceSection form={form} />
        <NotesSection form={form} />
        <SummarySection form={form} />
      </fieldset>
    </form>
  );
}
