import { nairaProblem, nairaToKobo } from './naira';
import { ABROAD_CURRENCIES, abroadCurrency, rateText, type AbroadCurrency, type Rounding } from './moneyAbroad';
import type { ShopSettings } from '@/lib/types';

/**
 * Settings → Prices abroad: each currency besides naira (USD, GBP) on or off, its exchange rate
 * (naira per one unit as the merchant types it; kobo in the API) and its rounding rule.
 */
export type CurrencySetting = ShopSettings['currencies'][number];

/** One currency as the form edits it: the rate as naira text ("1600", "1,600.00"). */
export type CurrencyDraft = { currency: AbroadCurrency; enabled: boolean; rate: string; rounding: Rounding };

/** The rules in the order the screen offers them, with their words. */
export const ROUNDINGS: ReadonlyArray<{ value: Rounding; label: string }> = [
  { value: 'cent', label: 'To the cent' },
  { value: 'ninetyNine', label: 'To .99' },
  { value: 'whole', label: 'To a whole unit' },
];

/** The currencies in the screen's order (USD, then GBP), whatever the server's. */
function ordered<T extends { currency: string }>(list: ReadonlyArray<T>): T[] {
  return ABROAD_CURRENCIES.flatMap((c) => list.filter((item) => item.currency === c));
}

export function currencyDrafts(currencies: ReadonlyArray<CurrencySetting>): CurrencyDraft[] {
  return ordered(currencies).map((c) => ({
    currency: abroadCurrency(c.currency),
    enabled: c.enabled,
    rate: rateText(c.rate),
    rounding: c.rounding,
  }));
}

/** What is wrong with a typed rate, in the screen's words, or null. */
export function rateProblem(draft: CurrencyDraft): string | null {
  const what = `rate for ${draft.currency}`;
  const problem = nairaProblem(draft.rate, what);
  if (problem) return problem;
  return nairaToKobo(draft.rate) === 0 ? `The ${what} must be more than ₦0.00.` : null;
}

/**
 * The PATCH's `currencies`: every currency (the server keeps one entry each) when anything about
 * one of them changed, none when nothing did, or the first rate that is not an amount.
 */
export function currenciesChange(
  drafts: ReadonlyArray<CurrencyDraft>,
  saved: ReadonlyArray<CurrencySetting>,
): { currencies?: CurrencySetting[] } | { problem: string; currency: AbroadCurrency } {
  const currencies: CurrencySetting[] = [];
  for (const draft of drafts) {
    const problem = rateProblem(draft);
    if (problem) return { problem, currency: draft.currency };
    currencies.push({
      currency: draft.currency,
      enabled: draft.enabled,
      rate: nairaToKobo(draft.rate)!,
      rounding: draft.rounding,
    });
  }
  const same = JSON.stringify(currencies) === JSON.stringify(ordered(saved).map(canonical));
  return same ? {} : { currencies };
}

const canonical = (c: CurrencySetting): CurrencySetting => ({
  currency: c.currency,
  enabled: c.enabled,
  rate: c.rate,
  rounding: c.rounding,
});

/** Whether the form says anything other than `saved` (as typed: "1600" and "1,600" differ until saved). */
export function currenciesChanged(drafts: ReadonlyArray<CurrencyDraft>, saved: ReadonlyArray<CurrencySetting>) {
  const before = currencyDrafts(saved);
  return (
    drafts.length !== before.length ||
    drafts.some((d, i) => {
      const b = before[i];
      return (
        !b ||
        d.currency !== b.currency ||
        d.enabled !== b.enabled ||
        d.rounding !== b.rounding ||
        d.rate.trim() !== b.rate
      );
    })
  );
}
