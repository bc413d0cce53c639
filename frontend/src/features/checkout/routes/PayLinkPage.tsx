import { useEffect, useRef } from 'react';
import { useParams } from 'wouter';
import { PayLinkCard, PayLinkSummary } from '../components/PayLinkCard';
import { PaymentWait, SandboxPayment } from '../components/PaymentPopup';
import { usePayLinkPayment } from '../components/usePayLinkPayment';
import { Spinner } from '@/components/Spinner';
import { isNotFound } from '@/lib/api';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import '../components/Checkout.css';
import './PayLinkPage.css';

export { askText, LINK_CANCELLED, LINK_EXPIRED, LINK_PAID, MONEY_ON_ITS_WAY } from '../components/PayLinkCard';
export {
  IN_PROGRESS,
  PAY_CANCELLED,
  PAY_VERIFY_FAILED,
  PAY_WAITING,
  PAYMENT_RECEIVED,
} from '../components/usePayLinkPayment';

export const LINK_NOT_FOUND =
  "This pay link doesn't exist. Please check the link you were sent, or ask the shop for a new one.";
export const LOAD_FAILED = "We couldn't load this pay link. Please check your connection and try again.";

const TONES = { error: 'alert--error', success: 'alert--success', info: 'alert--info' } as const;

/**
 * /pay/:token — the page a customer opens from the link the shop sent in a chat (no login: the
 * token is the key). It shows the order, what the link asks for and what is already paid, and
 * pays through the checkout's own pop-up (the sandbox's, or Paystack's). A paid, expired or
 * cancelled link says so and offers to contact the shop.
 */
export default function PayLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { page, phase, waiting, verify, cancelled, pay } = usePayLinkPayment(token);
  const noticeRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(page.data ? `Pay for Order #${page.data.number}` : 'Pay');

  // A new message takes the focus, so it is read out and seen on a small screen.
  useEffect(() => {
    if (phase.kind === 'idle' && phase.message) noticeRef.current?.focus();
  }, [phase]);

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
          <div ref={noticeRef} tabIndex={-1} className={`alert ${TONES[message.tone]} pay-link__notice`}>
            {message.text}
          </div>
        )}
        {phase.kind === 'verifying' && <PaymentWait>Confirming your payment…</PaymentWait>}
      </div>

      <PayLinkCard
        data={data}
        waiting={waiting}
        busy={busy}
        starting={phase.kind === 'starting'}
        onPay={() => void pay()}
      />
      <PayLinkSummary data={data} />

      {phase.kind === 'popup' && (
        <SandboxPayment
          start={phase.start}
          outcome={{ onSuccess: (reference, sentLater) => void verify(reference, sentLater), onCancel: cancelled }}
        />
      )}
    </div>
  );
}
