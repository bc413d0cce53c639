import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, formBody, type FormFields } from '@/lib/api';
import { setSession } from '@/lib/session';
import type { AccountForm } from '@/lib/types';

/** The profile form's fields, as the document names them: a photo only when it changes. */
export type ProfileInput = FormFields<AccountForm>;

export const PROFILE_FAILED = 'Failed to update profile. Please try again.';

/** PATCH /api/account (multipart): name, phone and optionally a new photo; the e-mail never changes. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => answer(api.PATCH('/api/account', formBody<AccountForm>(input))),
    onSuccess: (view) => setSession(client, view),
  });
}
