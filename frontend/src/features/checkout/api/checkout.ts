import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiFetch, isApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { queryKeys } from '@/lib/queryKeys';
import { fetchSession, setSessionCounts } from '@/lib/session';
import type { Address, CheckoutDetails, Customer, Order, PaymentMode, PaymentStart, Session } from '@/lib/types';

export type { CheckoutDetails, PaymentMode, PaymentStart };

/** POST /api/payments/verify: the outcome, in `data`. */
export type VerifyResult =
  | { success: true; reference: string; order: Order }
  | { success: false; reference: string; status: string; message: string };

export const checkoutDetailsQueryOptions = queryOptions({
  queryKey: queryKeys.checkout,
  queryFn: ({ signal }) => api.get<CheckoutDetails>('/api/checkout', signal),
  staleTime: 0,
});

export function useCheckoutDetails(enabled: boolean) {
  return useQuery({ ...checkoutDetailsQueryOptions, enabled });
}

/**
 * POST /api/checkout: the server snapshots the bag at its own prices and starts the payment.
 * `idempotencyKey` is fresh per click: the server refuses a repeat, so one click starts one payment.
 */
export function startPayment(
  body: { customer: Customer; address: Address },
  idempotencyKey: string,
): Promise<PaymentStart> {
  return apiFetch<PaymentStart>('/api/checkout', {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * POST /api/payments/cancel {reference}: the shopper closed the pop-up without paying, so the
 * units the payment held go back on sale. Best effort: a failure changes nothing for the shopper
 * (the server releases them when the payment expires anyway).
 */
export async function cancelPayment(reference: string): Promise<void> {
  try {
    await api.post<unknown>('/api/payments/cancel', { reference });
  } catch {
    // Nothing to tell the shopper.
  }
}

/** POST /api/payments/verify {reference}: the server asks the provider and, when paid, creates the order. */
export async function verifyPayment(reference: string): Promise<VerifyResult> {
  const answer = await api.post<{ data: VerifyResult }>('/api/payments/verify', { reference });
  return answer.data;
}

/**
 * Starting a payment as a mutation: each call is one attempt with its own Idempotency-Key. A 409
 * (the bag changed under the shopper) refreshes the bag.
 */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { customer: Customer; address: Address }) => startPayment(body, newIdempotencyKey()),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void client.invalidateQueries({ queryKey: queryKeys.bag });
    },
  });
}

/** After a paid checkout: the bag (now empty), the badges, the orders and the saved address. */
async function refreshAfterPayment(client: QueryClient, orderIsNew: boolean): Promise<void> {
  void client.invalidateQueries({ queryKey: queryKeys.orders });
  void client.invalidateQueries({ queryKey: queryKeys.checkout });
  const bag = client.invalidateQueries({ queryKey: queryKeys.bag });
  try {
    const session = await fetchSession();
    if (session.user) setSessionCounts(client, session.counts);
  } catch {
    const counts = client.getQueryData<Session>(queryKeys.session)?.counts;
    setSessionCounts(client, { bag: 0, newOrders: (counts?.newOrders ?? 0) + (orderIsNew ? 1 : 0) });
  }
  await bag;
}

/**
 * Verifying a payment as a mutation. A paid order refreshes the bag, badges, orders and saved
 * address in the background: the caller hears the outcome first, without waiting for them.
 */
export function useVerifyPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => verifyPayment(reference),
    onSuccess: (result) => {
      if (result.success) void refreshAfterPayment(client, result.order?.isNew ?? true);
    },
  });
}
