import { useCallback, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, api, isApiError, type ApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { queryKeys } from '@/lib/queryKeys';
import { fetchSession, hasBag, setSession, setSessionCounts } from '@/lib/session';
import { checkoutDetailsQueryOptions } from '@/lib/shopping';
import { followInterval } from '../lib/follow';
import type {
  CheckoutDetails,
  CheckoutQuote,
  DeliveryMethod,
  KeepAccountBody,
  PaymentMethod,
  PaymentMode,
  PaymentStart,
  PlacedOrder,
  QuoteRequest,
  Session,
  StartBody,
  VerifiedPayment,
} from '@/lib/types';

export type {
  CheckoutDetails,
  CheckoutQuote,
  DeliveryMethod,
  PaymentMethod,
  PaymentMode,
  PaymentStart,
  PlacedOrder,
  QuoteRequest,
  StartBody,
};

/** POST /api/checkout's answer: the pop-up's details (Paystack), or the order placed (pay on delivery). */
export type StartAnswer = PaymentStart | PlacedOrder;

export function isPlaced(answer: StartAnswer): answer is PlacedOrder {
  return 'order' in answer && typeof answer.order === 'object' && answer.order !== null;
}

/** POST /api/checkout/quote: the bag priced for a state, a method and a code (400 with the reason a code fails). */
export function fetchQuote(request: QuoteRequest, signal?: AbortSignal): Promise<CheckoutQuote> {
  const { state, method, code, useCredit, giftCard, email, currency, country } = request;
  return answer(
    api.POST('/api/checkout/quote', {
      body: { state, method, code, useCredit, giftCard, email, currency, country },
      signal,
    }),
  );
}

/** The part of a quote's key that store credit and a gift card make: a different choice is a different price. */
export function tenderKey(request: Pick<QuoteRequest, 'useCredit' | 'giftCard' | 'email'> | null): string {
  if (!request) return '';
  return `${request.useCredit ? 'credit' : ''}:${request.giftCard ?? ''}:${request.email ?? ''}`;
}

/** The part of a quote's key that the currency and the country make (naira to Nigeria unless said). */
export function moneyKey(request: Pick<QuoteRequest, 'currency' | 'country'> | null): string {
  return `${request?.currency ?? 'NGN'}:${request?.country ?? 'NG'}`;
}

/**
 * The checkout summary's figures, from the server, re-asked when the state, the method, the code
 * or the bag (`bag`, its lines summed up) change. The last answer stays on screen while the next loads.
 */
export function useQuote(request: QuoteRequest | null, bag: string) {
  return useQuery({
    queryKey: queryKeys.quote(
      bag,
      request?.state ?? '',
      request?.method ?? 'delivery',
      request?.code ?? null,
      tenderKey(request),
      moneyKey(request),
    ),
    queryFn: ({ signal }) => fetchQuote(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** "Apply": tries a code; a success is cached as the quote for that code, so the summary shows it at once. */
export function useApplyCode(bag: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: QuoteRequest) => fetchQuote(request),
    onSuccess: (quote, request) => {
      client.setQueryData(
        queryKeys.quote(
          bag,
          request.state ?? '',
          request.method ?? 'delivery',
          quote.code,
          tenderKey(request),
          moneyKey(request),
        ),
        quote,
      );
    },
  });
}

export function useCheckoutDetails(enabled: boolean) {
  return useQuery({ ...checkoutDetailsQueryOptions, enabled });
}

/**
 * POST /api/checkout: the server snapshots the bag at its own prices and starts the payment (201),
 * or opens the shopper's payment already started for this very bag and price again (200): both
 * answer the pop-up's details. With `paymentMethod: 'pay_on_delivery'` the order is placed at
 * once and answered instead (201, `{order}`). `idempotencyKey` is fresh per click: the server
 * refuses a repeat, so one click starts one payment.
 */
export function startPayment(body: StartBody, idempotencyKey: string): Promise<StartAnswer> {
  return answer(api.POST('/api/checkout', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/**
 * POST /api/payments/cancel {reference}: the shopper closed the pop-up without paying, so the
 * units the payment held go back on sale. Best effort: a failure changes nothing for the shopper
 * (the server releases them when the payment expires anyway).
 */
export async function cancelPayment(reference: string): Promise<void> {
  try {
    await answer(api.POST('/api/payments/cancel', { body: { reference } }));
  } catch {
    // Nothing to tell the shopper.
  }
}

/**
 * POST /api/payments/cancel {}: "Cancel that payment" for a payment in progress from another
 * attempt (another tab, another bag): every unpaid payment of the shopper ends and its holds go
 * back. Rejects when it could not be done, for the shopper to see.
 */
export async function cancelOpenPayments(): Promise<void> {
  await answer(api.POST('/api/payments/cancel', { body: {} }));
}

/** POST /api/payments/verify {reference}: the server asks the provider and, when paid, creates the order. */
export async function verifyPayment(reference: string): Promise<VerifiedPayment> {
  return (await answer(api.POST('/api/payments/verify', { body: { reference } }))).data;
}

/**
 * Starting a payment as a mutation: each call is one attempt with its own Idempotency-Key. A 409
 * (the bag changed under the shopper, or its total) refreshes the bag, and a changed total prices
 * the checkout again, so the summary and Pay show the new total.
 */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartBody) => startPayment(body, newIdempotencyKey()),
    onError: (error) => {
      if (!isApiError(error) || error.status !== 409) return;
      void client.invalidateQueries({ queryKey: queryKeys.bag });
      if (error.code === 'price_changed') void client.invalidateQueries({ queryKey: queryKeys.quotes });
    },
  });
}

/**
 * After a paid (or placed) checkout: the bag (now empty), the badges, the orders and the saved
 * address; also after a transfer the shop is waiting for (the bag as the server now has it).
 */
export async function refreshAfterPayment(client: QueryClient, orderIsNew: boolean): Promise<void> {
  void client.invalidateQueries({ queryKey: queryKeys.orders });
  void client.invalidateQueries({ queryKey: queryKeys.checkout });
  const bag = client.invalidateQueries({ queryKey: queryKeys.bag });
  try {
    const session = await fetchSession();
    if (hasBag(session)) setSessionCounts(client, session.counts);
  } catch {
    const counts = client.getQueryData<Session>(queryKeys.session)?.counts;
    setSessionCounts(client, { bag: 0, newOrders: (counts?.newOrders ?? 0) + (orderIsNew ? 1 : 0) });
  }
  await bag;
}

/** A pay-on-delivery order placed: what changes is what a paid order changes. */
export function usePlacedOrder() {
  const client = useQueryClient();
  return useCallback((placed: PlacedOrder) => void refreshAfterPayment(client, placed.order.isNew), [client]);
}

/**
 * GET /api/payments/{reference}: where a payment stands by the shop's own records (Paystack is not
 * asked), for a page waiting on a transfer or USSD payment: asked again on `followInterval`'s
 * schedule until it completes (the answer then carries the order), and not after an hour.
 */
export function usePaymentFollow(reference: string | null) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: ['payment', reference ?? ''],
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/payments/{reference}', { params: { path: { reference: reference ?? '' } }, signal })))
        .data,
    enabled: reference !== null,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.success ? false : followInterval(Date.now() - since)),
  });
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
      // A transfer on its way: the bag and badges as the server now has them, no new order yet.
      else if (result.status === 'pending') void refreshAfterPayment(client, false);
    },
  });
}

/**
 * POST /api/auth/keep-account {password, confirmPassword}: after paying as a guest, "Keep your
 * details for next time" makes an account of the order's name, e-mail and phone and signs it in
 * (the answer is the new session, which replaces the visitor's).
 */
export function useKeepAccount() {
  const client = useQueryClient();
  return useMutation<Session, ApiError, KeepAccountBody>({
    mutationFn: (body) => answer(api.POST('/api/auth/keep-account', { body })),
    onSuccess: (view) => void setSession(client, view),
  });
}
