import { formatNaira } from '@/lib/money';
import type { Tender, TenderMethod } from './api';

// The counter's sums, exactly as the server does them (COUNTER-API.md): integer kobo, the staff
// discount rounded down, tenders that add up to the total to the kobo.

export type PricedLine = { price: number; quantity: number };

export function subtotalOf(lines: ReadonlyArray<PricedLine>): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** floor(subtotal × percent / 100): never more off than the percent gives. */
export function staffDiscount(subtotal: number, percent: number): number {
  if (!Number.isInteger(percent) || percent <= 0) return 0;
  return Math.floor((subtotal * percent) / 100);
}

export type Totals = { subtotal: number; discount: number; total: number };

/**
 * The sale's totals. `codeTotal` is the total the server gave for a discount code (the counter
 * cannot price a code itself); without it the staff percent applies.
 */
export function totalsOf(lines: ReadonlyArray<PricedLine>, percent: number, codeTotal: number | null = null): Totals {
  const subtotal = subtotalOf(lines);
  const discount = codeTotal !== null ? Math.max(0, subtotal - codeTotal) : staffDiscount(subtotal, percent);
  return { subtotal, discount, total: subtotal - discount };
}

/** The percent as typed: "" is none (0); a whole number from 0 to 100, else NaN. */
export function parsePercent(text: string): number {
  const typed = text.trim();
  if (typed === '') return 0;
  return /^\d{1,3}$/.test(typed) && Number(typed) <= 100 ? Number(typed) : Number.NaN;
}

/** What is still to assign to a payment (negative when the payments are over the total). */
export function leftToAssign(tenders: ReadonlyArray<Pick<Tender, 'amount'>>, total: number): number {
  return total - tenders.reduce((sum, t) => sum + t.amount, 0);
}

/** The change to give back: what the cash tendered is over the cash due. */
export function changeOf(tenders: ReadonlyArray<Tender>): number {
  return tenders.reduce(
    (sum, t) => sum + (t.method === 'cash' && typeof t.tendered === 'number' ? Math.max(0, t.tendered - t.amount) : 0),
    0,
  );
}

export const METHOD_LABELS: Record<TenderMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  pay_link: 'Pay link (QR)',
  gift_card: 'Gift card',
  store_credit: 'Store credit',
};

export const CASH_SHORT = 'The cash tendered is less than the cash due.';
export const PAY_LINK_OFFLINE = 'A pay link needs the internet.';
export const ONE_PAY_LINK = 'Only one pay link per sale.';
export const TRANSFER_NOT_ARRIVED = 'Tick "The transfer has arrived" once the money is in the account.';
export const NOTHING_TO_SELL = 'Add an item to sell first.';
export const GIFT_CARD_OFFLINE = 'A gift card needs the internet.';
export const GIFT_CARD_CODE = "Enter the gift card's code.";
export const STORE_CREDIT_OFFLINE = 'Store credit needs the internet.';
export const STORE_CREDIT_CODE = 'Check the code from the customer’s e-mail before paying with store credit.';

/** A payment as the receipt names it: "Gift card ••••WXYZ" for a gift card. */
export function tenderLabel(tender: { method: TenderMethod; last4?: string | null }): string {
  if (tender.method === 'gift_card' && tender.last4) return `Gift card ••••${tender.last4}`;
  return METHOD_LABELS[tender.method];
}

/** The server's own sentence when the payments do not add up. */
export function mustAddUp(total: number): string {
  return `The payments must add up to the total, ${formatNaira(total)}.`;
}

/**
 * What stops the payments from being sent, as the server would say it, or null: they add up to the
 * total exactly, cash tendered covers cash due, at most one pay link and none offline, every
 * transfer confirmed, a gift card only online and with its code.
 */
export function tenderProblem(
  tenders: ReadonlyArray<Tender & { arrived?: boolean }>,
  total: number,
  online: boolean,
): string | null {
  if (tenders.some((t) => !Number.isSafeInteger(t.amount) || t.amount < 0)) return mustAddUp(total);
  if (leftToAssign(tenders, total) !== 0) return mustAddUp(total);
  if (tenders.some((t) => t.method === 'cash' && (typeof t.tendered !== 'number' || t.tendered < t.amount)))
    return CASH_SHORT;
  const links = tenders.filter((t) => t.method === 'pay_link').length;
  if (links > 1) return ONE_PAY_LINK;
  if (links > 0 && !online) return PAY_LINK_OFFLINE;
  const cards = tenders.filter((t) => t.method === 'gift_card');
  if (cards.length > 0 && !online) return GIFT_CARD_OFFLINE;
  if (cards.some((t) => !t.code?.trim())) return GIFT_CARD_CODE;
  const credit = tenders.filter((t) => t.method === 'store_credit');
  if (credit.length > 0 && !online) return STORE_CREDIT_OFFLINE;
  if (credit.some((t) => !t.pass)) return STORE_CREDIT_CODE;
  if (tenders.some((t) => t.method === 'transfer' && t.arrived === false)) return TRANSFER_NOT_ARRIVED;
  return null;
}

/** The total a refusal names ("… must add up to the total, ₦45,000.00."), in kobo, or null. */
export function totalFromRefusal(message: string): number | null {
  const match = /add up to the total, ₦([\d,]+)\.(\d{2})/.exec(message);
  if (!match) return null;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}
