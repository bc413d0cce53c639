import { useMutation } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { Subscribed } from '@/lib/types';

export type NotifyInput = { productId: string; email: string; size: string | null; color: string | null };

/** POST /api/products/{id}/notify: one e-mail when this sold-out size and colour is back. */
export function useNotifyWhenBack() {
  return useMutation<Subscribed, ApiError, NotifyInput>({
    mutationFn: ({ productId, email, size, color }) =>
      answer(
        api.POST('/api/products/{id}/notify', {
          params: { path: { id: productId } },
          body: { email, size: size ?? '', color: color ?? '' },
        }),
      ),
  });
}
