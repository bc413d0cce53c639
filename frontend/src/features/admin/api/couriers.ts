import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './queryKeys';
import { answer, api, type ApiError } from '@/lib/api';
import type { BulkBooking, OrderShipment, ShipmentAnswer } from '@/lib/types';

/** GET /api/admin/orders/{id}/shipment: the order's courier booking, and whether the sandbox carries it. */
export function useOrderShipment(orderId: string) {
  return useQuery({
    queryKey: adminKeys.shipment(orderId),
    queryFn: async ({ signal }) =>
      answer(api.GET('/api/admin/orders/{id}/shipment', { params: { path: { id: orderId } }, signal })),
  });
}

/** After a booking changed: the order (its status), the lists, and the booking itself. */
function refresh(client: ReturnType<typeof useQueryClient>, orderId: string) {
  void client.invalidateQueries({ queryKey: adminKeys.orders.all });
  void client.invalidateQueries({ queryKey: adminKeys.shipment(orderId) });
}

/** POST /api/admin/orders/{id}/shipment: books the cheapest courier for the order's address. */
export function useBookCourier(orderId: string) {
  const client = useQueryClient();
  return useMutation<ShipmentAnswer, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/orders/{id}/shipment', { params: { path: { id: orderId } } })),
    onSuccess: () => refresh(client, orderId),
  });
}

/** POST /api/admin/orders/{id}/shipment/cancel: cancels the booking before the courier picks it up. */
export function useCancelCourier(orderId: string) {
  const client = useQueryClient();
  return useMutation<ShipmentAnswer, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/orders/{id}/shipment/cancel', { params: { path: { id: orderId } } })),
    onSuccess: () => refresh(client, orderId),
  });
}

/** The sandbox courier's side of a parcel: it moves, and the shop hears of it by webhook. */
export function useMoveTestParcel(orderId: string) {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, { parcel: string; status: string }>({
    mutationFn: ({ parcel, status }) =>
      answer(
        api.POST('/api/sandbox/courier/parcels/{id}/move', { params: { path: { id: parcel } }, body: { status } }),
      ),
    onSuccess: () => refresh(client, orderId),
  });
}

/** GET /api/admin/orders/{id}/label: what the shop's label for a booked order prints. */
export function useShippingLabel(orderId: string) {
  return useQuery({
    queryKey: [...adminKeys.shipment(orderId), 'label'] as const,
    queryFn: async ({ signal }) =>
      answer(api.GET('/api/admin/orders/{id}/label', { params: { path: { id: orderId } }, signal })),
    retry: false,
  });
}

/** POST /api/admin/shipments: books each order of a selection; says which could not be and why. */
export function useBookMany() {
  const client = useQueryClient();
  return useMutation<BulkBooking, ApiError, string[]>({
    mutationFn: (orderIds) => answer(api.POST('/api/admin/shipments', { body: { orderIds } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.orders.all }),
  });
}

export type { OrderShipment };
