import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './keys';
import { api } from '@/lib/api';
import type { Product } from '@/lib/types';

/** GET /api/products/featured. */
export const featuredQueryOptions = queryOptions({
  queryKey: catalogKeys.featured,
  queryFn: ({ signal }) => api.get<Product[]>('/api/products/featured', signal),
});

export function useFeaturedProducts(enabled = true) {
  return useQuery({ ...featuredQueryOptions, enabled });
}
