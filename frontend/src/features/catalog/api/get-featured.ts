import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Product } from '@/lib/types';

/** GET /api/products/featured. */
export const featuredQueryOptions = queryOptions({
  queryKey: queryKeys.products.featured,
  queryFn: ({ signal }) => api.get<Product[]>('/api/products/featured', signal),
});

export function useFeaturedProducts(enabled = true) {
  return useQuery({ ...featuredQueryOptions, enabled });
}
