import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { DiscountCode, NewDiscountCode } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { DiscountCode, NewDiscountCode };

/** GET /api/admin/discounts: every code, newest first, with its uses and totals. */
export const discountsQueryOptions = queryOptions({
  queryKey: adminKeys.discounts,
  queryFn: ({ signal }) => answer(api.GET('/api/admin/discounts', { signal })),
  staleTime: 0,
});

export function useDiscounts() {
  return useQuery(discountsQueryOptions);
}

/** POST /api/admin/discounts: answers the new code, which goes to the top of the cached list. */
export function useCreateDiscount() {
  const client = useQueryClient();
  return useMutation<DiscountCode, ApiError, NewDiscountCode>({
    mutationFn: (code) => answer(api.POST('/api/admin/discounts', { body: code })),
    onSuccess: (created) => {
      client.setQueryData<DiscountCode[]>(adminKeys.discounts, (list) =>
        list ? [created, ...list.filter((c) => c.code !== created.code)] : list,
      );
      void client.invalidateQueries({ queryKey: adminKeys.discounts });
    },
  });
}

/** PATCH /api/admin/discounts/{code} {paused}: answers the code, replaced in the cached list in place. */
export function useSetDiscountPaused() {
  const client = useQueryClient();
  return useMutation<DiscountCode, ApiError, { code: string; paused: boolean }>({
    mutationFn: ({ code, paused }) =>
      answer(api.PATCH('/api/admin/discounts/{code}', { params: { path: { code } }, body: { paused } })),
    onSuccess: (changed) =>
      client.setQueryData<DiscountCode[]>(adminKeys.discounts, (list) =>
        list?.map((c) => (c.code === changed.code ? changed : c)),
      ),
  });
}
