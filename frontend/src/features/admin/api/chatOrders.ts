import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { AdminOrder, ChatOrder, ChatOrderMade, StaffOrder } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { ChatOrder, ChatOrderMade };

/** A new order or link changes the lists, the dashboard's money owed and the customers' figures. */
function afterChange(client: QueryClient, order: AdminOrder) {
  client.setQueryData(adminKeys.orders.detail(order.id), order);
  void client.invalidateQueries({ queryKey: adminKeys.orders.lists });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
  void client.invalidateQueries({ queryKey: adminKeys.customers.all });
}

/**
 * POST /api/admin/orders with the form's Idempotency-Key: the order (its stock taken at once) and
 * its pay link. The same key sent twice is refused (409), so a double click makes one order.
 */
export function useCreateChatOrder() {
  const client = useQueryClient();
  return useMutation<ChatOrderMade, ApiError, { body: ChatOrder; key: string }>({
    mutationFn: ({ body, key }) =>
      answer(api.POST('/api/admin/orders', { body, params: { header: { 'Idempotency-Key': key } } })),
    onSuccess: (made) => {
      afterChange(client, made.order);
      // Its units left the shelf.
      void client.invalidateQueries({ queryKey: adminKeys.stock.all });
    },
  });
}

/** POST /api/admin/orders/{id}/pay-links {amount?}: a new link for the amount, or the whole balance; the open one ends. */
export function useNewPayLink(id: string) {
  const client = useQueryClient();
  return useMutation<ChatOrderMade, ApiError, { amount?: string }>({
    mutationFn: (body) => answer(api.POST('/api/admin/orders/{id}/pay-links', { params: { path: { id } }, body })),
    onSuccess: (made) => afterChange(client, made.order),
  });
}

/** DELETE /api/admin/orders/{id}/pay-links: ends the order's open link; answers the order. */
export function useCancelPayLink(id: string) {
  const client = useQueryClient();
  return useMutation<AdminOrder, ApiError, void>({
    mutationFn: () => answer(api.DELETE('/api/admin/orders/{id}/pay-links', { params: { path: { id } } })),
    onSuccess: (order) => afterChange(client, order),
  });
}

/** PUT /api/admin/orders/{id}/note {note}: the shop's internal note (empty removes it); answers the order. */
export function useSaveInternalNote(id: string) {
  const client = useQueryClient();
  return useMutation<StaffOrder, ApiError, string>({
    mutationFn: (note) => answer(api.PUT('/api/admin/orders/{id}/note', { params: { path: { id } }, body: { note } })),
    onSuccess: (order) => client.setQueryData(adminKeys.orders.detail(id), order),
  });
}
