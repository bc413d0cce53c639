import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './queryKeys';
import { answer, api, formBody, type ApiError } from '@/lib/api';
import type {
  CollectedBy,
  GivenAnswer,
  GivenMany,
  HandoverPhotoForm,
  OrderDelivery,
  RiderAnswer,
  StopAnswer,
} from '@/lib/types';

/** GET /api/admin/riders: the riders, their rounds and (for those who see money) the cash each holds. */
export function useRiders() {
  return useQuery({
    queryKey: adminKeys.riders,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/admin/riders', { signal }))).riders,
  });
}

/** GET /api/admin/orders/{id}/delivery: who delivers the order, when he left, wrong codes tried. */
export function useOrderDelivery(orderId: string) {
  return useQuery({
    queryKey: adminKeys.delivery(orderId),
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/admin/orders/{id}/delivery', { params: { path: { id: orderId } }, signal })))
        .delivery,
  });
}

/** After a delivery changed: the order (its status), the lists and the riders' rounds. */
function refreshAfter(
  client: ReturnType<typeof useQueryClient>,
  orderId: string,
  answer: Pick<OrderDelivery, 'delivery'>,
) {
  client.setQueryData(adminKeys.delivery(orderId), answer.delivery);
  void client.invalidateQueries({ queryKey: adminKeys.orders.all });
  void client.invalidateQueries({ queryKey: adminKeys.riders });
}

/** Whom an order goes to: one of the shop's riders (null takes it back), or a person by link. */
export type RiderChoice = { riderId: string | null } | { link: { name: string; phone: string } };

/**
 * PUT /api/admin/orders/{id}/rider: gives the order to a rider (null takes it back), or by link to
 * a person without an account (the answer carries his link, this once).
 */
export function useAssignRider(orderId: string) {
  const client = useQueryClient();
  return useMutation<GivenAnswer, ApiError, RiderChoice>({
    mutationFn: (choice) =>
      answer(
        api.PUT('/api/admin/orders/{id}/rider', {
          params: { path: { id: orderId } },
          body: 'link' in choice ? { riderId: null, link: choice.link } : { riderId: choice.riderId },
        }),
      ),
    onSuccess: (answer) => refreshAfter(client, orderId, answer),
  });
}

/** POST /api/admin/orders/{id}/delivery/review: confirms the handover photo, or rejects it with a reason. */
export function useReviewPhoto(orderId: string) {
  const client = useQueryClient();
  return useMutation<OrderDelivery, ApiError, { confirm: boolean; reason?: string }>({
    mutationFn: ({ confirm, reason }) =>
      answer(
        api.POST('/api/admin/orders/{id}/delivery/review', {
          params: { path: { id: orderId } },
          body: { confirm, reason: reason ?? null },
        }),
      ),
    onSuccess: (answer) => refreshAfter(client, orderId, answer),
  });
}

/** POST /api/admin/riders/{id}/orders: many orders to one rider, each answered on its own. */
export function useGiveMany() {
  const client = useQueryClient();
  return useMutation<GivenMany, ApiError, { riderId: string; orderIds: string[] }>({
    mutationFn: ({ riderId, orderIds }) =>
      answer(api.POST('/api/admin/riders/{id}/orders', { params: { path: { id: riderId } }, body: { orderIds } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.orders.all });
      void client.invalidateQueries({ queryKey: adminKeys.riders });
    },
  });
}

/** POST /api/admin/orders/{id}/delivery-code: a new code for the customer; the old one stops working. */
export function useNewDeliveryCode(orderId: string) {
  const client = useQueryClient();
  return useMutation<OrderDelivery, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/orders/{id}/delivery-code', { params: { path: { id: orderId } } })),
    onSuccess: (answer) => refreshAfter(client, orderId, answer),
  });
}

/** POST /api/admin/riders/{id}/settle: the cash a rider hands in, counted (all he holds). */
export function useSettleRider() {
  const client = useQueryClient();
  return useMutation<RiderAnswer, ApiError, { riderId: string; amount: string }>({
    mutationFn: ({ riderId, amount }) =>
      answer(api.POST('/api/admin/riders/{id}/settle', { params: { path: { id: riderId } }, body: { amount } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.riders }),
  });
}

/** GET /api/rider/deliveries: the signed-in rider's round. */
export function useRound() {
  return useQuery({
    queryKey: adminKeys.round,
    queryFn: async ({ signal }) => (await answer(api.GET('/api/rider/deliveries', { signal }))).stops,
    refetchInterval: 60_000,
  });
}

/** POST /api/rider/deliveries/{id}/leave: the rider leaves with the order; the customer gets her code. */
export function useLeave() {
  const client = useQueryClient();
  return useMutation<StopAnswer, ApiError, string>({
    mutationFn: (orderId) =>
      answer(api.POST('/api/rider/deliveries/{id}/leave', { params: { path: { id: orderId } } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.round }),
  });
}

/** POST /api/rider/deliveries/{id}/deliver: the customer's code, and how she paid what was owed. */
export function useDeliver() {
  const client = useQueryClient();
  return useMutation<StopAnswer, ApiError, { orderId: string; code: string; paidBy: CollectedBy | null }>({
    mutationFn: ({ orderId, code, paidBy }) =>
      answer(
        api.POST('/api/rider/deliveries/{id}/deliver', { params: { path: { id: orderId } }, body: { code, paidBy } }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.round }),
  });
}

/** A handover photo sent instead of the customer's code, and how she paid. */
export interface PhotoSent {
  orderId: string;
  photo: File;
  paidBy: CollectedBy | null;
}

/** POST /api/rider/deliveries/{id}/photo (multipart): the photo waits for the shop's review. */
export function usePhotoInstead() {
  const client = useQueryClient();
  return useMutation<StopAnswer, ApiError, PhotoSent>({
    mutationFn: ({ orderId, photo, paidBy }) =>
      answer(
        api.POST('/api/rider/deliveries/{id}/photo', {
          params: { path: { id: orderId } },
          ...formBody<HandoverPhotoForm>({ photo, paidBy }),
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.round }),
  });
}
