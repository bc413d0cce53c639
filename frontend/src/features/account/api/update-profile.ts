import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, multipart } from '@/lib/api';
import { setSession } from '@/lib/session';
import type { Session } from '@/lib/types';

export type ProfileInput = { displayName: string; phoneNumber: string; photo: File | null };

export const PROFILE_FAILED = 'Failed to update profile. Please try again.';

/** PATCH /api/account (multipart): name, phone and optionally a new photo; the e-mail never changes. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.patchForm<Session>('/api/account', multipart(input)),
    onSuccess: (view) => setSession(client, view),
  });
}
