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
  const grouped = String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${grouped}.${String(rest).padStart(2, '0')}`;
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

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

/** "5 March 2025" style, in the en-NG locale. */
export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
