import { useId } from 'react';
import { Link } from 'wouter';
import { ROUNDINGS, rateProblem, type CurrencyDraft } from '../lib/currencySettings';
import {
  CURRENCY_NAMES,
  CURRENCY_UNITS,
  EXAMPLE_KOBO,
  convertExample,
  currencySymbol,
  type AbroadCurrency,
} from '../lib/moneyAbroad';
import { nairaToKobo } from '../lib/naira';
import { NairaField } from './Fields';
import { formatNaira, formatMoney } from '@/lib/money';

export const PRICES_ABROAD = 'Prices abroad';

const RATE_EXAMPLES: Record<AbroadCurrency, string> = { USD: '1,600.00', GBP: '2,000.00' };

/** "₦25,000.00 becomes $15.63.": what the rate and rule make of an example price. */
export function exampleText(draft: CurrencyDraft): string {
  const example = formatNaira(EXAMPLE_KOBO);
  if (rateProblem(draft)) return `Type a rate to see what ${example} becomes.`;
  const minor = convertExample(EXAMPLE_KOBO, nairaToKobo(draft.rate)!, draft.rounding);
  return `${example} becomes ${formatMoney(minor, draft.currency)}.`;
}

type Props = {
  drafts: ReadonlyArray<CurrencyDraft>;
  onChange: (draft: CurrencyDraft) => void;
  /** The currency whose rate was refused (its field is marked). */
  invalid: AbroadCurrency | null;
  rateRef: (currency: AbroadCurrency, input: HTMLInputElement | null) => void;
};

/**
 * Settings → Prices abroad: for each currency besides naira, whether shoppers may choose it, its
 * exchange rate (naira per one unit) and how converted prices are rounded, with an example.
 */
export function PricesAbroadSection({ drafts, onChange, invalid, rateRef }: Props) {
  const headingId = useId();
  return (
    <section className="admin-card settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {PRICES_ABROAD}
      </h2>
      <p className="muted settings-section__lead">
        Shoppers abroad may see prices and pay in US dollars or British pounds. A price is the naira price at your rate,
        rounded by your rule, unless the product has its own fixed price in that currency (set on the product). Orders,
        the dashboard and exports stay in naira, with the currency shown.
      </p>
      <div className="settings-abroad">
        {drafts.map((draft) => (
          <CurrencyFields
            key={draft.currency}
            draft={draft}
            onChange={onChange}
            invalid={invalid === draft.currency}
            rateRef={(input) => rateRef(draft.currency, input)}
          />
        ))}
      </div>
      <p className="settings-section__note">
        Delivery abroad (United Kingdom, United States, Canada, the rest of the world) and its fees are set on the{' '}
        <Link href="/admin/delivery">Delivery screen</Link>.
      </p>
    </section>
  );
}

function CurrencyFields({
  draft,
  onChange,
  invalid,
  rateRef,
}: {
  draft: CurrencyDraft;
  onChange: (draft: CurrencyDraft) => void;
  invalid: boolean;
  rateRef: (input: HTMLInputElement | null) => void;
}) {
  const exampleId = useId();
  const name = CURRENCY_NAMES[draft.currency];
  const symbol = currencySymbol(draft.currency);
  return (
    <fieldset className="settings-currency">
      <legend className="settings-currency__legend">
        {name} ({draft.currency})
      </legend>
      <label className="settings-toggle__control">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />
        <span>
          Sell in {CURRENCY_UNITS[draft.currency]} ({symbol})
        </span>
      </label>
      <NairaField
        label={`Naira per ${name} (₦)`}
        value={draft.rate}
        onValueChange={(rate) => onChange({ ...draft, rate })}
        hint={`What one ${name} costs in naira, e.g. ${RATE_EXAMPLES[draft.currency]}.`}
        inputRef={rateRef}
        invalid={invalid}
      />
      <fieldset className="settings-currency__rounding" aria-describedby={exampleId}>
        <legend className="field__label">Rounding</legend>
        {ROUNDINGS.map((rule) => (
          <label key={rule.value} className="settings-currency__rule">
            <input
              type="radio"
              name={`rounding-${draft.currency}`}
              value={rule.value}
              checked={draft.rounding === rule.value}
              onChange={() => onChange({ ...draft, rounding: rule.value })}
            />{' '}
            {rule.label}
          </label>
        ))}
      </fieldset>
      <p id={exampleId} className="settings-currency__example">
        {exampleText(draft)}
      </p>
    </fieldset>
  );
}
