import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrdersQuery,
  CollectBody,
  ListedOrder,
  OrderStatus,
  OrderUpdate,
  PackingOrder,
  PaymentReview,
  RefundRequest,
  StaffOrder,
  TenderReturn,
} from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { AdminOrder, CollectBody, ListedOrder, OrderUpdate, PackingOrder, RefundRequest, StaffOrder };
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
 * `q` searches by order number, name, e-mail (for roles that see customers) or phone. Each order
 * comes as the role may see it: whole (`view: 'full'`), or the packing view without money.
 */
export function adminOrdersQueryOptions(
  status: OrderStatus | null,
  page: number,
  special: SpecialList | null = null,
  q = '',
) {
  const query: AdminOrdersQuery = {
    status: special ? undefined : (status ?? undefined),
    oversold: special === 'oversold' || undefined,
    refund: special === 'failed-refund' ? ('failed' as const) : undefined,
    codeOverLimit: special === 'code-over-limit' || undefined,
    page: page > 1 ? page : undefined,
    q: q.trim() || undefined,
  };
  return queryOptions({
    queryKey: adminKeys.orders.list(special ? null : status, page, special, q.trim()),
    queryFn: ({ signal }) => answer(api.GET('/api/admin/orders', { params: { query }, signal })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: OrderStatus | null, page: number, special: SpecialList | null = null, q = '') {
  return useQuery(adminOrdersQueryOptions(status, page, special, q));
}

/** How often an order with a refund waiting for Paystack is read again, until it is settled. */
export const REFUND_POLL_MS = 2_000;

/**
 * GET /api/admin/orders/{id}: the order as the role may see it (whole, or the packing view); read
 * again every 2 s while a refund is pending, so its outcome shows.
 */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.orders.detail(id),
    queryFn: ({ signal }): Promise<StaffOrder> =>
      answer(api.GET('/api/admin/orders/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order?.view === 'full' && order.refundPending > 0 ? REFUND_POLL_MS : false;
    },
  });
}

/** The whole order, or null for the packing view (which carries no money and no e-mail). */
export function wholeOrder(order: StaffOrder): AdminOrder | null {
  return order.view === 'full' ? order : null;
}

/** What an order's change touches besides the order itself: the lists and the dashboard's counts. */
function afterOrderChange(client: QueryClient, id: string, order: StaffOrder) {
  client.setQueryData(adminKeys.orders.detail(id), order);
  void client.invalidateQueries({ queryKey: adminKeys.orders.lists });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

/**
 * PATCH /api/admin/orders/{id} {status, trackingNumber?, refund?}: answers the order as GET does.
 * With `status: 'cancelled'`, `refund: true` also refunds whatever is left, in the same step.
 */
export function useUpdateOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: OrderUpdate) =>
      answer(api.PATCH('/api/admin/orders/{id}', { params: { path: { id } }, body: update })),
    onSuccess: (order) => afterOrderChange(client, id, order),
    // A refused cancellation may still have asked Paystack for the refund (502): show the order as it is now.
    onError: () => void client.invalidateQueries({ queryKey: adminKeys.orders.detail(id) }),
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
    mutationFn: (request) =>
      answer(api.POST('/api/admin/orders/{id}/refunds', { params: { path: { id } }, body: request })),
    onSuccess: (order) => afterOrderChange(client, id, order),
    onError: () => void client.invalidateQueries({ queryKey: adminKeys.orders.detail(id) }),
  });
}

/**
 * POST /api/admin/orders/{id}/credit-returns {to, amount?, reason}: gives back part or all of what
 * the order's store credit or gift card paid, to that credit or card. Answers the order.
 */
export function useReturnTender(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, TenderReturn>({
    mutationFn: (body) => answer(api.POST('/api/admin/orders/{id}/credit-returns', { params: { path: { id } }, body })),
    onSuccess: (order) => afterOrderChange(client, id, order),
  });
}

/**
 * POST /api/admin/orders/{id}/collect {amount, method}: the money of a pay-on-delivery order came
 * in (the amount must be the order's total, naira as typed); answers the order, now paid for.
 */
export function useCollectPayment(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, CollectBody>({
    mutationFn: (body) => answer(api.POST('/api/admin/orders/{id}/collect', { params: { path: { id } }, body })),
    onSuccess: (order) => afterOrderChange(client, id, order),
  });
}

/**
 * POST /api/admin/orders/{id}/refuse: the customer refused a pay-on-delivery order at the door;
 * its units go back on sale and its code's use returns. Answers the order.
 */
export function useRefuseOrder(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/orders/{id}/refuse', { params: { path: { id } } })),
    onSuccess: (order) => afterOrderChange(client, id, order),
  });
}

/**
 * POST /api/admin/orders/{id}/confirm: the shop called the customer of a pay-on-delivery order
 * waiting for confirmation; it may then be prepared and is no longer cancelled. Answers the order.
 */
export function useConfirmOrder(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/orders/{id}/confirm', { params: { path: { id } } })),
    onSuccess: (order) => afterOrderChange(client, id, order),
  });
}

/** GET /api/admin/payments: failed and mismatched payments (the default "review" filter). */
export function useReviewPayments() {
  return useQuery({
    queryKey: adminKeys.payments,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/payments', { signal }))).payments,
    staleTime: 0,
  });
}
