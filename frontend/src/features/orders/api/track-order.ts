import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { TrackRequest } from '@/lib/types';

export type { TrackRequest };

/**
 * GET /api/orders/track?number=…&email=… (or &phone=…): one order found by its number (any case)
 * and the e-mail or phone it was placed with; no login needed. 404 when nothing matches, 429
 * after too many tries.
 */
export const trackOrderQueryOptions = ({ number, email, phone }: TrackRequest) =>
  queryOptions({
    queryKey: queryKeys.track(number ?? '', email ?? phone ?? ''),
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/orders/track', { params: { query: { number, email, phone } }, signal }))).order,
    retry: false,
    staleTime: 30_000,
  });

/** The order for the submitted form (nothing until it is submitted). */
export function useTrackedOrder(request: TrackRequest | null) {
  return useQuery({
    ...trackOrderQueryOptions(request ?? { number: '', email: '' }),
    enabled: request !== null,
  });
}
