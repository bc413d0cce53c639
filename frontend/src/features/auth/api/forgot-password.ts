import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';

export const FORGOT_SENT = 'Password reset link has been sent to your email.';
export const FORGOT_FAILED = 'Failed to send password reset link. Please try again.';

/** POST /api/auth/forgot: mails a reset link (the answer is the same whether the account exists). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => answer(api.POST('/api/auth/forgot', { body: { email } })),
  });
}
