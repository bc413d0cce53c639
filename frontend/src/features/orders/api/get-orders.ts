import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Order } from '@/lib/types';

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const ordersQueryOptions = queryOptions({
  queryKey: queryKeys.orders,
  queryFn: async ({ signal }) => (await api.get<{ orders: Order[] }>('/api/orders', signal)).orders,
  staleTime: 0,
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
