import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { DeliveryOptions, DeliveryOptionsInput } from '@/lib/types';

export type { DeliveryOptions, DeliveryOptionsInput };

/** GET /api/delivery (public): the 37 states, the zones with their fees in kobo, and pickup. */
export const deliveryQueryOptions = queryOptions({
  queryKey: queryKeys.delivery,
  queryFn: ({ signal }) => api.get<DeliveryOptions>('/api/delivery', signal),
  staleTime: 0,
});

export function useDeliveryOptions() {
  return useQuery(deliveryQueryOptions);
}

/**
 * PUT /api/admin/delivery: replaces every zone and pickup at once; answers the options as GET
 * does, which replace the cached copy (the checkout reads the same one).
 */
export function useSaveDeliveryOptions() {
  const client = useQueryClient();
  return useMutation<DeliveryOptions, ApiError, DeliveryOptionsInput>({
    mutationFn: (input) => api.put<DeliveryOptions>('/api/admin/delivery', input),
    onSuccess: (options) => client.setQueryData(queryKeys.delivery, options),
  });
}
