import { abroadCurrency, currencySymbol, type AbroadCurrency } from './moneyAbroad';
import { formatNaira, formatMoney } from '@/lib/money';
import type { AdminOrder } from '@/lib/types';

/**
 * An order paid in dollars or pounds (issue 41 §2): what was charged in that currency, beside the
 * naira the shop keeps its books in (every kobo field of the order is the naira equivalent).
 */
export type Charged = NonNullable<AdminOrder['charged']>;

/** A charge in dollars or pounds. */
export type ChargedAbroad = Charged & { currency: AbroadCurrency };

/** The order's foreign charge, or null for an order in naira (no charge, or one in naira). */
export function chargedAbroad(order: Pick<AdminOrder, 'charged'>): ChargedAbroad | null {
  const charged = order.charged;
  if (!charged || charged.currency === 'NGN') return null;
  return { ...charged, currency: abroadCurrency(charged.currency) };
}

/** "₦2,000.00 per £1": the rate the order was charged at (kobo per one unit). */
export function rateLine(charged: Pick<Charged, 'rate' | 'currency'>): string {
  return `${formatNaira(charged.rate)} per ${currencySymbol(charged.currency)}1`;
}

/**
 * A foreign order's refunds in its currency (minor units): what has gone back, what is waiting for
 * Paystack, and what is left to refund (never below nothing, and nothing when the naira side says
 * nothing is left).
 */
export function refundsAbroad(
  order: Pick<AdminOrder, 'refunds' | 'refundable'>,
  charged: Pick<Charged, 'total'>,
): { refunded: number; pending: number; left: number } {
  let refunded = 0;
  let pending = 0;
  for (const r of order.refunds) {
    if (r.status === 'processed') refunded += r.amountAbroad ?? 0;
    else if (r.status === 'pending') pending += r.amountAbroad ?? 0;
  }
  const left = order.refundable > 0 ? Math.max(0, charged.total - refunded - pending) : 0;
  return { refunded, pending, left };
}

/**
 * A refund's amount as the admin reads it: "£25.00 (₦50,000.00)" for an order paid in `currency`
 * abroad, "₦50,000.00" in naira.
 */
export function refundAmountText(
  refund: Pick<AdminOrder['refunds'][number], 'amount' | 'amountAbroad'>,
  currency: AbroadCurrency | null,
): string {
  if (!currency || refund.amountAbroad === null) return formatNaira(refund.amount);
  return `${formatMoney(refund.amountAbroad, currency)} (${formatNaira(refund.amount)})`;
}
