import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { adminKeys } from './queryKeys';

/** Where the customers' spreadsheet is downloaded from (the session cookie goes with a plain link). */
export const CUSTOMERS_CSV_URL = '/api/admin/customers.csv';

/** GET /api/admin/customers?q=&page=: most recent buyers first, 50 a page; `q` searches names, e-mails and phones. */
export function useCustomers(q: string, page: number, enabled = true) {
  const words = q.trim();
  return useQuery({
    queryKey: adminKeys.customers.list(words, page),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/admin/customers', {
          params: { query: { q: words || undefined, page: page > 1 ? page : undefined } },
          signal,
        }),
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/admin/customers/{key}: one customer and their orders, newest first. */
export function useCustomer(key: string) {
  return useQuery({
    queryKey: adminKeys.customers.detail(key),
    queryFn: ({ signal }) => answer(api.GET('/api/admin/customers/{key}', { params: { path: { key } }, signal })),
    staleTime: 0,
  });
}
