import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalog } from './catalog';
import { adminKeys } from './queryKeys';
import { answer, api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { components } from '@/lib/api.gen';
import type { Product } from '@/lib/types';

export type FixedPrice = components['schemas']['FixedPrice'];
export type FixedPriceInput = components['schemas']['FixedPriceInput'];

/** GET /api/admin/products/{id}/fixed-prices: the product's own prices abroad (none: it follows the rates). */
export function useFixedPrices(productId: string) {
  return useQuery({
    queryKey: adminKeys.fixedPrices(productId),
    queryFn: ({ signal }) =>
      answer(api.GET('/api/admin/products/{id}/fixed-prices', { params: { path: { id: productId } }, signal })),
  });
}

/**
 * PATCH /api/products/{id} { fixedPrices }: replaces the product's fixed prices abroad; answers the
 * product (its prices abroad as shoppers now see them), which replaces the cached copy, and the
 * fixed prices and every product view are read again.
 */
export function useSaveFixedPrices(productId: string) {
  const client = useQueryClient();
  return useMutation<Product, ApiError, FixedPriceInput[]>({
    mutationFn: (fixedPrices) =>
      answer(api.PATCH('/api/products/{id}', { params: { path: { id: productId } }, body: { fixedPrices } })),
    onSuccess: async (product) => {
      client.setQueryData(queryKeys.products.detail(product.id), product);
      void invalidateCatalog(client);
      await client.invalidateQueries({ queryKey: adminKeys.fixedPrices(productId) });
    },
  });
}
