import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import type { BestSeller, Dashboard, DashboardPeriod, DayFigures, LowStockVariant } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { BestSeller, Dashboard, DashboardPeriod, DayFigures, LowStockVariant };

/** GET /api/admin/dashboard: sales for today, 7 and 30 days, the last 30 days one by one, and what needs doing. */
export const dashboardQueryOptions = queryOptions({
  queryKey: adminKeys.dashboard,
  queryFn: ({ signal }) => answer(api.GET('/api/admin/dashboard', { signal })),
  staleTime: 0,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}

/** GET /api/admin/orders.csv?from=&to=: one row per order line, for orders placed on those Lagos days. */
export function ordersCsvUrl(from: string, to: string): string {
  return `/api/admin/orders.csv?${new URLSearchParams({ from, to }).toString()}`;
}

/**
 * Downloads the orders spreadsheet: fetched first (the session cookie goes with it), so a refusal
 * ("Choose a start date on or before the end date.") is shown on the form rather than saved as a
 * file; then handed to the browser as a download named after the dates.
 */
export async function downloadOrdersCsv(from: string, to: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ordersCsvUrl(from, to), { credentials: 'same-origin', headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && typeof message === 'string') throw new ApiError(response.status, error, message);
    throw new ApiError(response.status, `http_${response.status}`, `Request failed with status ${response.status}`);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(response.headers.get('Content-Disposition'), from, to);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The server's file name (Content-Disposition), or "orders-2026-11-01-to-2026-11-23.csv". */
export function csvFileName(disposition: string | null, from: string, to: string): string {
  const named = disposition && /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named || `orders-${from}-to-${to}.csv`;
}
