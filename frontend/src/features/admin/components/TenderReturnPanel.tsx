import { useId, useState, type FormEvent } from 'react';
import { useReturnTender, type AdminOrder } from '../api/orders';
import { AdminPanel, FormNotice, type Notice } from './AdminPanel';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';

export const RETURN_FAILED = 'Could not return the money. Please try again.';

type Part = 'credit' | 'giftCard';

/**
 * What an order's store credit and gift card paid, and the form that gives part or all of it back
 * to that credit or card (a Paystack refund only returns what went through Paystack).
 */
export function TenderReturnPanel({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const give = useReturnTender(order.id);
  const creditLeft = order.paidByCredit - order.creditReturned;
  const cardLeft = order.paidByGiftCard - order.giftCardReturned;
  const [to, setTo] = useState<Part>(creditLeft > 0 ? 'credit' : 'giftCard');
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const left = to === 'credit' ? creditLeft : cardLeft;
  const where = to === 'credit' ? "the customer's store credit" : 'the gift card';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (give.isPending) return;
    setNotice(null);
    give.mutate(
      { to, amount: amount.trim() || null, reason: '' },
      {
        onSuccess: () => {
          setAmount('');
          setNotice({ tone: 'success', text: `Returned to ${where}.` });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RETURN_FAILED) }),
      },
    );
  };

  return (
    <AdminPanel title="Store credit and gift card" headingId={headingId}>
      <dl className="tender-return__figures">
        {order.paidByCredit > 0 && (
          <div>
            <dt>Paid by store credit</dt>
            <dd>
              {formatNaira(order.paidByCredit)}
              {order.creditReturned > 0 && ` (${formatNaira(order.creditReturned)} returned)`}
            </dd>
          </div>
        )}
        {order.paidByGiftCard > 0 && (
          <div>
            <dt>Paid by gift card</dt>
            <dd>
              {formatNaira(order.paidByGiftCard)}
              {order.giftCardReturned > 0 && ` (${formatNaira(order.giftCardReturned)} returned)`}
            </dd>
          </div>
        )}
      </dl>
      {creditLeft > 0 || cardLeft > 0 ? (
        <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
          {creditLeft > 0 && cardLeft > 0 && (
            <fieldset className="tender-return__to">
              <legend>Return to</legend>
              <label>
                <input type="radio" name="to" checked={to === 'credit'} onChange={() => setTo('credit')} /> Store credit
              </label>
              <label>
                <input type="radio" name="to" checked={to === 'giftCard'} onChange={() => setTo('giftCard')} /> Gift
                card
              </label>
            </fieldset>
          )}
          <TextField
            label="Amount to return (₦)"
            value={amount}
            onValueChange={setAmount}
            inputMode="decimal"
            optional
            hint={`Up to ${formatNaira(left)}; empty returns all of it.`}
          />
          <button type="submit" className="btn btn--dark" disabled={give.isPending}>
            {give.isPending ? 'Returning...' : `Return to ${to === 'credit' ? 'store credit' : 'gift card'}`}
          </button>
        </form>
      ) : (
        <p className="muted">Everything paid by store credit and gift card has been returned.</p>
      )}
      <FormNotice notice={notice} />
    </AdminPanel>
  );
}
