import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CheckoutQuote } from '../api/checkout';
import type { Tender } from './useCheckoutPayment';
import { ProveEmailButton } from '@/components/ProveEmailButton';
import { formatNaira } from '@/lib/money';

export const SIGN_IN_FOR_CREDIT = 'Sign in to use your store credit';

type TenderChoiceProps = {
  quote: CheckoutQuote | null;
  tender: Tender;
  onChange: (tender: Tender) => void;
  /** Tries a gift card's code: resolves to the server's reason when it is refused, null when applied. */
  onTryCard: (code: string) => Promise<string | null>;
  disabled?: boolean;
};

/**
 * Store credit ("Store credit: ₦X — Use it") and a gift card's code, beside the discount code; then
 * what they pay and the rest to pay through Paystack. A guest with credit held for her e-mail is
 * told to sign in; an account whose e-mail is not proved yet gets the link to prove it.
 */
export function TenderChoice({ quote, tender, onChange, onTryCard, disabled = false }: TenderChoiceProps) {
  const credit = quote?.credit;
  const card = quote?.giftCard ?? null;
  const paidByOthers = (credit?.applied ?? 0) + (card?.applied ?? 0);
  return (
    <div className="tender">
      {credit?.status === 'usable' && (
        <div className="tender__credit">
          {tender.useCredit && credit.applied > 0 ? (
            <>
              <p className="tender__line">
                Store credit applied: <strong>−{formatNaira(credit.applied)}</strong>
              </p>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                disabled={disabled}
                onClick={() => onChange({ ...tender, useCredit: false })}
              >
                Don't use it
              </button>
            </>
          ) : (
            <>
              <p className="tender__line">
                Store credit: <strong>{formatNaira(credit.balance)}</strong>
              </p>
              <button
                type="button"
                className="btn btn--dark btn--sm"
                disabled={disabled}
                onClick={() => onChange({ ...tender, useCredit: true })}
              >
                Use it
              </button>
            </>
          )}
        </div>
      )}
      {credit?.status === 'unproven' && (
        <div className="tender__credit">
          <p className="tender__line">
            Store credit: <strong>{formatNaira(credit.balance)}</strong>
          </p>
          <ProveEmailButton />
        </div>
      )}
      {credit?.status === 'guest' && (
        <p className="tender__line">
          <Link href="/login">{SIGN_IN_FOR_CREDIT}</Link> ({formatNaira(credit.balance)}).
        </p>
      )}
      <GiftCardField
        // A card chosen stays removable even when the server now refuses it (used up meanwhile).
        applied={tender.giftCard ? (card ? `•••• ${card.last4}` : tender.giftCard) : null}
        onApply={onTryCard}
        onRemove={() => onChange({ ...tender, giftCard: null })}
        disabled={disabled}
      />
      {card && (
        <p className="tender__line">
          Gift card applied: <strong>−{formatNaira(card.applied)}</strong>{' '}
          <span className="muted">({formatNaira(card.balance - card.applied)} left on it after this order)</span>
        </p>
      )}
      {quote && paidByOthers > 0 && (
        <p className="tender__line tender__rest">
          To pay: <strong data-testid="to-pay">{formatNaira(quote.toPay)}</strong>
        </p>
      )}
    </div>
  );
}

type GiftCardFieldProps = {
  applied: string | null;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  disabled: boolean;
};

/** "Gift card" with "Apply": a refused code shows the server's reason; an applied card shows with "Remove". */
function GiftCardField({ applied, onApply, onRemove, disabled }: GiftCardFieldProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  if (applied) {
    return (
      <div className="discount discount--applied">
        <p className="discount__applied">
          <span className="discount__label">Gift card</span>
          <span className="discount__code">{applied}</span>
        </p>
        <button type="button" className="btn btn--outline btn--sm" disabled={disabled} onClick={onRemove}>
          Remove
        </button>
      </div>
    );
  }
  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code) {
      setProblem('Please enter a gift card code.');
      return;
    }
    if (pending) return;
    setPending(true);
    try {
      const refused = await onApply(code);
      setProblem(refused);
      if (!refused) setTyped('');
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="discount" onSubmit={(e) => void apply(e)} noValidate aria-label="Gift card">
      <label htmlFor={id} className="field__label">
        Gift card
      </label>
      <div className="discount__row">
        <input
          id={id}
          name="giftCard"
          className="field__input discount__input"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          disabled={disabled}
        />
        <button type="submit" className="btn btn--dark btn--sm discount__apply" disabled={disabled || pending}>
          Apply
        </button>
      </div>
      {problem && (
        <p id={errorId} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
