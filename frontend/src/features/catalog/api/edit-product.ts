import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Product } from '@/lib/types';

export type ProductEdit = { name: string; price: string; description: string };

/**
 * PATCH /api/products/{id} (admins): name, price (naira as typed, a decimal string the server
 * turns into kobo) and description. Every cached product view (product, collections, featured,
 * search) is refreshed.
 */
export function useEditProduct(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProductEdit) => api.patch<Product>(`/api/products/${encodeURIComponent(productId)}`, edit),
    onSuccess: (product) => {
      const detail = queryKeys.products.detail(productId);
      client.setQueryData(detail, product);
      // Everything else that shows products refetches; the product itself is the answer already.
      void client.invalidateQueries({
        queryKey: queryKeys.products.all,
        predicate: (q) => q.queryHash !== JSON.stringify(detail),
      });
      void client.invalidateQueries({ queryKey: queryKeys.collections.pages });
      void client.invalidateQueries({ queryKey: queryKeys.search.all });
      void client.invalidateQueries({ queryKey: queryKeys.bag });
      void client.invalidateQueries({ queryKey: queryKeys.saved });
    },
  });
}
