import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { FailedMail } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { FailedMail };

/** GET /api/admin/mail/failed: mail the shop gave up sending, newest first, with the reason. */
export function useFailedMail() {
  return useQuery({
    queryKey: adminKeys.failedMail,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/mail/failed', { signal })),
    staleTime: 0,
  });
}

/** POST /api/admin/mail/failed/{id}/retry (one) or /retry (all): back in line for the mail worker. */
export function useRetryMail() {
  const client = useQueryClient();
  return useMutation<{ retried: number }, ApiError, number | 'all'>({
    mutationFn: (which) =>
      answer(
        which === 'all'
          ? api.POST('/api/admin/mail/failed/retry')
          : api.POST('/api/admin/mail/failed/{id}/retry', { params: { path: { id: which } } }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.failedMail }),
  });
}
