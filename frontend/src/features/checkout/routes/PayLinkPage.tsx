import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { cancelPayLink, startPayLink, usePayPage, verifyPayLink, type PayPage } from '../api/payLink';
import { trackingPath } from '../components/CheckoutScope';
import { openPaystackPopup } from '../lib/paystackInline';
import { OrderItemList } from '@/components/OrderItemList';
import { PriceBreakdown } from '@/components/PriceBreakdown';
import { Spinner } from '@/components/Spinner';
import { isApiError, isNotFound } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { queryKeys } from '@/lib/queryKeys';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { orderMessage, shopWhatsApp, whatsAppUrl } from '@/lib/whatsapp';
import type { PaymentStart } from '@/lib/types';
import '../components/Checkout.css';
import { LATER_CHANNELS, START_FAILED } from '../components/CheckoutPanel';
import './PayLinkPage.css';

const SandboxPopup = lazy(() => import('../components/SandboxPopup').then((m) => ({ default: m.SandboxPopup })));

export const LINK_NOT_FOUND =
  "This pay link doesn't exist. Please check the link you were sent, or ask the shop for a new one.";
export const LINK_PAID = 'This link has been paid. Thank you!';
export const LINK_EXPIRED = 'This pay link has expired. Please ask the shop for a new one.';
export const LINK_CANCELLED = 'This pay link was cancelled. Please ask the shop for a new one.';
export const IN_PROGRESS =
  'A payment for this link is already in progress. Please finish it, or try again in a few minutes.';
export const PAY_CANCELLED = 'Payment cancelled. You can pay whenever you are ready.';
export const PAY_VERIFY_FAILED =
  "We could not confirm your payment yet. If you were charged, the shop will see it shortly; you don't need to pay again.";
export const PAY_WAITING = "We're waiting for your transfer to arrive. The shop will confirm your order when it does.";
export const PAYMENT_RECEIVED = 'Payment received. Thank you!';
/** Where "Pay" stood while the money is on its way. */
export const MONEY_ON_ITS_WAY = 'Your payment is on its way. This page updates when it arrives.';
export const LOAD_FAILED = "We couldn't load this pay link. Please check your connection and try again.";

/** "Pay by 14:35, 27 Nov" in Lagos time. */
const lagosDateTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: 'numeric',
  month: 'short',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** What this link asks for, in a sentence: a deposit, the balance, or the whole order. */
export function askText(page: Pick<PayPage, 'link' | 'totalAmount'>): string {
  const amount = formatNaira(page.link.amount);
  if (page.link.purpose === 'deposit')
    return `This link asks for a deposit of ${amount} (of ${formatNaira(page.totalAmount)}).`;
  if (page.link.purpose === 'balance') return `This link asks for the balance: ${amount}.`;
  return `This link asks for the whole order: ${amount}.`;
}

type Phase =
  | { kind: 'idle'; message?: { tone: 'info' | 'error' | 'success'; text: string } }
  | { kind: 'starting' }
  | { kind: 'popup'; start: PaymentStart }
  | { kind: 'verifying' };

/** "Contact the shop": WhatsApp when the shop has a number, else the contact page. */
function ContactShop({ number }: { number: string }) {
  const url = whatsAppUrl(shopWhatsApp(), orderMessage(number));
  return url ? (
    <a href={url} className="btn btn--outline btn--block pay-link__contact" target="_blank" rel="noopener noreferrer">
      Message the shop on WhatsApp
    </a>
  ) : (
    <Link href="/contact" className="btn btn--outline btn--block pay-link__contact">
      Contact the shop
    </Link>
  );
}

/**
 * /pay/:token — the page a customer opens from the link the shop sent in a chat (no login: the
 * token is the key). It shows the order, what the link asks for and what is already paid, and
 * pays through the checkout's own pop-up (the sandbox's, or Paystack's). A paid, expired or
 * cancelled link says so and offers to contact the shop.
 */
