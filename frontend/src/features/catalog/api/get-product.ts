import { queryOptions, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { CollectionPage, Product } from '@/lib/types';

/** GET /api/products/{id}. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => answer(api.GET('/api/products/{id}', { params: { path: { id } }, signal })),
  });

/**
 * The product as some list already in the cache has it (featured grid, a collection page, search
 * results), so a tap on a card shows the product at once while the fresh copy loads.
 */
export function findCachedProduct(client: QueryClient, id: string): Product | undefined {
  for (const [, data] of client.getQueriesData<Product[]>({ queryKey: queryKeys.products.featured })) {
    const hit = data?.find((p) => p.id === id);
    if (hit) return hit;
  }
  for (const [, data] of client.getQueriesData<InfiniteData<CollectionPage>>({
    queryKey: queryKeys.collections.pages,
  })) {
    for (const page of data?.pages ?? []) {
      const hit = page.products.find((p) => p.id === id);
      if (hit) return hit;
    }
  }
  for (const [, data] of client.getQueriesData<Product[]>({ queryKey: queryKeys.search.all })) {
    const hit = Array.isArray(data) ? data.find((p) => p.id === id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

export function useProduct(id: string) {
  const client = useQueryClient();
  return useQuery({ ...productQueryOptions(id), placeholderData: () => findCachedProduct(client, id) });
}
