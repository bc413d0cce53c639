import { useQuery } from '@tanstack/react-query';
import { followInterval } from '../lib/follow';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { PayPage, PaymentStart, VerifiedPayment } from '@/lib/types';

export type { PayPage };

/** GET /api/pay/{token}: the order behind a pay link, what the link asks for and whether it is open. */
export function getPayPage(token: string, signal?: AbortSignal): Promise<PayPage> {
  return answer(api.GET('/api/pay/{token}', { params: { path: { token } }, signal }));
}

/**
 * The pay page's facts; asked again after every payment so the page shows what is paid now, and,
 * while money sent later is on its way (`waitingSince`, when the page started waiting), on
 * `followInterval`'s schedule until the link is no longer open.
 */
export function usePayPage(token: string, waitingSince: number | null = null) {
  return useQuery({
    queryKey: queryKeys.payLink(token),
    queryFn: ({ signal }) => getPayPage(token, signal),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) =>
      waitingSince !== null && query.state.data?.link.status === 'open'
        ? followInterval(Date.now() - waitingSince)
        : false,
  });
}

/**
 * POST /api/pay/{token}: starts the link's payment (or resumes the one in progress). 409
 * `link_paid` or `link_ended` when the link can no longer be paid.
 */
export function startPayLink(token: string): Promise<PaymentStart> {
  return answer(api.POST('/api/pay/{token}', { params: { path: { token } } }));
}

/** POST /api/pay/{token}/verify: the server asks Paystack and adds the money on a matching success. */
export async function verifyPayLink(token: string, reference: string): Promise<VerifiedPayment> {
  const verified = await answer(
    api.POST('/api/pay/{token}/verify', { params: { path: { token } }, body: { reference } }),
  );
  return verified.data;
}

/** POST /api/pay/{token}/cancel: the pop-up was closed without paying. */
export function cancelPayLink(token: string, reference: string): Promise<unknown> {
  return answer(api.POST('/api/pay/{token}/cancel', { params: { path: { token } }, body: { reference } }));
}
