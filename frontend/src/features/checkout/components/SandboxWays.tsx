import type { RefObject } from 'react';
import { useId } from 'react';
import type { SandboxOutcome } from '../api/sandbox';
import { TEST_ACCOUNT, TEST_CARDS, ussdCode, WAYS, type SandboxWay } from '../lib/sandboxWays';
import { Spinner } from '@/components/Spinner';
import { formatMoney, type Currency } from '@/lib/money';

type WayProps = {
  /** A payment is being made (or was): nothing more to choose. */
  locked: boolean;
  paying: SandboxOutcome | null;
  /** The first thing to focus once the payment has loaded. */
  firstRef: RefObject<HTMLButtonElement | null>;
  onPay: (outcome: SandboxOutcome) => void;
};

/** Card, Bank transfer or USSD, when the shop offers more than one. */
export function WayChoice({
  ways,
  way,
  locked,
  onChoose,
}: {
  ways: ReadonlyArray<SandboxWay>;
  way: SandboxWay;
  locked: boolean;
  onChoose: (way: SandboxWay) => void;
}) {
  const name = useId();
  return (
    <fieldset className="sandbox-ways" disabled={locked}>
      <legend className="visually-hidden">Pay with</legend>
      {ways.map((w) => (
        <label key={w} className="sandbox-way">
          <input type="radio" name={name} value={w} checked={way === w} onChange={() => onChoose(w)} />
          <span>{WAYS.find((x) => x.way === w)!.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Paystack's test cards, each paying with its own outcome. */
export function SandboxCards({ locked, paying, firstRef, onPay }: WayProps) {
  return (
    <>
      <p className="sandbox__hint">Choose a test card (any future expiry date):</p>
      <ul className="sandbox__cards">
        {TEST_CARDS.map((card, index) => (
          <li key={card.outcome}>
            <button
              ref={index === 0 ? firstRef : undefined}
              type="button"
              className={`sandbox-card sandbox-card--${card.outcome}`}
              aria-label={`Pay with test card ${card.number} (${card.label})`}
              disabled={locked}
              onClick={() => onPay(card.outcome)}
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
}

/** A test transfer or USSD payment: what to send or dial, then "sent", the money arriving later. */
export function SandboxLater({
  way,
  total,
  currency = 'NGN',
  locked,
  paying,
  firstRef,
  onPay,
}: WayProps & { way: SandboxWay; total: number; currency?: Currency }) {
  const transfer = way === 'bank_transfer';
  const outcome: SandboxOutcome = transfer ? 'transfer' : 'ussd';
  return (
    <div className="sandbox-later">
      {transfer ? (
        <>
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
              <dd className="sandbox-later__mono">{formatMoney(total, currency)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <>
          <p className="sandbox__hint">Dial this code on your phone and follow the prompts:</p>
          <p className="sandbox-later__code">{ussdCode(total)}</p>
        </>
      )}
      <button
        ref={firstRef}
        type="button"
        className="btn btn--primary btn--block"
        disabled={locked}
        onClick={() => onPay(outcome)}
      >
        {paying === outcome && <Spinner size="sm" label="Sending…" />}
        {transfer ? "I've sent the money" : 'Done'}
      </button>
      <p className="sandbox-later__note">
        {transfer
          ? 'The shop waits for the money to arrive; it may take a few minutes.'
          : 'The shop waits for your bank to confirm; it may take a few minutes.'}
      </p>
    </div>
  );
}
