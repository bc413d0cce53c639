import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { GiftCard, IssuedCard, NewGiftCard } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { GiftCard, IssuedCard, NewGiftCard };

/** GET /api/admin/gift-cards: every card, newest first, with what is left on it. */
export const giftCardsQueryOptions = queryOptions({
  queryKey: adminKeys.giftCards,
  queryFn: ({ signal }) => answer(api.GET('/api/admin/gift-cards', { signal })),
  staleTime: 0,
});

export function useGiftCards() {
  return useQuery(giftCardsQueryOptions);
}

/** POST /api/admin/gift-cards: answers the new card with its whole code (shown this once). */
export function useIssueGiftCard() {
  const client = useQueryClient();
  return useMutation<IssuedCard, ApiError, NewGiftCard>({
    mutationFn: (card) => answer(api.POST('/api/admin/gift-cards', { body: card })),
    onSuccess: (issued) => {
      client.setQueryData<GiftCard[]>(adminKeys.giftCards, (list) => (list ? [issued.card, ...list] : list));
      void client.invalidateQueries({ queryKey: adminKeys.giftCards });
    },
  });
}

/** PATCH /api/admin/gift-cards/{id} {disabled}: answers the card, replaced in the cached list. */
export function useSetGiftCardDisabled() {
  const client = useQueryClient();
  return useMutation<GiftCard, ApiError, { id: string; disabled: boolean }>({
    mutationFn: ({ id, disabled }) =>
      answer(api.PATCH('/api/admin/gift-cards/{id}', { params: { path: { id } }, body: { disabled } })),
    onSuccess: (changed) =>
      client.setQueryData<GiftCard[]>(adminKeys.giftCards, (list) =>
        list?.map((c) => (c.id === changed.id ? changed : c)),
      ),
  });
}
