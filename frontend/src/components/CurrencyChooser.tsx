import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { rememberedCurrency } from '@/lib/shownCurrency';
import { suggestedCurrency, useCurrency } from '@/lib/currency';
import type { Currency } from '@/lib/money';
import './CurrencyChooser.css';

const NAIRA = { currency: 'NGN', symbol: '₦', name: 'Nigerian naira' } as const;

/** Where a suggested currency's shoppers are: "Shopping from the UK?". */
const FROM: Record<Currency, string> = { NGN: 'Nigeria', GBP: 'the UK', USD: 'the US' };

/**
 * The footer's currency chooser ("Currency": ₦ NGN, and each currency the shop offers), and the
 * suggestion a shopper whose browser speaks British or American English sees once: "Shopping from
 * the UK? See prices in £ GBP", switched or kept with one tap and remembered either way. Nothing
 * at all when the shop sells in naira only.
 */
export function CurrencyChooser() {
  const { currency, currencies, choose } = useCurrency();
  const id = useId();
  const [suggested, setSuggested] = useState<Currency | null | undefined>(undefined);
  const offered = currencies.map((c) => c.currency);
  // Decided once, when the list first comes (a later answer of hers hides it).
  if (suggested === undefined && currencies.length > 0) {
    setSuggested(suggestedCurrency(navigator.language, offered, rememberedCurrency()));
  }
  if (currencies.length === 0) return null;
  const note = suggested ? currencies.find((c) => c.currency === suggested) : undefined;
  const answer = (chosen: Currency) => {
    choose(chosen);
    setSuggested(null);
  };
  return (
    <div className="currency-chooser">
      <label htmlFor={id}>Currency</label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          choose(event.target.value as Currency);
          setSuggested(null);
        }}
      >
        {[NAIRA, ...currencies].map((c) => (
          <option key={c.currency} value={c.currency}>
            {c.symbol} {c.currency} ({c.name})
          </option>
        ))}
      </select>
      {note &&
        createPortal(
          <aside className="currency-note" aria-label="Currency suggestion">
            <p className="currency-note__text">
              Shopping from {FROM[note.currency]}? See prices in {note.symbol} {note.currency}
            </p>
            <div className="currency-note__actions">
              <button type="button" className="btn btn--primary btn--sm" onClick={() => answer(note.currency)}>
                Switch to {note.symbol} {note.currency}
              </button>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => answer('NGN')}>
                Keep ₦ naira
              </button>
            </div>
          </aside>,
          document.body,
        )}
    </div>
  );
}
