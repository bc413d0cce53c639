import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Address, Customer, Order } from '@/lib/types';

export type PaymentMode = 'sandbox' | 'paystack';

/** GET /api/checkout: the form's starting values. */
export type CheckoutDetails = { customer: Customer; address: Address | null; mode: PaymentMode; publicKey: string };

/** POST /api/checkout: what the pop-up needs to take the payment. */
export type PaymentStart = {
  reference: string;
  accessCode: string;
  authorizationUrl: string;
  /** kobo */
  amount: number;
  currency: 'NGN';
  email: string;
  publicKey: string;
  mode: PaymentMode;
  metadata: { name: string; phone: string };
};

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

/** POST /api/payments/verify {reference}: the server asks the provider and, when paid, creates the order. */
export async function verifyPayment(reference: string): Promise<VerifyResult> {
  const answer = await api.post<{ data: VerifyResult }>('/api/payments/verify', { reference });
  return answer.data;
}
