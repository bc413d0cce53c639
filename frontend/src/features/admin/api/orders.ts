import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminOrder, AdminOrderPage, OrderStatus, PaymentReview, RefundRequest } from '@/lib/types';

export type { AdminOrder, RefundRequest };
/** One refund of an order: asked for, then processed or failed by Paystack. */
export type Refund = AdminOrder['refunds'][number];
export type RefundStatus = Refund['status'];
export type AdminOrderList = AdminOrderPage;
export type ReviewPayment = PaymentReview;

/** The lists the dashboard points at, beside the status filter. */
export type SpecialList = 'oversold' | 'failed-refund' | 'code-over-limit';

/**
 * GET /api/admin/orders?status=&page=: newest first, 1-based pages, with a count per status.
 * `oversold` (?oversold=true): the oversold orders that still have something to refund;
 * `failed-refund` (?refund=failed): the orders whose latest refund failed;
 * `code-over-limit` (?codeOverLimit=true): orders of the last 30 days paid with a code past its limits.
 */
export function adminOrdersQueryOptions(status: OrderStatus | null, page: number, special: SpecialList | null = null) {
  const params = new URLSearchParams();
  if (special === 'oversold') params.set('oversold', 'true');
  else if (special === 'failed-refund') params.set('refund', 'failed');
  else if (special === 'code-over-limit') params.set('codeOverLimit', 'true');
  else if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return queryOptions({
    queryKey: queryKeys.admin.orders.list(special ? null : status, page, special),
    queryFn: ({ signal }) => api.get<AdminOrderList>(`/api/admin/orders${query ? `?${query}` : ''}`, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: OrderStatus | null, page: number, special: SpecialList | null = null) {
  return useQuery(adminOrdersQueryOptions(status, page, special));
}

/** How often an order with a refund waiting for Paystack is read again, until it is settled. */
export const REFUND_POLL_MS = 2_000;

/** GET /api/admin/orders/{id}; read again every 2 s while a refund is pending, so its outcome shows. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.orders.detail(id),
    queryFn: ({ signal }) => api.get<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.refundPending ?? 0) > 0 ? REFUND_POLL_MS : false),
  });
}

/** What an order's change touches besides the order itself: the lists and the dashboard's counts. */
function afterOrderChange(client: QueryClient, id: string, order: AdminOrder) {
  client.setQueryData(queryKeys.admin.orders.detail(id), order);
  void client.invalidateQueries({ queryKey: queryKeys.admin.orders.lists });
  void client.invalidateQueries({ queryKey: queryKeys.admin.dashboard });
}

/** With `status: 'cancelled'`, `refund: true` also refunds whatever is left, in the same step. */
export type OrderUpdate = { status: OrderStatus; trackingNumber?: string; refund?: boolean };

/** PATCH /api/admin/orders/{id} {status, trackingNumber?, refund?}: answers the order as GET does. */
export function useUpdateOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) => api.patch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, update),
    onSuccess: (order) => afterOrderChange(client, id, order),
    // A refused cancellation may still have asked Paystack for the refund (502): show the order as it is now.
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.admin.orders.detail(id) }),
  });
}

/**
 * POST /api/admin/orders/{id}/refunds {amount, reason, restock}: answers the order with the new
 * refund listed (pending until Paystack's webhook says processed or failed). On a refusal the
 * order is read again: a 502 still lists the refund, as failed or pending.
 */
export function useRefundOrder(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, RefundRequest>({
    mutationFn: (request) => api.post<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}/refunds`, request),
    onSuccess: (order) => afterOrderChange(client, id, order),
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.admin.orders.detail(id) }),
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
