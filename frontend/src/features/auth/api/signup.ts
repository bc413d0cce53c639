import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, formBody, type FormFields } from '@/lib/api';
import { setSession } from '@/lib/session';
import type { SignupForm } from '@/lib/types';

/** The sign-up form's fields, as the document names them (the photo a file). */
export type SignupInput = FormFields<SignupForm>;

/** POST /api/auth/signup (multipart): creates the account and signs it in. */
export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => answer(api.POST('/api/auth/signup', formBody<SignupForm>(input))),
    onSuccess: (view) => setSession(client, view),
  });
}
