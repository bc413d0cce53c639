import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { chargeSandbox, useSandboxTransaction, type SandboxOutcome } from '../api/sandbox';
import { CloseIcon } from '@/components/moreIcons';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { formatMoney, type Currency } from '@/lib/money';
import { useInFlight } from '@/lib/useInFlight';
import { sandboxWays, type SandboxWay } from '../lib/sandboxWays';
import { SandboxCards, SandboxLater, WayChoice } from './SandboxWays';
import './Sandbox.css';

export { sandboxWays, TEST_ACCOUNT, TEST_CARDS, ussdCode, type SandboxWay } from '../lib/sandboxWays';

export const SANDBOX_TITLE = 'Test payment';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type SandboxPopupProps = {
  accessCode: string;
  /** The shop's expected amount (kobo), shown until the sandbox answers with its own. */
  amount: number;
  /** The currency of `amount` (the start answer's: naira, or dollars or pounds for a shopper abroad). */
  currency?: Currency;
  /** "Your items are held until 14:35", when the shop said so. */
  heldUntil?: string | null;
  /** Paid (`sentLater` false), or a transfer or USSD payment sent, whose money arrives later (true). */
  onSuccess: (reference: string, sentLater: boolean) => void;
  onCancel: () => void;
};

/**
 * The built-in sandbox's pop-up, standing in for Paystack's when no keys are configured: a modal
 * dialog clearly marked TEST MODE that pays with one of Paystack's test cards, or, where the shop
 * offers them, by a test bank transfer (an account number and the exact amount, then "I've sent
 * the money") or USSD (a code to dial, then "Done"); those leave the payment pending until the
 * sandbox's webhook says the money arrived. A declined card shows why and lets the shopper try
 * another; Close, Escape or the backdrop cancel.
 */
export function SandboxPopup({
  accessCode,
  amount,
  currency = 'NGN',
  heldUntil,
  onSuccess,
  onCancel,
}: SandboxPopupProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const firstCardRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const latch = useInFlight();
  const [paying, setPaying] = useState<SandboxOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const transaction = useSandboxTransaction(accessCode);
  const ways = sandboxWays(transaction.data?.channels);
  const [chosenWay, setWay] = useState<SandboxWay>('card');
  const way = ways.includes(chosenWay) ? chosenWay : ways[0]!;

  // A transaction already paid (a second tab, a reload) completes at once.
  const alreadyPaid = transaction.data?.status === 'success' ? transaction.data.reference : null;
  const reported = useRef(false);
  useEffect(() => {
    if (alreadyPaid && !reported.current) {
      reported.current = true;
      onSuccess(alreadyPaid, false);
    }
  }, [alreadyPaid, onSuccess]);

  // While open, the page behind neither scrolls nor takes focus (inert), and Escape cancels
  // wherever the focus is.
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  });
  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      cancelRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.body.style.overflow = previousOverflow;
      app?.removeAttribute('inert');
      document.removeEventListener('keydown', onEscape);
    };
  }, []);
  useEffect(() => {
    (firstCardRef.current ?? closeRef.current)?.focus();
  }, [transaction.isSuccess]);

  const pay = async (outcome: SandboxOutcome) => {
    if (!latch.begin()) return;
    setPaying(outcome);
    setFailure(null);
    try {
      const charge = await chargeSandbox(accessCode, outcome);
      if (charge.status === 'success' || charge.status === 'pending') {
        // Paid, or sent (the money arrives later): everything stays locked while the shop closes
        // this window and asks its server.
        reported.current = true;
        onSuccess(charge.reference, charge.status === 'pending');
        return;
      }
      setFailure(charge.message || 'Declined');
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'The test payment could not be made.');
    }
    latch.end();
    setPaying(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || !panelRef.current.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const shown = transaction.data;
  let body;
  if (transaction.isPending) {
    body = (
      <div className="sandbox__loading">
        <Spinner label="Loading the test payment…" />
      </div>
    );
  } else if (transaction.isError) {
    body = (
      <p className="alert alert--error" role="alert">
        {isApiError(transaction.error) && transaction.error.status === 404
          ? 'This test payment could not be found.'
          : transaction.error.message}
      </p>
    );
  } else {
    const total = shown?.amount ?? amount;
    const locked = paying !== null || alreadyPaid !== null;
    // What both ways of paying need: whether a payment is under way, the first button, and paying.
    const payWith = { locked, paying, firstRef: firstCardRef, onPay: (o: SandboxOutcome) => void pay(o) };
    body = (
      <>
        {ways.length > 1 && (
          <WayChoice
            ways={ways}
            way={way}
            locked={locked}
            onChoose={(w) => {
              setWay(w);
              setFailure(null);
            }}
          />
        )}
        {way === 'card' ? (
          <SandboxCards {...payWith} />
        ) : (
          <SandboxLater way={way} total={total} currency={currency} {...payWith} />
        )}
        <div role="alert" className="sandbox__failure-region">
          {failure && (
            <p className="alert alert--error sandbox__failure">
              <strong>{/[.!?]$/.test(failure) ? failure : `${failure}.`}</strong>
              <span>
                {way === 'card' ? ' Try another test card or close this window.' : ' Try again or close this window.'}
              </span>
            </p>
          )}
        </div>
      </>
    );
  }

  return createPortal(
    <div className="sandbox-root">
      <div className="sandbox-backdrop" aria-hidden="true" onClick={onCancel} />
      <div
        ref={panelRef}
        className="sandbox"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
      >
        <div className="sandbox__ribbon">
          <span className="sandbox__mode">TEST MODE</span>
          <span>No real money moves</span>
        </div>
        <div className="sandbox__head">
          <div>
            <h2 id={titleId} className="sandbox__title">
              {SANDBOX_TITLE}
            </h2>
            <p id={descriptionId} className="sandbox__amount">
              <span className="sandbox__total">{formatMoney(shown?.amount ?? amount, currency)}</span>
              {shown && <span className="sandbox__email">{shown.email}</span>}
            </p>
          </div>
          <button
            ref={closeRef}
            type="button"
            className="icon-button sandbox__close"
            aria-label="Close"
            onClick={onCancel}
          >
            <CloseIcon />
          </button>
        </div>
        {body}
        {heldUntil && <p className="sandbox__held">{heldUntil}</p>}
        <p className="sandbox__foot">
          The shop's built-in payment sandbox stands in for Paystack until the merchant sets real keys.
        </p>
      </div>
    </div>,
    document.body,
  );
}
