import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { SearchSort } from '@/lib/types';

export const SEARCH_SORTS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
];

/** The sort named in the address, or relevance for anything else. */
export function parseSort(value: string | null): SearchSort {
  return SEARCH_SORTS.find((s) => s.value === value)?.value ?? 'relevance';
}

/**
 * GET /api/search?q=…&sort=…&inStock=true: products matching the text (relevance needs no
 * parameter); with `inStock`, without the sold-out ones; `partial` when they match only some of
 * its words.
 */
export const searchQueryOptions = (q: string, sort: SearchSort = 'relevance', inStock = false) =>
  queryOptions({
    queryKey: queryKeys.search.results(q, sort, inStock),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/search', {
          params: { query: { q, sort: sort === 'relevance' ? undefined : sort, inStock: inStock || undefined } },
          signal,
        }),
      ),
    enabled: q.length > 0,
    retry: false,
  });

export function useSearchProducts(q: string, sort: SearchSort = 'relevance') {
  return useQuery(searchQueryOptions(q, sort));
}
