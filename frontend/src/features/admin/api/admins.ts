import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageBody } from '@/lib/types';

/** POST /api/admin/grant {email}: gives an account the admin role; the answer's message is shown. */
export function useGrantAdmin() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageBody>('/api/admin/grant', { email }),
  });
}
