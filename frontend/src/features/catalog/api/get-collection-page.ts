import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { CollectionPage } from '@/lib/types';

/** The page after `last`, or undefined when every product has been fetched. */
export function nextCollectionPage(last: CollectionPage): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/**
 * GET /api/collections/{id}?page=N: the collection and its products, 24 a page; with `inStock`
 * (`&inStock=true`) without the sold-out ones.
 */
export const collectionPageInfiniteOptions = (id: string, inStock = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.collections.page(id, inStock),
    queryFn: ({ pageParam, signal }) =>
      answer(
        api.GET('/api/collections/{id}', {
          params: { path: { id }, query: { page: pageParam, inStock: inStock || undefined } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextCollectionPage,
  });

export function useCollectionPage(id: string, inStock = false) {
  return useInfiniteQuery(collectionPageInfiniteOptions(id, inStock));
}
