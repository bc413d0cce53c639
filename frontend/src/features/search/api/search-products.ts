import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Product } from '@/lib/types';

/** GET /api/search?q=…: products matching the text. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.results(q),
    queryFn: ({ signal }) => api.get<Product[]>(`/api/search?q=${encodeURIComponent(q)}`, signal),
    enabled: q.length > 0,
    retry: false,
  });

export function useSearchProducts(q: string) {
  return useQuery(searchQueryOptions(q));
}
