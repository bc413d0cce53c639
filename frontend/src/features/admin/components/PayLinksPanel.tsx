import { useState, type FormEvent } from 'react';
import { useCancelPayLink, useNewPayLink } from '../api/chatOrders';
import { nairaProblem } from '../lib/naira';
import { adminTime } from '../lib/time';
import { AdminPanel, FormNotice, type Notice } from './AdminPanel';
import { NairaField } from './Fields';
import { PayLinkShare } from './PayLinkShare';
import { Spinner } from '@/components/Spinner';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import type { AdminOrder, PayLink } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const PURPOSE_LABELS: Record<PayLink['purpose'], string> = {
  full: 'Whole order',
  deposit: 'Deposit',
  balance: 'Balance',
};
export const LINK_STATUS_LABELS: Record<PayLink['status'], string> = {
  open: 'Open',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
export const CONFIRM_CANCEL_LINK =
  'Cancel the open pay link? The customer can no longer pay with it; the order stays, and you can send a new link.';
export const LINK_CANCELLED = 'The pay link was cancelled.';
export const NEW_LINK_FAILED = 'The link could not be made. Please try again.';
export const CANCEL_LINK_FAILED = 'The link could not be cancelled. Please try again.';

/** The address of a link's pay page on this shop. */
export function payLinkUrl(token: string): string {
  return `${window.location.origin}/pay/${token}`;
}

/**
 * An order's pay links (orders taken in chats): each link's amount, purpose, status and expiry;
 * the open one to copy or send on WhatsApp, or cancel; and a new link for the balance (or part
 * of it), which ends the open one. `manage` is false for packers, who only see the links.
 */
export function PayLinksPanel({ order, manage }: { order: AdminOrder; manage: boolean }) {
  const newLink = useNewPayLink(order.id);
  const cancel = useCancelPayLink(order.id);
  const latch = useInFlight();
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const busy = newLink.isPending || cancel.isPending;
  const ended = order.status === 'cancelled' || order.status === 'refused';
  const open = order.payLinks.find((l) => l.status === 'open');

  const makeLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    const typed = amount.trim();
    const problem = typed ? nairaProblem(typed, 'amount') : null;
    if (problem) {
      latch.end();
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    newLink.mutate(typed ? { amount: typed.replace(/,/g, '') } : {}, {
      onSuccess: (made) => {
        setAmount('');
        const link = made.order.payLinks.find((l) => l.status === 'open');
        setNotice({
          tone: 'success',
          text: link ? `New link for ${formatNaira(link.amount)} ready to send.` : 'New link ready to send.',
        });
      },
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, NEW_LINK_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  const cancelOpen = () => {
    if (!latch.begin()) return;
    if (!window.confirm(CONFIRM_CANCEL_LINK)) {
      latch.end();
      return;
    }
    setNotice(null);
    cancel.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: LINK_CANCELLED }),
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, CANCEL_LINK_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <AdminPanel
      headingId="pay-links-heading"
      title="Pay links"
      busy={busy}
      description={
        <>
          Paid {formatNaira(order.paid)} of {formatNaira(order.totalAmount)}
          {order.balance > 0 ? `; ${formatNaira(order.balance)} still to pay.` : '.'}
        </>
      }
    >
      <FormNotice notice={notice} />
      {order.payLinks.length === 0 ? (
        <p className="muted">No pay link yet.</p>
      ) : (
        <ol className="pay-links" aria-label="Pay links, oldest first">
          {order.payLinks.map((link) => (
            <li key={link.token} className={`pay-link pay-link--${link.status}`}>
              <div className="pay-link__head">
                <span className="pay-link__amount">{formatNaira(link.amount)}</span>
                <span>{PURPOSE_LABELS[link.purpose]}</span>
                <span className={`pay-link__status pay-link__status--${link.status}`}>
                  {LINK_STATUS_LABELS[link.status]}
                </span>
                <span className="pay-link__when">{linkWhen(link)}</span>
              </div>
              {link.status === 'open' && manage && (
                <>
                  <PayLinkShare
                    url={payLinkUrl(link.token)}
                    phone={order.customerPhone}
                    orderNumber={order.number}
                    amount={link.amount}
                  />
                  <div>
                    <button type="button" className="btn btn--outline btn--sm" disabled={busy} onClick={cancelOpen}>
                      Cancel link
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {manage && !ended && order.balance > 0 && (
        <form className="pay-links__new" onSubmit={makeLink} noValidate aria-label="New pay link">
          <NairaField
            label="Amount (₦)"
            optional
            hint={`Empty for the whole balance, ${formatNaira(order.balance)}.${open ? ' The open link ends.' : ''}`}
            value={amount}
            onValueChange={(value) => {
              setAmount(value);
              setNotice(null);
            }}
          />
          <button type="submit" className="btn btn--dark btn--sm" disabled={busy}>
            {newLink.isPending && <Spinner size="sm" label="Making the link…" />}
            New link for the balance
          </button>
        </form>
      )}
    </AdminPanel>
  );
}

/** "Expires 25 Nov, 14:00", "Paid 24 Nov, 10:12", "Expired 23 Nov…", "Cancelled" (made …). */
function linkWhen(link: PayLink): string {
  const at = (ms: number) => adminTime.format(new Date(ms));
  switch (link.status) {
    case 'open':
      return `Expires ${at(link.expiresAt)}`;
    case 'paid':
      return link.paidAt ? `Paid ${at(link.paidAt)}` : 'Paid';
    case 'expired':
      return `Expired ${at(link.expiresAt)}`;
    case 'cancelled':
      return `Made ${at(link.createdAt)}, cancelled`;
  }
}
