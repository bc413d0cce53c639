import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, multipart } from '@/lib/api';
import { setSession } from '@/lib/session';
import type { Session } from '@/lib/types';

export type SignupInput = {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
  photo: File;
};

/** POST /api/auth/signup (multipart): creates the account and signs it in. */
export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => api.postForm<Session>('/api/auth/signup', multipart(input)),
    onSuccess: (view) => setSession(client, view),
  });
}
