import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { setSessionCounts } from '@/lib/session';
import { applyBag, applySaved, setProductSaved } from '@/lib/shopping';
import type { MoveToBagBody, SavedItem, Session } from '@/lib/types';

/** DELETE /api/saved/{id}: answers the remaining list. */
export function useRemoveSaved() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => setProductSaved(productId, false),
    onSuccess: (items) => applySaved(client, items),
  });
}

/** The product, and the size and colour of the document's MoveBody (null without them). */
export type MoveToBagInput = { productId: string } & { [K in keyof MoveToBagBody]-?: string | null };

/**
 * POST /api/saved/{id}/move-to-bag {size?, color?}: adds the product in the size and colour chosen
 * (`{}` for a product without options) to the bag with quantity 1 and removes it from saved. The
 * answer is the bag; the saved list loses that product.
 */
export function useMoveToBag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, size, color }: MoveToBagInput) =>
      answer(
        api.POST('/api/saved/{id}/move-to-bag', {
          params: { path: { id: productId } },
          body: { ...(size === null ? {} : { size }), ...(color === null ? {} : { color }) },
        }),
      ),
    onSuccess: (bag, { productId }) => {
      applyBag(client, bag);
      const saved = client.getQueryData<SavedItem[]>(queryKeys.saved);
      if (saved)
        applySaved(
          client,
          saved.filter((item) => item.product.id !== productId),
        );
      else {
        const counts = client.getQueryData<Session>(queryKeys.session)?.counts;
        if (counts) setSessionCounts(client, { saved: Math.max(0, counts.saved - 1) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.saved });
    },
  });
}
