import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { ShopSettings, ShopSettingsChange } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { ShopSettings, ShopSettingsChange };

/** GET /api/admin/settings: the settings in force (defaults for anything never set). */
export function useShopSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/settings', { signal })),
    staleTime: 0,
  });
}

/** PATCH /api/admin/settings: changes the fields sent; answers every setting, which replaces the cached copy. */
export function useSaveShopSettings() {
  const client = useQueryClient();
  return useMutation<ShopSettings, ApiError, ShopSettingsChange>({
    mutationFn: (change) => answer(api.PATCH('/api/admin/settings', { body: change })),
    onSuccess: (settings) => client.setQueryData(adminKeys.settings, settings),
  });
}
