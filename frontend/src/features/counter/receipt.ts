import { formatNaira } from '@/lib/money';
import type { CounterSale, SaleLine, Tender } from './api';
import { variantName } from './catalogue';
import { tenderLabel } from './totals';

/** What a receipt shows: a sale the server recorded, or one waiting on the device (no number yet). */
export type ReceiptData = Omit<
  CounterSale,
  'id' | 'number' | 'tenders' | 'status' | 'recordedAt' | 'payLink' | 'shortfalls'
> & {
  id: string | null;
  number: string | null;
  status: string;
  tenders: { method: Tender['method']; amount: number; tendered: number | null; last4: string | null }[];
};

export function fromSale(sale: CounterSale): ReceiptData {
  return sale;
}

export function lineName(line: Pick<SaleLine, 'name' | 'size' | 'color'>): string {
  const variant = variantName(line);
  return variant === 'One size' ? line.name : `${line.name} (${variant})`;
}

const dateTime = () =>
  new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

export function formatWhen(ms: number): string {
  return dateTime().format(new Date(ms));
}

/** The receipt as plain text, for WhatsApp. */
export function receiptText(shop: string, r: ReceiptData): string {
  const rows = [
    shop || 'Receipt',
    r.number ? `Receipt ${r.number}` : 'Receipt (number to follow)',
    formatWhen(r.madeAt),
    `Served by ${r.cashier}`,
    '',
    ...r.lines.map((l) => `${l.quantity} × ${lineName(l)}  ${formatNaira(l.price * l.quantity)}`),
    '',
    `Subtotal ${formatNaira(r.subtotal)}`,
    ...(r.discount > 0 ? [`Discount −${formatNaira(r.discount)}`] : []),
    `Total ${formatNaira(r.total)}`,
    ...r.tenders.map(
      (t) =>
        `${tenderLabel(t)} ${formatNaira(t.amount)}${t.tendered !== null ? ` (given ${formatNaira(t.tendered)})` : ''}`,
    ),
    ...(r.change > 0 ? [`Change ${formatNaira(r.change)}`] : []),
    '',
    'Thank you!',
  ];
  return rows.join('\n');
}

/** A Nigerian number as typed ("0803 123 4567") in international digits for wa.me. */
export function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  return digits;
}

export function whatsAppReceiptUrl(phone: string, text: string): string | null {
  const digits = internationalDigits(phone);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
