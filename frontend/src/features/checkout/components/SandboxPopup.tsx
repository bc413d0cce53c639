import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { chargeSandbox, useSandboxTransaction, type SandboxOutcome } from '../api/sandbox';
import { CloseIcon } from '@/components/moreIcons';
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

/** The sandbox's test bank account for transfers. */
export const TEST_ACCOUNT = { number: '0123456789', bank: 'Test Bank' };

/** The ways the sandbox pays, as the shop's channels name them. */
export type SandboxWay = 'card' | 'bank_transfer' | 'ussd';
const WAYS: ReadonlyArray<{ way: SandboxWay; label: string }> = [
  { way: 'card', label: 'Card' },
  { way: 'bank_transfer', label: 'Bank transfer' },
  { way: 'ussd', label: 'USSD' },
];

/** The ways to show of the channels the shop offers; a card when the sandbox simulates none of them. */
export function sandboxWays(channels: ReadonlyArray<string> | undefined): SandboxWay[] {
  const offered = WAYS.map((w) => w.way).filter((way) => (channels ?? ['card']).includes(way));
  return offered.length > 0 ? offered : ['card'];
}

/** Naira for a USSD code: whole naira as digits ("14845"), else with kobo ("14845.50"). */
function nairaDigits(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  return kobo % 100 === 0 ? String(naira) : `${naira}.${String(kobo % 100).padStart(2, '0')}`;
}

/** The test USSD code to dial for an amount: "*737*000*14845#". */
export function ussdCode(kobo: number): string {
  return `*737*000*${nairaDigits(kobo)}#`;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type SandboxPopupProps = {
  accessCode: string;
  /** The shop's expected amount (kobo), shown until the sandbox answers with its own. */
  amount: number;
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
export function SandboxPopup({ accessCode, amount, heldUntil, onSuccess, onCancel }: SandboxPopupProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const firstCardRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const latch = useInFlight();
  const [paying, setPaying] = useState<SandboxOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const wayName = useId();

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
    const cards = (
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
                disabled={locked}
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
      </>
    );
    const transfer = (
      <div className="sandbox-later">
        <p className="sandbox__hint">Transfer exactly this amount to the test account:</p>
        <dl className="sandbox-later__facts">
          <div>
            <dt>Account number</dt>
            <dd className="sandbox-later__mono">{TEST_ACCOUNT.number}</dd>
          </div>
          <div>
            <dt>Bank</dt>
            <dd>{TEST_ACCOUNT.bank}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd className="sandbox-later__mono">{formatNaira(total)}</dd>
          </div>
        </dl>
        <button
          ref={firstCardRef}
          type="button"
          className="btn btn--primary btn--block"
          disabled={locked}
          onClick={() => void pay('transfer')}
        >
          {paying === 'transfer' && <Spinner size="sm" label="Sending…" />}
          I've sent the money
        </button>
        <p className="sandbox-later__note">The shop waits for the money to arrive; it may take a few minutes.</p>
      </div>
    );
    const ussd = (
      <div className="sandbox-later">
        <p className="sandbox__hint">Dial this code on your phone and follow the prompts:</p>
        <p className="sandbox-later__code">{ussdCode(total)}</p>
        <button
          ref={firstCardRef}
          type="button"
          className="btn btn--primary btn--block"
          disabled={locked}
          onClick={() => void pay('ussd')}
        >
          {paying === 'ussd' && <Spinner size="sm" label="Sending…" />}
          Done
        </button>
        <p className="sandbox-later__note">The shop waits for your bank to confirm; it may take a few minutes.</p>
      </div>
    );
    body = (
      <>
        {ways.length > 1 && (
          <fieldset className="sandbox-ways" disabled={locked}>
            <legend className="visually-hidden">Pay with</legend>
            {ways.map((w) => (
              <label key={w} className="sandbox-way">
                <input
                  type="radio"
                  name={wayName}
                  value={w}
                  checked={way === w}
                  onChange={() => {
                    setWay(w);
                    setFailure(null);
                  }}
                />
                <span>{WAYS.find((x) => x.way === w)!.label}</span>
              </label>
            ))}
          </fieldset>
        )}
        {way === 'card' ? cards : way === 'bank_transfer' ? transfer : ussd}
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
