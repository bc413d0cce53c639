import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { deliveryQueryOptions } from '@/lib/delivery';
import { queryKeys } from '@/lib/queryKeys';
import type { DeliveryOptions, DeliveryOptionsInput } from '@/lib/types';

export type { DeliveryOptions, DeliveryOptionsInput };

/** GET /api/delivery (the shoppers' query), always fresh on the admin screen. */
export function useDeliveryOptions() {
  return useQuery({ ...deliveryQueryOptions, staleTime: 0 });
}

/**
 * PUT /api/admin/delivery: replaces every zone and pickup at once; answers the options as GET
 * does, which replace the cached copy (the checkout reads the same one).
 */
export function useSaveDeliveryOptions() {
  const client = useQueryClient();
  return useMutation<DeliveryOptions, ApiError, DeliveryOptionsInput>({
    mutationFn: (input) => answer(api.PUT('/api/admin/delivery', { body: input })),
    onSuccess: (options) => client.setQueryData(queryKeys.delivery, options),
  });
}
