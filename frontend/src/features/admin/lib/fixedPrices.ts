import { ABROAD_CURRENCIES, amountProblem, minorToText, type AbroadCurrency } from './moneyAbroad';

/**
 * A product's own prices abroad (issue 41 §2): per currency, a price the merchant fixes instead of
 * the naira price at the shop's rate. Typed in that currency ("29.99"); blank follows the rate.
 */
export type FixedPriceDraft = { currency: AbroadCurrency; price: string };

/** The fixed prices as the product answers them (minor units). */
type FixedPrice = { currency: string; price: number };

/** Every currency abroad, dollars first, with its fixed price as text ("" when it follows the rate). */
export function fixedPriceDrafts(fixed: ReadonlyArray<FixedPrice> = []): FixedPriceDraft[] {
  return ABROAD_CURRENCIES.map((currency) => {
    const price = fixed.find((f) => f.currency === currency)?.price;
    return { currency, price: price === undefined ? '' : minorToText(price) };
  });
}

/** What is wrong with a typed fixed price, or null (blank is fine: it follows the rate). */
export function fixedPricesProblem(drafts: ReadonlyArray<FixedPriceDraft>): string | null {
  for (const draft of drafts) {
    if (!draft.price.trim()) continue;
    const problem = amountProblem(draft.price, `fixed price in ${draft.currency}`, draft.currency);
    if (problem) return problem;
  }
  return null;
}

/**
 * The body's `fixedPrices`: every currency, its price as typed (without thousands separators), ""
 * to follow the rate (which also clears a price fixed before).
 */
export function fixedPricesInput(
  drafts: ReadonlyArray<FixedPriceDraft>,
): { currency: AbroadCurrency; price: string }[] {
  return drafts.map((d) => ({ currency: d.currency, price: d.price.trim().replace(/,/g, '') }));
}

/** Whether the typed prices say anything other than `saved`. */
export function fixedPricesChanged(drafts: ReadonlyArray<FixedPriceDraft>, saved: ReadonlyArray<FixedPrice> = []) {
  const before = fixedPriceDrafts(saved);
  return drafts.some((d, i) => d.price.trim() !== (before[i]?.price ?? ''));
}
