import { queryOptions } from '@tanstack/react-query';
import { answer, api } from './api';
import { queryKeys } from './queryKeys';

/**
 * GET /api/search/suggest?q=: names (and categories) of up to five matching products, for the
 * header's search bar (shared, so it lives here rather than in the search feature).
 */
export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.suggest(q),
    queryFn: ({ signal }) => answer(api.GET('/api/search/suggest', { params: { query: { q } }, signal })),
    staleTime: 5 * 60_000,
    retry: false,
  });
