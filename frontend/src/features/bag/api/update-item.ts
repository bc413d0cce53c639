import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { applyBag } from '@/lib/shopping';

/** PATCH /api/bag/{id} {quantity}: below 1 removes the line. Answers the whole bag. */
export function useSetQuantity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      answer(api.PATCH('/api/bag/{id}', { params: { path: { id: itemId } }, body: { quantity } })),
    onSuccess: (bag) => applyBag(client, bag),
  });
}

/** DELETE /api/bag/{id}. Answers the whole bag. */
export function useRemoveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => answer(api.DELETE('/api/bag/{id}', { params: { path: { id: itemId } } })),
    onSuccess: (bag) => applyBag(client, bag),
  });
}
