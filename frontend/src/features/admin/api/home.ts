import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { HomeEditor, HomeLayout } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { HomeEditor, HomeLayout };

/** GET /api/admin/home: the home page's draft layout, its pictures, and whether shoppers see it. */
export function useHomeEditor() {
  return useQuery({
    queryKey: adminKeys.home,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/home', { signal })),
    staleTime: 0,
  });
}

/** PUT /api/admin/home: saves the draft layout (checked whole on the server; a refusal changes nothing). */
export function useSaveHome() {
  const client = useQueryClient();
  return useMutation<HomeEditor, ApiError, HomeLayout>({
    mutationFn: (layout) => answer(api.PUT('/api/admin/home', { body: layout })),
    onSuccess: (view) => {
      client.setQueryData(adminKeys.home, view);
      // The identity screen's "unpublished changes" follows the one draft.
      void client.invalidateQueries({ queryKey: adminKeys.brand });
    },
  });
}

/** After a publish or revert (the identity's endpoints: one draft for the whole look), both screens and the storefront's home refresh. */
export function useLookChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.home }),
      client.invalidateQueries({ queryKey: adminKeys.brand }),
      client.invalidateQueries({ queryKey: queryKeys.home }),
    ]);
}
