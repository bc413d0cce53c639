import { useSyncExternalStore } from 'react';
import type { Currency } from './money';
import type { Product } from './types';

/** Where the shopper's currency is remembered ("NGN" once she chose naira, or kept it when asked). */
export const CURRENCY_KEY = 'ankara.currency';

const CURRENCIES: readonly string[] = ['NGN', 'USD', 'GBP'];

/** A currency as the server spells it in a text field (naira for anything else). */
export function asCurrency(code: string | null | undefined): Currency {
  return code && CURRENCIES.includes(code) ? (code as Currency) : 'NGN';
}

/** The currency the shopper chose in this browser, or null when she never chose. */
export function rememberedCurrency(): Currency | null {
  try {
    const value = window.localStorage.getItem(CURRENCY_KEY);
    return value && CURRENCIES.includes(value) ? asCurrency(value) : null;
  } catch {
    return null;
  }
}

// The currency prices are shown in. This module comes with the code of whatever shows a price
// (product cards, the product page, the bag…), never with the first page's own JavaScript, and
// starts from the remembered choice, so a card is drawn in pounds at once, not in naira first.
// Whether the shop still offers it is lib/currency.ts's to check (fetched with the footer, once
// the page has settled; a product has no price abroad in a currency the shop does not offer, so
// until then it shows naira anyway).
let shown: Currency = rememberedCurrency() ?? 'NGN';
const listeners = new Set<() => void>();

/** Shows every price in `currency` from now on (lib/currency.ts decides which). */
export function showCurrency(currency: Currency): void {
  if (shown === currency) return;
  shown = currency;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): Currency {
  return shown;
}

/** The currency prices are shown in. */
export function useShownCurrency(): Currency {
  return useSyncExternalStore(subscribe, current);
}

/** A price as SalePrice takes it: the amount and the price before a sale, in `currency`'s minor unit. */
export type ShownPrice = { kobo: number; compareAt: number | null; currency: Currency };

/** What pricing a product in a currency reads of it. */
export type Priced = Pick<Product, 'price' | 'compareAtPrice' | 'pricesAbroad'>;

/**
 * A product's price in `currency`: its price abroad (the server's, never converted here), or its
 * naira price when it has none in that currency.
 */
export function priceIn(product: Priced, currency: Currency): ShownPrice {
  const abroad = currency === 'NGN' ? undefined : product.pricesAbroad.find((price) => price.currency === currency);
  return abroad
    ? { kobo: abroad.price, compareAt: abroad.compareAtPrice, currency }
    : { kobo: product.price, compareAt: product.compareAtPrice, currency: 'NGN' };
}

/** A product's price in the currency prices are shown in. */
export function useProductPrice(product: Priced): ShownPrice {
  return priceIn(product, useShownCurrency());
}
