import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminOrder, AdminOrderPage, OrderStatus, PaymentReview } from '@/lib/types';

export type { AdminOrder };
export type AdminOrderList = AdminOrderPage;
export type ReviewPayment = PaymentReview;

/** GET /api/admin/orders?status=&page=: newest first, 1-based pages, with a count per status. */
export function adminOrdersQueryOptions(status: OrderStatus | null, page: number) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return queryOptions({
    queryKey: queryKeys.admin.orders.list(status, page),
    queryFn: ({ signal }) => api.get<AdminOrderList>(`/api/admin/orders${query ? `?${query}` : ''}`, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: OrderStatus | null, page: number) {
  return useQuery(adminOrdersQueryOptions(status, page));
}

/** GET /api/admin/orders/{id}. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.orders.detail(id),
    queryFn: ({ signal }) => api.get<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });
}

export type OrderUpdate = { status: OrderStatus; trackingNumber?: string };

/** PATCH /api/admin/orders/{id} {status, trackingNumber?}: answers the order as GET does. */
export function useUpdateOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) => api.patch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, update),
    onSuccess: (order) => {
      client.setQueryData(queryKeys.admin.orders.detail(id), order);
      void client.invalidateQueries({ queryKey: queryKeys.admin.orders.lists });
    },
  });
}

/** GET /api/admin/payments: failed and mismatched payments (the default "review" filter). */
export function useReviewPayments() {
  return useQuery({
    queryKey: queryKeys.admin.payments,
    queryFn: async ({ signal }) =>
      (await api.get<{ payments: ReviewPayment[] }>('/api/admin/payments', signal)).payments,
    staleTime: 0,
  });
}
