import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { contract } from '@/lib/contract23';
import { queryKeys } from '@/lib/queryKeys';
import type { Order } from '@/lib/types';

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const ordersQueryOptions = queryOptions({
  queryKey: queryKeys.orders,
  queryFn: async ({ signal }) => (await contract<{ orders: Order[] }>(api.GET('/api/orders', { signal }))).orders,
  staleTime: 0,
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
