import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { setSession } from '@/lib/session';

export const INVITE_ENDED = "This invitation has expired or was already used. Ask the shop's owner for a new one.";
export const JOIN_FAILED = 'Could not join the staff. Please try again.';

/** GET /api/auth/invite?token=: the e-mail and role an invitation's link offers (404 once it ended). */
export function useInvite(token: string) {
  return useQuery({
    queryKey: ['invite', token],
    queryFn: ({ signal }) => answer(api.GET('/api/auth/invite', { params: { query: { token } }, signal })),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * POST /api/auth/invite {token, displayName, password, confirmPassword}: makes the account with
 * the invitation's e-mail and role (no photo) and signs it in.
 */
export function useJoinStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; displayName: string; password: string; confirmPassword: string }) =>
      answer(api.POST('/api/auth/invite', { body })),
    onSuccess: (view) => setSession(client, view),
  });
}
