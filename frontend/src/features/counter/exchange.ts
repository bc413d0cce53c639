import { formatNaira } from '@/lib/money';

// A one-step exchange (End of day's Bring back → Exchange): the return is recorded, then the
// counter opens with a banner naming it and the cash given back as the cash tendered for the
// replacement, so the drawer balances (cash out, cash in). Kept in sessionStorage between the two
// screens (this tab only), and taken by the counter's next sale.

export const EXCHANGE_KEY = 'ankara.counter.exchange';

export type Exchange = { number: string; cash: number; toGiftCard: number };

export function startExchange(exchange: Exchange): void {
  try {
    sessionStorage.setItem(EXCHANGE_KEY, JSON.stringify(exchange));
  } catch {
    // No storage: the counter opens without the banner; the return is recorded all the same.
  }
}

/** The exchange waiting for its replacement sale, if any (left in place until it is taken). */
export function pendingExchange(): Exchange | null {
  try {
    const raw = sessionStorage.getItem(EXCHANGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Exchange>;
    if (typeof parsed.number !== 'string' || !Number.isSafeInteger(parsed.cash)) return null;
    return { number: parsed.number, cash: parsed.cash!, toGiftCard: Number(parsed.toGiftCard) || 0 };
  } catch {
    return null;
  }
}

export function endExchange(): void {
  try {
    sessionStorage.removeItem(EXCHANGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** "Exchange for receipt #K7M2: ₦25,000.00 given back" (and the gift card's part). */
export function exchangeText(exchange: Exchange): string {
  const parts = [`${formatNaira(exchange.cash)} given back`];
  if (exchange.toGiftCard > 0) parts.push(`${formatNaira(exchange.toGiftCard)} back on the gift card`);
  return `Exchange for receipt #${exchange.number}: ${parts.join(', ')}`;
}
