import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applySaved, savedQueryOptions, setProductSaved } from '@/lib/shopping';

/** Whether a product is in the signed-in shopper's saved items (GET /api/saved, cached). */
export function useIsSaved(productId: string, signedIn: boolean) {
  return useQuery({
    ...savedQueryOptions,
    enabled: signedIn,
    select: (items) => items.some((item) => item.product.id === productId),
  });
}

/** The heart: PUT /api/saved/{id} to save, DELETE to unsave. The answer is the whole list. */
export function useToggleSaved() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, save }: { productId: string; save: boolean }) => setProductSaved(productId, save),
    onSuccess: (items) => applySaved(client, items),
  });
}
