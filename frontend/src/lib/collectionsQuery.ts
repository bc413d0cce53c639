import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/collections: the six fixed collections first, in menu order. One query (and cache
 * entry) for the home page's section and the admin forms' collection choices. */
export const collectionsQueryOptions = queryOptions({
  queryKey: queryKeys.collections.list,
  queryFn: ({ signal }) => answer(api.GET('/api/collections', { signal })),
  staleTime: 5 * 60_000,
});

export function useCollections() {
  return useQuery(collectionsQueryOptions);
}