export default function PayLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  // While a transfer's or USSD payment's money is on its way: when the page started waiting.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const page = usePayPage(token, waitingSince);
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const linkStatus = page.data?.link.status;
  // The money arrived (the webhook or the reconciler recorded it): the page says so, and stops asking.
  useEffect(() => {
    if (waitingSince !== null && linkStatus && linkStatus !== 'open') {
      setWaitingSince(null);
      if (linkStatus === 'paid') setPhase({ kind: 'idle', message: { tone: 'success', text: PAYMENT_RECEIVED } });
    }
  }, [waitingSince, linkStatus]);
  const noticeRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(page.data ? `Pay for Order #${page.data.number}` : 'Pay');

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.payLink(token) }), [client, token]);

  // A new message takes the focus, so it is read out and seen on a small screen.
  useEffect(() => {
    if (phase.kind === 'idle' && phase.message) noticeRef.current?.focus();
  }, [phase]);

  const verify = useCallback(
    async (reference: string, sentLater = false) => {
      setPhase({ kind: 'verifying' });
      try {
        const result = await verifyPayLink(token, reference);
        if (result.success) {
          setPhase({ kind: 'idle', message: { tone: 'success', text: PAYMENT_RECEIVED } });
        } else if (result.status === 'pending' && (sentLater || LATER_CHANNELS.includes(result.channel ?? ''))) {
          setPhase({ kind: 'idle', message: { tone: 'info', text: result.message ?? PAY_WAITING } });
          setWaitingSince(Date.now());
        } else {
          setPhase({ kind: 'idle', message: { tone: 'error', text: result.message ?? PAY_VERIFY_FAILED } });
        }
      } catch (error) {
        setPhase({
          kind: 'idle',
          message: { tone: 'error', text: isApiError(error) ? error.message : PAY_VERIFY_FAILED },
        });
      }
      await refresh();
    },
    [token, refresh],
  );

  const cancelled = useCallback(
    (reference: string) => {
      setPhase({ kind: 'idle', message: { tone: 'info', text: PAY_CANCELLED } });
      void cancelPayLink(token, reference)
        .catch(() => undefined)
        .then(refresh);
    },
    [token, refresh],
  );

  const pay = async () => {
    if (phase.kind !== 'idle') return;
    setPhase({ kind: 'starting' });
    let start: PaymentStart;
    try {
      start = await startPayLink(token);
    } catch (error) {
      if (isApiError(error) && (error.code === 'link_paid' || error.code === 'link_ended')) {
        // The page's own state says what happened to the link.
        setPhase({ kind: 'idle' });
        await refresh();
        return;
      }
      const text =
        isApiError(error) && error.code === 'payment_in_progress'
          ? IN_PROGRESS
          : isApiError(error)
            ? error.message
            : START_FAILED;
      setPhase({ kind: 'idle', message: { tone: 'error', text } });
      return;
    }
    setPhase({ kind: 'popup', start });
    if (start.mode === 'sandbox') return;
    try {
      await openPaystackPopup(start.accessCode, start.reference, {
        onSuccess: (reference) => void verify(reference),
        onCancel: () => cancelled(start.reference),
        onError: (text) => setPhase({ kind: 'idle', message: { tone: 'error', text } }),
      });
    } catch (error) {
      setPhase({
        kind: 'idle',
        message: { tone: 'error', text: error instanceof Error ? error.message : START_FAILED },
      });
    }
  };

  if (page.isPending) {
    return (
      <div className="container page pay-link">
        <Spinner label="Loading your order…" />
      </div>
    );
  }
  if (page.isError) {
    const missing = isNotFound(page.error);
    return (
      <div className="container page pay-link">
        <h1 className="pay-link__title">{missing ? 'Pay link not found' : 'Pay'}</h1>
        <p className="alert alert--error" role="alert">
          {missing ? LINK_NOT_FOUND : LOAD_FAILED}
        </p>
        {!missing && (
          <button type="button" className="btn btn--dark" onClick={() => void page.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }

  const data = page.data;
  const link = data.link;
  const open = link.status === 'open' && data.status !== 'cancelled';
  const busy = phase.kind !== 'idle';
  const message = phase.kind === 'idle' ? phase.message : undefined;

  return (
    <div className="container page pay-link" aria-busy={busy}>
      <header className="pay-link__head">
        <span className="eyebrow">{data.shopName}</span>
        <h1 className="pay-link__title">Order #{data.number}</h1>
        <p className="pay-link__for">For {data.customerName}</p>
      </header>

      <div role="status" className="pay-link__notice-region">
        {message && (
          <div
            ref={noticeRef}
            tabIndex={-1}
            className={`alert alert--${message.tone === 'error' ? 'error' : message.tone === 'success' ? 'success' : 'info'} pay-link__notice`}
          >
            {message.text}
          </div>
        )}
        {phase.kind === 'verifying' && (
          <p className="checkout__verifying">
            <span className="spinner spinner--sm" aria-hidden="true">
              <span className="spinner__ring" />
            </span>
            Confirming your payment…
          </p>
        )}
      </div>

      <section className="pay-link__card" aria-labelledby="pay-link-state">
        {open ? (
          <>
            <h2 id="pay-link-state" className="pay-link__ask">
              {askText(data)}
            </h2>
            {data.paid > 0 && <p className="pay-link__paid">Already paid: {formatNaira(data.paid)}</p>}
            <p className="pay-link__expires">Pay by {lagosDateTime.format(new Date(link.expiresAt))} (Lagos time)</p>
            {waitingSince !== null ? (
              // Not a second payment while the first one's money is on its way.
              <p className="checkout__verifying pay-link__waiting">
                <span className="spinner spinner--sm" aria-hidden="true">
                  <span className="spinner__ring" />
                </span>
                {MONEY_ON_ITS_WAY}
              </p>
            ) : (
              <button
                type="button"
                className="btn btn--primary btn--block pay-link__pay"
                disabled={busy}
                aria-busy={phase.kind === 'starting'}
                onClick={() => void pay()}
              >
                {phase.kind === 'starting' && <Spinner size="sm" label="Starting payment…" />}
                Pay {formatNaira(link.amount)}
              </button>
            )}
            <p className="checkout__secure">
              {data.mode === 'sandbox'
                ? 'Test mode: pay with a test card, transfer or USSD; no money moves.'
                : 'Pay by card, bank transfer or USSD through Paystack.'}
            </p>
          </>
        ) : link.status === 'paid' ? (
          <>
            <h2 id="pay-link-state" className="pay-link__ask">
              {LINK_PAID}
            </h2>
            <p className="pay-link__paid">
              Paid {formatNaira(data.paid)}
              {data.balance > 0 ? ` — Part paid, ${formatNaira(data.balance)} balance` : ' — paid in full'}
            </p>
            <p className="pay-link__order">
              <strong>Order #{data.number}</strong>{' '}
              <Link href={trackingPath(data.number)} className="pay-link__track">
                Track your order
              </Link>
            </p>
            <ContactShop number={data.number} />
          </>
        ) : (
          <>
            <h2 id="pay-link-state" className="pay-link__ask">
              {link.status === 'expired' ? LINK_EXPIRED : LINK_CANCELLED}
            </h2>
            {data.paid > 0 && <p className="pay-link__paid">Already paid: {formatNaira(data.paid)}</p>}
            <ContactShop number={data.number} />
          </>
        )}
      </section>

      <section className="pay-link__summary" aria-labelledby="pay-link-summary">
        <h2 id="pay-link-summary" className="pay-link__subtitle">
          Your order
        </h2>
        <OrderItemList items={data.items} label={`Items in Order #${data.number}`} />
        <PriceBreakdown
          subtotal={data.subtotal}
          delivery={data.deliveryFee}
          discount={data.discount}
          total={data.totalAmount}
          method={data.deliveryMethod}
          code={data.discountCode}
          estimate={data.deliveryEstimate}
          full
          className="pay-link__breakdown"
        />
        <dl className="pay-link__facts">
          <div>
            <dt>{data.deliveryMethod === 'pickup' ? 'Collection' : 'Deliver to'}</dt>
            <dd>{data.deliverTo ?? 'Pick up in store'}</dd>
          </div>
          <div>
            <dt>Paid so far</dt>
            <dd>{formatNaira(data.paid)}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>{formatNaira(data.balance)}</dd>
          </div>
          {data.customerNote && (
            <div>
              <dt>Your note</dt>
              <dd>{data.customerNote}</dd>
            </div>
          )}
        </dl>
      </section>

      {phase.kind === 'popup' && phase.start.mode === 'sandbox' && (
        <Suspense fallback={null}>
          <SandboxPopup
            accessCode={phase.start.accessCode}
            amount={phase.start.amount}
            onSuccess={(reference, sentLater) => void verify(reference, sentLater)}
            onCancel={() => cancelled(phase.start.reference)}
          />
        </Suspense>
      )}
    </div>
  );
}
