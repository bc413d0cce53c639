import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';

// The counter's calls (COUNTER-API.md, issue 37). Written by hand while the generated document
// (lib/api.gen.ts) does not yet have these endpoints: at merge, replace these types with
// `components['schemas'][…]` from api.gen.ts and call `api` directly instead of `loose`.

export type CatalogueVariant = {
  variantId: string;
  sku: string | null;
  size: string | null;
  color: string | null;
  stock: number;
  priceToken: string;
};
export type CatalogueProduct = {
  productId: string;
  name: string;
  image: string | null;
  price: number;
  variants: CatalogueVariant[];
};
export type Catalogue = { at: number; lowStock: number; products: CatalogueProduct[] };

export type TenderMethod = 'cash' | 'transfer' | 'pay_link';
export type Tender = { method: TenderMethod; amount: number; tendered?: number };

export type SaleLineBody = { variantId: string; quantity: number; price: number; priceAt: number; priceToken: string };
export type SaleBody = {
  saleId: string;
  madeAt: number;
  offline: boolean;
  lines: SaleLineBody[];
  staffDiscountPercent?: number;
  code?: string;
  customer?: { phone: string; name?: string };
  tenders: Tender[];
};

export type SaleLine = {
  variantId: string;
  name: string;
  size: string | null;
  color: string | null;
  sku: string | null;
  price: number;
  quantity: number;
};
export type Shortfall = Omit<SaleLine, 'price' | 'quantity'> & { short: number };
export type CounterSale = {
  id: string;
  number: string;
  saleId: string;
  /** "paid" or "awaiting_payment" (a pay link not yet paid). */
  status: string;
  subtotal: number;
  discount: number;
  total: number;
  change: number;
  lines: SaleLine[];
  tenders: { method: TenderMethod; amount: number; tendered: number | null }[];
  payLink: string | null;
  cashier: string;
  customerName: string | null;
  customerPhone: string | null;
  madeAt: number;
  recordedAt: number;
  offline: boolean;
  shortfalls?: Shortfall[];
};

export type CashierDay = {
  cashierId: string;
  name: string;
  sales: number;
  cash: number;
  transfer: number;
  payLink: number;
  total: number;
  counted: number | null;
  difference: number | null;
  countedAt: number | null;
};
export type CounterDay = {
  date: string;
  cashiers: CashierDay[];
  byMethod: { cash: number; transfer: number; payLink: number };
  total: number;
};
export type CashUpBody = { date: string; counted: number; cashierId?: string; note?: string };

export type OversoldLine = Shortfall;
export type OversoldEntry = {
  orderId: string;
  number: string;
  saleId: string;
  recordedAt: number;
  cashier: string;
  lines: OversoldLine[];
  resolvedAt?: number;
  resolution?: 'restocked' | 'contacted';
};
export type Oversold = { open: OversoldEntry[]; resolved: OversoldEntry[] };
export type Resolution = 'restocked' | 'contacted';

/** `api` without the document's path checks, for the endpoints the document does not have yet. */
type Options = {
  params?: { path?: Record<string, string>; query?: Record<string, string | undefined> };
  body?: unknown;
  signal?: AbortSignal;
};
type Call = (path: string, options?: Options) => Promise<{ data?: unknown }>;
const loose = api as unknown as { GET: Call; POST: Call };

export const counterKeys = {
  all: ['counter'] as const,
  catalogue: ['counter', 'catalogue'] as const,
  sale: (id: string) => ['counter', 'sale', id] as const,
  sales: (date: string) => ['counter', 'sales', date] as const,
  day: (date: string) => ['counter', 'day', date] as const,
  oversold: ['counter', 'oversold'] as const,
};

/** GET /api/counter/catalogue: what the counter sells, as of now. */
export async function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return answer(loose.GET('/api/counter/catalogue', { signal })) as Promise<Catalogue>;
}

/** POST /api/counter/sales: 201 recorded, 200 the same sale back (sent before). */
export async function postSale(body: SaleBody): Promise<CounterSale> {
  return answer(loose.POST('/api/counter/sales', { body })) as Promise<CounterSale>;
}

export async function fetchSale(id: string, signal?: AbortSignal): Promise<CounterSale> {
  return answer(loose.GET('/api/counter/sales/{id}', { params: { path: { id } }, signal })) as Promise<CounterSale>;
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

export function salesQueryOptions(date: string) {
  return queryOptions({
    queryKey: counterKeys.sales(date),
    queryFn: ({ signal }) =>
      answer(loose.GET('/api/counter/sales', { params: { query: { date } }, signal })) as Promise<{
        sales: CounterSale[];
      }>,
    staleTime: 0,
  });
}

export function useSendReceipt() {
  return useMutation<{ sent: boolean }, ApiError, { id: string; email: string }>({
    mutationFn: ({ id, email }) =>
      answer(loose.POST('/api/counter/sales/{id}/receipt', { params: { path: { id } }, body: { email } })) as Promise<{
        sent: boolean;
      }>,
  });
}

export function dayQueryOptions(date: string) {
  return queryOptions({
    queryKey: counterKeys.day(date),
    queryFn: ({ signal }) =>
      answer(loose.GET('/api/counter/day', { params: { query: { date } }, signal })) as Promise<CounterDay>,
    staleTime: 0,
  });
}

export function useCounterDay(date: string) {
  return useQuery(dayQueryOptions(date));
}

export function useCashUp() {
  const client = useQueryClient();
  return useMutation<CashierDay, ApiError, CashUpBody>({
    mutationFn: (body) => answer(loose.POST('/api/counter/cash-ups', { body })) as Promise<CashierDay>,
    onSuccess: (_, body) => void client.invalidateQueries({ queryKey: counterKeys.day(body.date) }),
  });
}

export function useOversold() {
  return useQuery({
    queryKey: counterKeys.oversold,
    queryFn: ({ signal }) => answer(loose.GET('/api/admin/counter/oversold', { signal })) as Promise<Oversold>,
    staleTime: 0,
  });
}

export function useResolveOversold() {
  const client = useQueryClient();
  return useMutation<OversoldEntry, ApiError, { orderId: string; resolution: Resolution }>({
    mutationFn: ({ orderId, resolution }) =>
      answer(
        loose.POST('/api/admin/counter/oversold/{orderId}/resolve', {
          params: { path: { orderId } },
          body: { resolution },
        }),
      ) as Promise<OversoldEntry>,
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
