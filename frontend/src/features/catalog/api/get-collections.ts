import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './keys';
import { api } from '@/lib/api';
import type { Collection } from '@/lib/types';

/** GET /api/collections: the six fixed collections first, in menu order. */
export const collectionsQueryOptions = queryOptions({
  queryKey: catalogKeys.collections,
  queryFn: ({ signal }) => api.get<Collection[]>('/api/collections', signal),
  staleTime: 5 * 60_000,
});

export function useCollections() {
  return useQuery(collectionsQueryOptions);
}
