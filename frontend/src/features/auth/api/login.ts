import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, isApiError, serverReason } from '@/lib/api';
import { setSession } from '@/lib/session';
import type { LoginInput } from '@/lib/types';

export const LOGIN_FAILED = 'Failed to login. Please check your credentials.';
export const LOGIN_UNEXPECTED = 'An unexpected error occurred. Please try again.';

/**
 * The error box's text (SPEC section 8). The server already answers the catalogue's messages (No
 * account found with this email., Incorrect password., Invalid email address., Too many failed
 * login attempts. Please try again later.); no answer or a server failure reads "Failed to
 * login…", and anything that is not an API error at all is unexpected.
 */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_UNEXPECTED;
  return serverReason(error) ?? LOGIN_FAILED;
}

/** POST /api/auth/login. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => answer(api.POST('/api/auth/login', { body: input })),
    onSuccess: (view) => setSession(client, view),
  });
}
