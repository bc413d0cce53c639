import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { filtersQuery, listingKey, NO_FILTERS, type ListingFilters } from '@/lib/listing';
import { queryKeys } from '@/lib/queryKeys';
import type { SearchSort } from '@/lib/types';

/**
 * GET /api/search?q=…&sort=…&size=…: the products matching the text that the filters keep
 * (relevance needs no parameter), how many there are, the facets, and `partial` when they match
 * only some of its words.
 */
export const searchQueryOptions = (q: string, sort: SearchSort = 'relevance', filters: ListingFilters = NO_FILTERS) =>
  queryOptions({
    queryKey: queryKeys.search.results(q, listingKey(filters, sort)),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/search', {
          params: { query: { q, sort: sort === 'relevance' ? undefined : sort, ...filtersQuery(filters) } },
          signal,
        }),
      ),
    enabled: q.length > 0,
    retry: false,
  });
