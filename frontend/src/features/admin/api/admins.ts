import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';

/** POST /api/admin/grant {email}: gives an account the admin role; the answer's message is shown. */
export function useGrantAdmin() {
  return useMutation({
    mutationFn: (email: string) => answer(api.POST('/api/admin/grant', { body: { email } })),
  });
}
