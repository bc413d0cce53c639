import { useMutation } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import type { ResetInput } from '@/lib/types';

export const RESET_DONE = 'Password has been successfully reset.';
export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const RESET_MISSING_CODE = 'Invalid or missing code';

/** POST /api/auth/reset: a new password with the e-mailed single-use code. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetInput) => answer(api.POST('/api/auth/reset', { body: input })),
  });
}
