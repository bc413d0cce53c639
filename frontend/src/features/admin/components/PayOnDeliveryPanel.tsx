import { useId, useState, type FormEvent } from 'react';
import { useCollectPayment, useRefuseOrder, type AdminOrder } from '../api/orders';
import { koboToNairaText, nairaProblem } from '../lib/naira';
import { AdminPanel, FormNotice, type Notice } from './AdminPanel';
import { ADMIN_FIELD, NairaField } from './Fields';
import { Field } from '@/components/TextField';
import { formatDate, formatNaira } from '@/lib/money';
import type { CollectedBy } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import { Select } from '@/components/forms/Select';

export const COLLECT_METHODS: ReadonlyArray<{ value: CollectedBy; label: string }> = [
  { value: 'cash', label: 'Cash' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'pos', label: 'POS' },
];

const METHOD_WORDS: Record<CollectedBy, string> = { cash: 'cash', transfer: 'transfer', pos: 'POS' };

export const PAYMENT_RECORDED = 'Payment recorded: the order is paid for.';

export const CONFIRM_REFUSED =
  'Mark this order refused at delivery? Its units go back on sale and its discount code can be used again. This cannot be undone.';

/** "Pay on delivery — ₦87,550.00 to collect" ("Pay at pickup" for an order picked up in store). */
export function toCollectTitle(order: Pick<AdminOrder, 'deliveryMethod' | 'toCollect'>): string {
  const way = order.deliveryMethod === 'pickup' ? 'Pay at pickup' : 'Pay on delivery';
  return `${way} — ${formatNaira(order.toCollect)} to collect`;
}

/** "Collected ₦87,550.00 by cash on 5 March 2025". */
export function collectedText(order: Pick<AdminOrder, 'collectedAmount' | 'collectedBy' | 'collectedAt'>): string {
  const amount = formatNaira(order.collectedAmount ?? 0);
  const by = order.collectedBy ? ` by ${METHOD_WORDS[order.collectedBy]}` : '';
  const on = order.collectedAt ? ` on ${formatDate(order.collectedAt)}` : '';
  return `Collected ${amount}${by}${on}`;
}

/**
 * A pay-on-delivery order's money: what is still to collect, with "Record payment" (the amount,
 * prefilled with the total, and how it came in) and "Refused at delivery" once it is out for
 * delivery; once collected, when and how. The server refuses what does not apply, in its words.
 */
export function PayOnDeliveryPanel({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const collect = useCollectPayment(order.id);
  const refuse = useRefuseOrder(order.id);
  const latch = useInFlight();
  const [amount, setAmount] = useState(() => koboToNairaText(order.toCollect));
  const [method, setMethod] = useState<CollectedBy>('cash');
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState(false);
  const methodId = useId();
  const busy = collect.isPending || refuse.isPending;
  const collected = order.collectedAt !== null;
  const open = order.toCollect > 0 && order.status !== 'cancelled' && order.status !== 'refused';

  const onCollect = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nairaProblem(amount, 'amount');
    if (problem) {
      setInvalid(true);
      setNotice({ tone: 'error', text: problem });
      return;
    }
    if (!latch.begin()) return;
    setInvalid(false);
    setNotice(null);
    collect.mutate(
      { amount: amount.trim(), method },
      {
        onSuccess: () => setNotice({ tone: 'success', text: PAYMENT_RECORDED }),
        onError: (error) => setNotice({ tone: 'error', text: error.message }),
        onSettled: () => latch.end(),
      },
    );
  };

  const onRefuse = () => {
    if (!latch.begin()) return;
    if (!window.confirm(CONFIRM_REFUSED)) {
      latch.end();
      return;
    }
    setNotice(null);
    refuse.mutate(undefined, {
      onSuccess: () =>
        setNotice({ tone: 'success', text: 'Order marked as refused at delivery; its units are back on sale.' }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
      onSettled: () => latch.end(),
    });
  };

  const title = collected
    ? order.deliveryMethod === 'pickup'
      ? 'Pay at pickup — collected'
      : 'Pay on delivery — collected'
    : toCollectTitle(order);

  return (
    <AdminPanel
      headingId={headingId}
      title={title}
      className="admin-pod"
      busy={busy}
      description={
        open && (
          <>
            Record the money when the customer pays: the order is then paid for and counts in the sales. If they refuse
            it at the door, its units go back on sale.
          </>
        )
      }
    >
      <FormNotice notice={notice} />
      {collected && <p className="admin-pod__collected">{collectedText(order)}</p>}
      {!collected && order.status === 'refused' && (
        <p className="muted">The customer refused this order at delivery: nothing to collect.</p>
      )}
      {!collected && order.status === 'cancelled' && <p className="muted">Cancelled: nothing to collect.</p>}
      {open && (
        <>
          <form className="admin-pod__collect" onSubmit={onCollect} noValidate aria-label="Record payment">
            <NairaField
              label="Amount received (₦)"
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                if (invalid) {
                  setInvalid(false);
                  setNotice(null);
                }
              }}
              invalid={invalid}
            />
            <Field id={methodId} label="Paid by" className={ADMIN_FIELD}>
              <Select id={methodId} value={method} onValueChange={setMethod} options={COLLECT_METHODS} />
            </Field>
            <button type="submit" className="btn btn--primary admin-pod__record" disabled={busy}>
              {collect.isPending ? 'Saving...' : 'Record payment'}
            </button>
          </form>
          {order.status === 'shipped' && (
            <div className="admin-pod__refuse">
              <button type="button" className="btn btn--outline admin-order__cancel" disabled={busy} onClick={onRefuse}>
                Refused at delivery
              </button>
              <span className="muted">The customer would not take or pay for it.</span>
            </div>
          )}
        </>
      )}
    </AdminPanel>
  );
}
