import { koboToNairaText, nairaToKobo } from './naira';
import { SYMBOLS, type Currency } from '@/lib/money';
import type { components } from '@/lib/api.gen';

/**
 * Money in dollars and pounds for the back office (issue 41 §2). Every amount is an integer in its
 * currency's minor unit (cents, pence, kobo); text is parsed exactly, never through floats.
 * Amounts are written by `lib/money.ts`'s `formatMoney`, as on the storefront.
 */
/** The currencies a merchant may sell in besides naira. */
export type AbroadCurrency = Exclude<Currency, 'NGN'>;
export type Rounding = components['schemas']['Rounding'];

/** The currencies abroad in the order every screen lists them. */
export const ABROAD_CURRENCIES: ReadonlyArray<AbroadCurrency> = ['USD', 'GBP'];

/** "US dollar", "British pound": how a label names each. */
export const CURRENCY_NAMES: Record<AbroadCurrency, string> = { USD: 'US dollar', GBP: 'British pound' };
/** "dollars", "pounds": how a sentence counts them. */
export const CURRENCY_UNITS: Record<AbroadCurrency, string> = { USD: 'dollars', GBP: 'pounds' };

/**
 * A currency abroad as the screens edit it. The API's fields abroad (a setting, a zone's fee, a
 * charge) say USD or GBP in its `Currency` type, which also holds naira; anything else reads as
 * dollars.
 */
export function abroadCurrency(currency: Currency): AbroadCurrency {
  return currency === 'GBP' ? 'GBP' : 'USD';
}

/** Whether `code` (a payment's currency as Paystack reported it) is one the shop sells in. */
export function isSoldCurrency(code: string): code is Currency {
  return Object.hasOwn(SYMBOLS, code);
}

/** "$", "£", "₦". */
export function currencySymbol(currency: Currency): string {
  return SYMBOLS[currency] ?? '';
}

/** An amount in a currency to edit, always with its two decimals: 2999 -> "29.99", 3000 -> "30.00". */
export function minorToText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * An amount typed in a currency ("29.99", "1,200.5") into minor units, exactly; null when it is not
 * one. Dollars and pounds have two decimals as naira has, so the naira parser reads them.
 */
export function textToMinor(text: string): number | null {
  return nairaToKobo(text);
}

/**
 * What is wrong with `text` as an amount in `currency` called `what` ("fee for Canada"), or null:
 * digits, optionally grouped by commas, at most two decimals, not negative.
 */
export function amountProblem(text: string, what: string, currency: AbroadCurrency): string | null {
  const typed = text.trim();
  if (typed.startsWith('-') && textToMinor(typed.slice(1)) !== null) return `The ${what} cannot be negative.`;
  if (textToMinor(typed) === null)
    return `The ${what}: "${typed}" is not a valid amount: use ${CURRENCY_UNITS[currency]} with at most two decimals, like 29.99`;
  return null;
}

/** A rate (kobo per one unit) as the merchant types it, in naira: 160000 -> "1600". */
export function rateText(rate: number): string {
  return koboToNairaText(rate);
}

/** The example the Settings screen works out: ₦25,000.00. */
export const EXAMPLE_KOBO = 2_500_000;

/**
 * `kobo` in a currency whose unit costs `rate` kobo, rounded by `rounding` (minor units):
 * - cent: to the nearest cent (a half cent goes up);
 * - ninetyNine: to the nearest price ending in .99 (never below 0.99);
 * - whole: to the nearest whole unit (a half goes up; never below 1.00).
 * The server prices the shop; this only shows the merchant, on the Settings screen, what a rule
 * does to an example. BigInt keeps it exact at any price.
 */
export function convertExample(kobo: number, rate: number, rounding: Rounding): number {
  if (rate <= 0) return 0;
  const k = BigInt(kobo);
  const r = BigInt(rate);
  // Nearest cent: floor((kobo × 100) / rate + ½).
  const cents = (k * 200n + r) / (2n * r);
  if (rounding === 'cent') return Number(cents);
  if (rounding === 'whole') {
    const units = (k * 2n + r) / (2n * r);
    return Number(units < 1n ? 100n : units * 100n);
  }
  // The .99 prices are n × 100 − 1; the nearest to `cents` has n = round((cents + 1) / 100).
  const n = (cents + 1n + 50n) / 100n;
  return Number(n < 1n ? 99n : n * 100n - 1n);
}
