import { formatMoney, type Currency } from '@/lib/money';
import { CURRENCY_UNITS } from './moneyAbroad';
import { nairaToKobo } from './naira';

export { nairaToKobo };

/**
 * The refund form's checks, the same as the server's: an amount in naira (or, for an order paid
 * abroad, in its currency: digits, optionally grouped by commas, at most two decimals) above zero
 * and at most what is left to refund, and a reason of 1 to 300 characters. Each returns the
 * message to show, or null.
 */
export const REFUND_AMOUNT_REQUIRED = 'Enter the amount to refund.';
export const REFUND_AMOUNT_INVALID = 'Enter the amount in naira with at most two decimals, like 12500.50.';
export const REFUND_AMOUNT_ZERO = 'The refund amount must be more than ₦0.00.';
export const REFUND_AMOUNT_NEGATIVE = 'The refund amount cannot be negative.';
export const REFUND_REASON_REQUIRED = 'Please give a reason for the refund.';
export const REFUND_REASON_MAX = 300;
export const REFUND_REASON_TOO_LONG = `Please keep the reason under ${REFUND_REASON_MAX} characters.`;

/** "Enter an amount of at most ₦12,500.00." (the server's words); "… at most £60.00." abroad. */
export function refundTooLarge(refundable: number, currency: Currency = 'NGN'): string {
  return `Enter an amount of at most ${formatMoney(refundable, currency)}.`;
}

/** The amount as the server reads it: no thousands separators ("12,500.50" -> "12500.50"). */
export function normalizeNaira(text: string): string {
  return text.trim().replace(/,/g, '');
}

/**
 * What is wrong with `text` as a refund of at most `refundable`, both in `currency` (minor units),
 * or null.
 */
export function refundAmountProblem(text: string, refundable: number, currency: Currency = 'NGN'): string | null {
  if (text.trim() === '') return REFUND_AMOUNT_REQUIRED;
  if (text.trim().startsWith('-') && nairaToKobo(text.trim().slice(1)) !== null) return REFUND_AMOUNT_NEGATIVE;
  const minor = nairaToKobo(text);
  if (minor === null)
    return currency === 'NGN'
      ? REFUND_AMOUNT_INVALID
      : `Enter the amount in ${CURRENCY_UNITS[currency]} with at most two decimals, like 25.50.`;
  if (minor === 0)
    return currency === 'NGN' ? REFUND_AMOUNT_ZERO : `The refund amount must be more than ${formatMoney(0, currency)}.`;
  if (minor > refundable) return refundTooLarge(refundable, currency);
  return null;
}

export function refundReasonProblem(text: string): string | null {
  const reason = text.trim();
  if (reason === '') return REFUND_REASON_REQUIRED;
  if (reason.length > REFUND_REASON_MAX) return REFUND_REASON_TOO_LONG;
  return null;
}
