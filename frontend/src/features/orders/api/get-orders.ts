import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const ordersQueryOptions = queryOptions({
  queryKey: queryKeys.orders,
  queryFn: async ({ signal }) => (await answer(api.GET('/api/orders', { signal }))).orders,
  staleTime: 0,
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
