import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/products/featured. */
export const featuredQueryOptions = queryOptions({
  queryKey: queryKeys.products.featured,
  queryFn: ({ signal }) => answer(api.GET('/api/products/featured', { signal })),
});

export function useFeaturedProducts(enabled = true) {
  return useQuery({ ...featuredQueryOptions, enabled });
}
