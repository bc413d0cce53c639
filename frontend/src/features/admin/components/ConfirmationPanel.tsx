import { useId, useState } from 'react';
import { useConfirmOrder, type AdminOrder } from '../api/orders';
import { adminTime } from '../lib/time';
import { AdminPanel, FormNotice, type Notice } from './AdminPanel';
import { useInFlight } from '@/lib/useInFlight';

export const CONFIRMED_BY_PHONE = 'Confirmed by phone';
export const ORDER_CONFIRMED = 'Order confirmed: it can be prepared now.';

/**
 * A pay-on-delivery order from a customer the shop does not know yet, waiting for confirmation:
 * by when, how (the shop's call, or the code e-mailed to the customer), and "Confirmed by phone"
 * for owners and managers once they have called. Unconfirmed by then, the shop cancels it and its
 * items go back on sale. Once confirmed it says when, until the order is prepared.
 */
export function ConfirmationPanel({ order, manage }: { order: AdminOrder; manage: boolean }) {
  const headingId = useId();
  const confirm = useConfirmOrder(order.id);
  const latch = useInFlight();
  const [notice, setNotice] = useState<Notice>(null);
  const waiting = order.confirmation;
  if (!waiting) return null;
  const by = adminTime.format(new Date(waiting.expiresAt));
  const confirmedAt = waiting.confirmedAt;

  const onConfirm = () => {
    if (!latch.begin()) return;
    setNotice(null);
    confirm.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: ORDER_CONFIRMED }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <AdminPanel
      headingId={headingId}
      title={confirmedAt ? 'Order confirmed' : 'Awaiting confirmation'}
      className="admin-confirm"
      busy={confirm.isPending}
      description={
        !confirmedAt && (
          <>
            {waiting.channel === 'phone'
              ? 'A new customer chose to pay on delivery: call them to check the order is real before it is prepared.'
              : 'A new customer chose to pay on delivery: they were e-mailed a code to confirm it. You may also call them.'}{' '}
            Unconfirmed by {by}, it is cancelled and its items go back on sale.
          </>
        )
      }
    >
      <FormNotice notice={notice} />
      {confirmedAt && <p className="admin-confirm__done">Confirmed {adminTime.format(new Date(confirmedAt))}.</p>}
      {!confirmedAt && order.customerPhone && (
        <p className="admin-confirm__call">
          Call {order.customerName} on{' '}
          <a href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>{order.customerPhone}</a>
        </p>
      )}
      {manage && !confirmedAt && (
        <div className="admin-form__actions">
          <button type="button" className="btn btn--primary" disabled={confirm.isPending} onClick={onConfirm}>
            {confirm.isPending ? 'Saving...' : CONFIRMED_BY_PHONE}
          </button>
        </div>
      )}
    </AdminPanel>
  );
}
