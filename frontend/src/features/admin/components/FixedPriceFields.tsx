import { type FixedPriceDraft } from '../lib/fixedPrices';
import { CURRENCY_UNITS } from '../lib/moneyAbroad';
import { ADMIN_FIELD } from './Fields';
import { TextField } from '@/components/TextField';

type Props = {
  drafts: ReadonlyArray<FixedPriceDraft>;
  onChange: (draft: FixedPriceDraft) => void;
  /** Marks the fields while the form's error is about them. */
  errorId?: string | null;
};

/**
 * "Fixed price in USD", "Fixed price in GBP": optional, typed in that currency; blank follows the
 * naira price at the shop's rate (Settings → Prices abroad).
 */
export function FixedPriceFields({ drafts, onChange, errorId }: Props) {
  return (
    <fieldset className="admin-fixed-prices">
      <legend className="field__label">Prices abroad</legend>
      <div className="admin-form__grid">
        {drafts.map((draft) => (
          <TextField
            key={draft.currency}
            className={ADMIN_FIELD}
            label={`Fixed price in ${draft.currency}`}
            name={`fixedPrice${draft.currency}`}
            optional
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 29.99"
            value={draft.price}
            onValueChange={(price) => onChange({ ...draft, price })}
            errorId={errorId && draft.price.trim() ? errorId : undefined}
            hint={`In ${CURRENCY_UNITS[draft.currency]}. Blank: the naira price at your rate, rounded by your rule.`}
          />
        ))}
      </div>
    </fieldset>
  );
}
