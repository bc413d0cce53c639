import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { chargeSandbox, useSandboxTransaction, type SandboxOutcome } from '../api/sandbox';
import { CloseIcon } from '@/components/icons';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { useInFlight } from '@/lib/useInFlight';
import './Sandbox.css';

/** Paystack's test cards (PAYSTACK.md), with the outcome the sandbox gives each. */
export const TEST_CARDS: { number: string; cvv: string; outcome: SandboxOutcome; label: string }[] = [
  { number: '4084 0840 8408 4081', cvv: '408', outcome: 'success', label: 'Success' },
  { number: '4084 0800 0000 5408', cvv: '001', outcome: 'declined', label: 'Declined' },
  { number: '4084 0800 0067 0037', cvv: '787', outcome: 'insufficient_funds', label: 'Insufficient funds' },
];

export const SANDBOX_TITLE = 'Test payment';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type SandboxPopupProps = {
  accessCode: string;
  /** The shop's expected amount (kobo), shown until the sandbox answers with its own. */
  amount: number;
  /** "Your items are held until 14:35", when the shop said so. */
  heldUntil?: string | null;
  onSuccess: (reference: string) => void;
  onCancel: () => void;
};

/**
 * The built-in sandbox's pop-up, standing in for Paystack's when no keys are configured: a modal
 * dialog clearly marked TEST MODE that pays with one of Paystack's test cards. A declined card
 * shows why and lets the shopper try another; Close, Escape or the backdrop cancel.
 */
export function SandboxPopup({ accessCode, amount, heldUntil, onSuccess, onCancel }: SandboxPopupProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const firstCardRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const latch = useInFlight();
  const [paying, setPaying] = useState<SandboxOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const transaction = useSandboxTransaction(accessCode);

  // A transaction already paid (a second tab, a reload) completes at once.
  const alreadyPaid = transaction.data?.status === 'success' ? transaction.data.reference : null;
  const reported = useRef(false);
  useEffect(() => {
    if (alreadyPaid && !reported.current) {
      reported.current = true;
      onSuccess(alreadyPaid);
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
      if (charge.status === 'success') {
        // Paid: the cards stay locked while the shop closes this window and verifies.
        reported.current = true;
        onSuccess(charge.reference);
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
    body = (
      <>
        <p className="sandbox__hint">Choose a test card (any future expiry date):</p>
        <ul className="sandbox__cards">
          {TEST_CARDS.map((card, index) => (
            <li key={card.outcome}>
              <button
                ref={index === 0 ? firstCardRef : undefined}
                type="button"
                className={`sandbox-card sandbox-card--${card.outcome}`}
                aria-label={`Pay with test card ${card.number} (${card.label})`}
                disabled={paying !== null || alreadyPaid !== null}
                onClick={() => void pay(card.outcome)}
              >
                <span className="sandbox-card__number">{card.number}</span>
                <span className="sandbox-card__meta">CVV {card.cvv}</span>
                <span className="sandbox-card__outcome">
                  {paying === card.outcome ? <Spinner size="sm" label="Paying…" /> : card.label}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div role="alert" className="sandbox__failure-region">
          {failure && (
            <p className="alert alert--error sandbox__failure">
              <strong>{/[.!?]$/.test(failure) ? failure : `${failure}.`}</strong>
              <span> Try another test card or close this window.</span>
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
              <span className="sandbox__total">{formatNaira(shown?.amount ?? amount)}</span>
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
