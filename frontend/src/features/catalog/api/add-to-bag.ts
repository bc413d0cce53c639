import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToBag, applyBag, type AddToBagInput } from '@/lib/shopping';

/** POST /api/bag from the product page; the answer (the whole bag) updates the bag badge. */
export function useAddToBag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToBagInput) => addToBag(input),
    onSuccess: (bag) => applyBag(client, bag),
  });
}
