import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
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
    mutationFn: (input: SignupInput) => {
      const form = new FormData();
      form.set('displayName', input.displayName);
      form.set('email', input.email);
      form.set('password', input.password);
      form.set('confirmPassword', input.confirmPassword);
      form.set('photo', input.photo);
      return api.postForm<Session>('/api/auth/signup', form);
    },
    onSuccess: (view) => setSession(client, view),
  });
}
