import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, isApiError, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { StockFilter, StockImported, StockImportRefused, StockPage, StockRow } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { StockFilter, StockPage, StockRow };

/** Where the spreadsheet is downloaded from (the session cookie goes with a plain link). */
export const STOCK_CSV_URL = '/api/admin/stock.csv';

/** GET /api/admin/stock?show=&q=&page=: variants, fewest left first, a page at a time, with the shop's counts. */
export function stockQueryOptions(show: StockFilter, q: string, page = 1) {
  const words = q.trim();
  const query = { show, q: words || undefined, page: page > 1 ? page : undefined };
  return queryOptions({
    queryKey: [...adminKeys.stock.list(show, words), page],
    queryFn: ({ signal }) => answer(api.GET('/api/admin/stock', { params: { query }, signal })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStock(show: StockFilter, q: string, page = 1) {
  return useQuery(stockQueryOptions(show, q, page));
}

/**
 * PATCH /api/admin/variants/{id} {stock}: answers the row. Every cached list shows the new count
 * at once, in place (a row that is no longer low stays until the next visit, so the admin sees
 * what was saved), with the low and sold-out counts moved to match.
 */
export function useSetVariantStock() {
  const client = useQueryClient();
  return useMutation<StockRow, ApiError, { variantId: string; stock: number }>({
    mutationFn: ({ variantId, stock }) =>
      answer(api.PATCH('/api/admin/variants/{id}', { params: { path: { id: variantId } }, body: { stock } })),
    onSuccess: (row) => {
      client.setQueriesData<StockPage>({ queryKey: adminKeys.stock.all }, (page) => {
        if (!page) return page;
        const before = page.rows.find((r) => r.variantId === row.variantId);
        if (!before) return page;
        const low = (n: number) => (n <= page.lowStockLevel ? 1 : 0);
        const out = (n: number) => (n === 0 ? 1 : 0);
        return {
          ...page,
          rows: page.rows.map((r) => (r.variantId === row.variantId ? row : r)),
          lowCount: page.lowCount - low(before.stock) + low(row.stock),
          soldOutCount: page.soldOutCount - out(before.stock) + out(row.stock),
        };
      });
      // Other lists (another filter, another search) fetch afresh when opened.
      void client.invalidateQueries({ queryKey: adminKeys.stock.all, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: queryKeys.products.detail(row.productId) });
    },
  });
}

export type ImportResult = { ok: true; imported: StockImported } | { ok: false; refused: StockImportRefused };

/** A spreadsheet import's refusal ({message, errors by line}): stock's and products' alike. */
export function isRefusal(value: unknown): value is StockImportRefused {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StockImportRefused).message === 'string' &&
    Array.isArray((value as StockImportRefused).errors)
  );
}

/**
 * POST /api/admin/stock.csv with the file's text as the body: applied ({message, updated}), or
 * refused as a whole with the bad rows by line ({message, errors}). Anything else (too large, no
 * session, offline) rejects with an ApiError, as every other call does.
 */
export async function importStockCsv(text: string): Promise<ImportResult> {
  try {
    // The body is the file's text as it is, not JSON.
    const imported = await answer(
      api.POST('/api/admin/stock.csv', {
        body: text,
        bodySerializer: (csv) => csv,
        headers: { 'Content-Type': 'text/csv' },
      }),
    );
    return { ok: true, imported };
  } catch (error) {
    if (isApiError(error) && error.status === 400 && isRefusal(error.body)) return { ok: false, refused: error.body };
    throw error;
  }
}

/** The CSV upload: refreshes every stock list and product view when applied. */
export function useImportStockCsv() {
  const client = useQueryClient();
  return useMutation<ImportResult, ApiError, string>({
    mutationFn: importStockCsv,
    onSuccess: (result) => {
      if (!result.ok) return;
      void client.invalidateQueries({ queryKey: adminKeys.stock.all });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}
