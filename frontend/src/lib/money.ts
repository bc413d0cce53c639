import type { components } from './api.gen';

/** The currencies a price is shown in: the shop's own naira, and dollars and pounds for shoppers abroad. */
export type Currency = components['schemas']['Currency'];

/** Each currency's sign, as prices are written: ₦25,000.00, $29.99, £22.99. */
export const SYMBOLS: Record<Currency, string> = { NGN: '₦', USD: '$', GBP: '£' };

/**
 * Formats integer kobo as naira: 2500000 -> "₦25,000.00". Integer arithmetic only, so no float
 * rounding can creep in (1999999 -> "₦19,999.99").
 */
export function formatNaira(kobo: number): string {
  const whole = Math.round(kobo);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}₦${formatCount(naira)}.${String(rest).padStart(2, '0')}`;
}

/**
 * Formats an integer amount in its currency's minor unit (kobo, cents, pence), written as naira is
 * (two decimals, thousands separators, the sign before the symbol) with the currency's symbol:
 * (2299, 'GBP') -> "£22.99", (123400, 'USD') -> "$1,234.00", naira as formatNaira.
 */
export function formatMoney(minor: number, currency: Currency): string {
  return formatNaira(minor).replace('₦', SYMBOLS[currency]);
}

/**
 * A whole number as Nigerians write it, grouped by thousands: 1234567 -> "1,234,567" (what
 * `toLocaleString('en-NG')` gives, without building a number format: the first one loads the
 * locale's data, about 100 ms of a throttled phone's main thread while the first cards render).
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * The whole percentage a sale takes off (rounded down, never more than it gives): 20 for
 * ₦40,000.00 instead of ₦50,000.00. 0 when `compareAt` is not above `price`.
 */
export function percentOff(price: number, compareAt: number | null | undefined): number {
  if (!compareAt || compareAt <= price) return 0;
  return Math.floor(((compareAt - price) * 100) / compareAt);
}

/** Naira as typed ("25000", "25,000.50") to kobo, exactly (no floats); null when it is not a price. */
export function nairaToKobo(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/[₦,]/g, ''));
  if (!match) return null;
  const kobo = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

export const COMPARE_AT_INVALID =
  'Enter the compare-at price in naira, with at most two decimals (e.g. 30000.00), or leave it empty.';
export const COMPARE_AT_NOT_ABOVE =
  'The compare-at price must be above the price: it is what the product cost before the sale. Clear it to end the sale.';

/**
 * What is wrong with a compare-at price an admin typed beside `price` (both naira as typed), or
 * null: empty is fine (not on sale); otherwise a price above the price.
 */
export function compareAtProblem(price: string, compareAt: string): string | null {
  if (!compareAt.trim()) return null;
  const before = nairaToKobo(compareAt);
  if (before === null) return COMPARE_AT_INVALID;
  const now = nairaToKobo(price);
  return now !== null && before <= now ? COMPARE_AT_NOT_ABOVE : null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "5 March 2025", in the phone's time zone: what the en-NG locale's long date gives, written out
 * rather than asked of `Intl.DateTimeFormat`, whose first use loads the locale's data: one task of
 * about 40 ms on this machine's Chromium (a throttled phone's main thread times four) when the
 * product page's reviews appeared.
 */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
