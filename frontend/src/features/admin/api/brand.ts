import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { BrandView, Identity } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { BrandView, Identity };

/** GET /api/admin/brand: the draft being edited beside what shoppers see. */
export function useBrand() {
  return useQuery({
    queryKey: adminKeys.brand,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/brand', { signal })),
    staleTime: 0,
  });
}

/** A change of the identity's versions; each answers the whole view, which replaces the cached copy. */
function useBrandStep<V>(step: (value: V) => Promise<BrandView>) {
  const client = useQueryClient();
  return useMutation<BrandView, ApiError, V>({
    mutationFn: step,
    onSuccess: (view) => client.setQueryData(adminKeys.brand, view),
  });
}

/** PUT /api/admin/brand: saves the draft (checked whole; a refusal changes nothing). */
export const useSaveBrandDraft = () =>
  useBrandStep((identity: Identity) => answer(api.PUT('/api/admin/brand', { body: identity })));

/** POST /api/admin/brand/publish: shoppers see the draft from their next page load. */
export const usePublishBrand = () => useBrandStep(() => answer(api.POST('/api/admin/brand/publish')));

/** POST /api/admin/brand/revert: back to the version published before. */
export const useRevertBrand = () => useBrandStep(() => answer(api.POST('/api/admin/brand/revert')));

/** DELETE /api/admin/brand/logo: the draft shows the name alone. */
export const useRemoveLogo = () => useBrandStep(() => answer(api.DELETE('/api/admin/brand/logo')));

/** Puts the uploaded logo's answer into the cache (the upload goes through useUpload, for its progress). */
export function useLogoUploaded() {
  const client = useQueryClient();
  return (view: BrandView) => client.setQueryData(adminKeys.brand, view);
}
