import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { applyBag } from '@/lib/shopping';
import type { Bag } from '@/lib/types';

/** PATCH /api/bag/{item} {quantity}: below 1 removes the line. Answers the whole bag. */
export function useSetQuantity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      api.patch<Bag>(`/api/bag/${encodeURIComponent(itemId)}`, { quantity }),
    onSuccess: (bag) => applyBag(client, bag),
  });
}

/** DELETE /api/bag/{item}. Answers the whole bag. */
export function useRemoveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api.delete<Bag>(`/api/bag/${encodeURIComponent(itemId)}`),
    onSuccess: (bag) => applyBag(client, bag),
  });
}
