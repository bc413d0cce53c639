import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StopActions } from '../routes/RoundPage';
import { answer, api, formBody, isNotFound } from '@/lib/api';
import type { HandoverPhotoForm, Stop, StopAnswer } from '@/lib/types';

/** The link's one stop, cached under its token. */
const rideKey = (token: string) => ['ride', token] as const;

/** GET /api/ride/{token}: the one delivery a rider's link is for (no account). */
export function useRideStop(token: string) {
  return useQuery({
    queryKey: rideKey(token),
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/ride/{token}', { params: { path: { token } }, signal }))).stop,
    // An ended link stays ended: asking again would only spend the address's allowance.
    retry: (count, error) => !isNotFound(error) && count < 2,
    refetchInterval: 60_000,
  });
}

/**
 * The stop's buttons for a link: the same as the round's, answered for the token's delivery
 * alone. Each answer is the stop as it is now; a delivered stop stays shown (its link has ended,
 * so asking the server again would answer that).
 */
export function useRideActions(token: string): StopActions {
  const client = useQueryClient();
  const show = (reply: StopAnswer) => client.setQueryData<Stop>(rideKey(token), reply.stop);
  const path = { params: { path: { token } } };
  return {
    leave: useMutation({
      mutationFn: () => answer(api.POST('/api/ride/{token}/leave', path)),
      onSuccess: show,
    }),
    deliver: useMutation({
      mutationFn: ({ code, paidBy }) =>
        answer(api.POST('/api/ride/{token}/deliver', { ...path, body: { code, paidBy } })),
      onSuccess: show,
    }),
    photo: useMutation({
      mutationFn: ({ photo, paidBy }) =>
        answer(api.POST('/api/ride/{token}/photo', { ...path, ...formBody<HandoverPhotoForm>({ photo, paidBy }) })),
      onSuccess: show,
    }),
  };
}
