import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { components } from '@/lib/api.gen';

// The counter's calls (issue 37), typed by the generated document (lib/api.gen.ts).

type Schemas = components['schemas'];
export type Catalogue = Schemas['CounterCatalogue'];
export type CatalogueProduct = Schemas['CounterProduct'];
export type CatalogueVariant = Schemas['CounterVariant'];
export type TenderMethod = Schemas['TenderMethod'];
export type Tender = Schemas['TenderAsk'];
export type SaleLineBody = Schemas['SaleLineAsk'];
/** A sale as sent: always with its lines, payments and whether it was made offline. */
export type SaleBody = Schemas['SaleAsk'] & { lines: SaleLineBody[]; tenders: Tender[]; offline: boolean };
export type SaleLine = Schemas['SaleLine'];
export type Shortfall = Schemas['Shortfall'];
export type CounterSale = Schemas['CounterSale'];
export type CashierDay = Schemas['CashierDay'];
export type CounterDay = Schemas['CounterDay'];
export type CashUpBody = Schemas['CashUpAsk'];
export type OversoldEntry = Schemas['Oversold'];
export type Oversold = Schemas['OversoldList'];
export type Resolution = Schemas['Resolution'];
export type Quote = Schemas['Quote'];
export type QuoteBody = Schemas['QuoteAsk'];
export type ReturnBody = Schemas['CounterReturnAsk'];
export type Returned = Schemas['CounterReturned'];
export type CustomerByPhone = Schemas['KnownCustomer'];
export type CardBalance = Schemas['CardBalance'];

export const counterKeys = {
  all: ['counter'] as const,
  catalogue: ['counter', 'catalogue'] as const,
  sale: (id: string) => ['counter', 'sale', id] as const,
  sales: (date: string) => ['counter', 'sales', date] as const,
  day: (date: string) => ['counter', 'day', date] as const,
  oversold: ['counter', 'oversold'] as const,
};

/** GET /api/counter/catalogue: what the counter sells, as of now. */
export function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return answer(api.GET('/api/counter/catalogue', { signal }));
}

/** POST /api/counter/sales: 201 recorded, 200 the same sale back (sent before). */
export function postSale(body: SaleBody): Promise<CounterSale> {
  return answer(api.POST('/api/counter/sales', { body }));
}

/** POST /api/counter/quote: the totals of a sale with a discount code (online only). */
export function postQuote(body: QuoteBody, signal?: AbortSignal): Promise<Quote> {
  return answer(api.POST('/api/counter/quote', { body, signal }));
}

export function fetchSale(id: string, signal?: AbortSignal): Promise<CounterSale> {
  return answer(api.GET('/api/counter/sales/{id}', { params: { path: { id } }, signal }));
}

/** GET /api/counter/sales/{id} every 2 s while it waits for its pay link to be paid. */
export function useSalePoll(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: counterKeys.sale(id ?? ''),
    queryFn: ({ signal }) => fetchSale(id!, signal),
    enabled: enabled && id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 2000),
    staleTime: 0,
  });
}

/** GET /api/counter/sales?date=: the day's sales (a cashier's own), newest first. */
export function salesQueryOptions(date: string) {
  return queryOptions({
    queryKey: counterKeys.sales(date),
    queryFn: ({ signal }) => answer(api.GET('/api/counter/sales', { params: { query: { date } }, signal })),
    staleTime: 0,
  });
}

