import type { Currency } from '@/lib/money';
import { priceIn, type Priced } from '@/lib/shownCurrency';

/** An amount and its currency, as Price takes them. */
export type ShownAmount = { kobo: number; currency: Currency };

/**
 * What a bag's lines add up to in `currency`: each line's price abroad times its quantity (the
 * server's unit prices, added up, never converted here), or the server's naira total when a line
 * has no price in that currency (a bag is not shown in two currencies at once).
 */
export function bagTotalIn(
  bag: { total: number; items: readonly { quantity: number; product: Priced }[] },
  currency: Currency,
): ShownAmount {
  let total = 0;
  for (const item of bag.items) {
    const price = priceIn(item.product, currency);
    if (price.currency !== currency) return { kobo: bag.total, currency: 'NGN' };
    total += price.kobo * item.quantity;
  }
  return currency === 'NGN' ? { kobo: bag.total, currency } : { kobo: total, currency };
}
