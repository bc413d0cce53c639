import { useCallback, useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './api';
import type { Currency } from './money';
import { queryKeys } from './queryKeys';
import { CURRENCY_KEY, rememberedCurrency, showCurrency, useShownCurrency } from './shownCurrency';

/**
 * The currencies the shop offers beside naira (GET /api/currencies, public): only the ones the
 * merchant turned on; none means naira only, and no chooser. Fetched with the footer's code (once
 * the page has settled) or by the checkout, never for the first paint.
 */
export const currenciesQueryOptions = queryOptions({
  queryKey: queryKeys.currencies,
  queryFn: ({ signal }) => answer(api.GET('/api/currencies', { signal })),
  staleTime: 5 * 60_000,
});

/** What the shopper sees prices in: her remembered choice while the shop offers it, else naira. */
export function currencyFor(chosen: Currency | null, offered: readonly Currency[]): Currency {
  return chosen && (chosen === 'NGN' || offered.includes(chosen)) ? chosen : 'NGN';
}

/** Remembers the shopper's choice (naira included: she has chosen) and shows prices in it. */
export function chooseCurrency(currency: Currency): void {
  try {
    window.localStorage.setItem(CURRENCY_KEY, currency);
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
  showCurrency(currency);
}

/** The currency a browser's language suggests: en-GB → GBP, en-US → USD; null for any other region. */
export function currencyOfLanguage(language: string | undefined): Currency | null {
  const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(language ?? '')?.[1]?.toUpperCase();
  return region === 'GB' ? 'GBP' : region === 'US' ? 'USD' : null;
}

/**
 * The currency to suggest, or null: the browser's language points at one the shop offers, and the
 * shopper has never chosen (keeping naira when asked is a choice, so she is asked once).
 */
export function suggestedCurrency(
  language: string | undefined,
  offered: readonly Currency[],
  chosen: Currency | null,
): Currency | null {
  if (chosen) return null;
  const suggested = currencyOfLanguage(language);
  return suggested && offered.includes(suggested) ? suggested : null;
}

/**
 * The shop's currencies and the shopper's: what prices are shown in, the currencies offered (naira
 * first; only naira while the list is loading or when the shop offers no other), and `choose`.
 * Once the list is known, a remembered currency the shop no longer offers falls back to naira.
 * `enabled` false: the list is not asked for (yet).
 */
export function useCurrency(enabled = true) {
  const { data, isError } = useQuery({ ...currenciesQueryOptions, enabled });
  const shown = useShownCurrency();
  const currencies = data?.currencies;
  useEffect(() => {
    if (currencies)
      showCurrency(
        currencyFor(
          rememberedCurrency(),
          currencies.map((c) => c.currency),
        ),
      );
  }, [currencies]);
  const choose = useCallback((currency: Currency) => chooseCurrency(currency), []);
  return {
    /** The currency prices are shown in (naira until the list says the remembered one is offered). */
    currency: currencies
      ? currencyFor(
          shown,
          currencies.map((c) => c.currency),
        )
      : 'NGN',
    /** The shop's other currencies (empty: naira only). */
    currencies: currencies ?? [],
    /** Whether the list has come (or could not: naira, then). */
    settled: currencies !== undefined || isError,
    choose,
  };
}