/** A receipt number as typed: the '#' printed before it and any spaces left out. */
export function receiptNumber(typed: string): string {
  return typed.replace(/[#\s]/g, '').toUpperCase();
}

/** GET /api/counter/receipts/{number}: any counter sale by the number on its receipt (any till). */
export function fetchReceipt(number: string, signal?: AbortSignal): Promise<CounterSale> {
  return answer(api.GET('/api/counter/receipts/{number}', { params: { path: { number } }, signal }));
}

export function useFindReceipt() {
  return useMutation<CounterSale, ApiError, string>({ mutationFn: (number) => fetchReceipt(number) });
}

/** GET /api/counter/customers?phone=: who the shop knows by this number (name null: a new customer). */
export function fetchCustomer(phone: string, signal?: AbortSignal): Promise<CustomerByPhone> {
  return answer(api.GET('/api/counter/customers', { params: { query: { phone } }, signal }));
}

/** POST /api/gift-cards/balance {code}: what is left on a gift card (before taking it as a payment). */
export function fetchCardBalance(code: string, signal?: AbortSignal): Promise<CardBalance> {
  return answer(api.POST('/api/gift-cards/balance', { body: { code }, signal }));
}

/** POST /api/counter/sales/{id}/receipt {email}: mails the receipt. */
export function useSendReceipt() {
  return useMutation<unknown, ApiError, { id: string; email: string }>({
    mutationFn: ({ id, email }) =>
      answer(api.POST('/api/counter/sales/{id}/receipt', { params: { path: { id } }, body: { email } })),
  });
}

/** POST /api/counter/sales/{id}/returns: units brought back, for cash from the drawer. */
export function useReturnAtCounter() {
  const client = useQueryClient();
  return useMutation<Returned, ApiError, { id: string; body: ReturnBody }>({
    mutationFn: ({ id, body }) =>
      answer(api.POST('/api/counter/sales/{id}/returns', { params: { path: { id } }, body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: counterKeys.all }),
  });
}

export function dayQueryOptions(date: string) {
  return queryOptions({
    queryKey: counterKeys.day(date),
    queryFn: ({ signal }) => answer(api.GET('/api/counter/day', { params: { query: { date } }, signal })),
    staleTime: 0,
  });
}

export function useCounterDay(date: string) {
  return useQuery(dayQueryOptions(date));
}

/** POST /api/counter/cash-ups: the count (naira as typed); the day's figures are asked for again. */
export function useCashUp() {
  const client = useQueryClient();
  return useMutation<CashierDay, ApiError, CashUpBody>({
    mutationFn: (body) => answer(api.POST('/api/counter/cash-ups', { body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['counter', 'day'] }),
  });
}

export function useOversold() {
  return useQuery({
    queryKey: counterKeys.oversold,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/counter/oversold', { signal })),
    staleTime: 0,
  });
}

export function useResolveOversold() {
  const client = useQueryClient();
  return useMutation<OversoldEntry, ApiError, { orderId: string; resolution: Resolution }>({
    mutationFn: ({ orderId, resolution }) =>
      answer(
        api.POST('/api/admin/counter/oversold/{id}/resolve', {
          params: { path: { id: orderId } },
          body: { resolution },
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: counterKeys.oversold }),
  });
}

/** GET /api/admin/stock?show=all&q=&page=: the variants to print labels for (the Stock screen's list). */
export function useStockRows(q: string, page: number) {
  const words = q.trim();
  return useQuery({
    queryKey: ['counter', 'stock', words, page] as const,
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/admin/stock', {
          params: { query: { show: 'all', q: words || undefined, page: page > 1 ? page : undefined } },
          signal,
        }),
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * The prices of the products whose labels are chosen (GET /api/products/{id} each; the stock list
 * carries no prices), by product id; one not on the storefront has none. One query for them all
 * rather than useQueries, which would put react-query's QueriesObserver in every first page.
 */
export function useProductPrices(ids: ReadonlyArray<string>) {
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: ['counter', 'prices', ...sorted] as const,
    queryFn: async ({ signal }) => {
      const prices = await Promise.all(
        sorted.map((id) =>
          answer(api.GET('/api/products/{id}', { params: { path: { id } }, signal })).then(
            (p) => [id, p.price] as const,
            () => [id, null] as const,
          ),
        ),
      );
      return new Map<string, number | null>(prices);
    },
    enabled: sorted.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
