import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { filtersQuery, listingKey, NO_FILTERS, type ListingFilters } from '@/lib/listing';
import { queryKeys } from '@/lib/queryKeys';
import type { CollectionPage, CollectionSort } from '@/lib/types';

/** The page after `last`, or undefined when every product has been fetched. */
export function nextCollectionPage(last: CollectionPage): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/**
 * GET /api/collections/{id}?page=N&…: the collection and the products the filters keep, in the
 * chosen order, 24 a page, with the facets. The newest-first, unfiltered list has the plain key.
 */
export const collectionPageInfiniteOptions = (
  id: string,
  filters: ListingFilters = NO_FILTERS,
  sort: CollectionSort = 'newest',
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.collections.page(id, listingKey(filters, sort)),
    queryFn: ({ pageParam, signal }) =>
      answer(
        api.GET('/api/collections/{id}', {
          params: {
            path: { id },
            query: { page: pageParam, sort: sort === 'newest' ? undefined : sort, ...filtersQuery(filters) },
          },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextCollectionPage,
  });

/** The previous list stays on screen (dimmed) while another filter's list loads. */
export function useCollectionPage(id: string, filters: ListingFilters = NO_FILTERS, sort: CollectionSort = 'newest') {
  return useInfiniteQuery({ ...collectionPageInfiniteOptions(id, filters, sort), placeholderData: keepPreviousData });
}
