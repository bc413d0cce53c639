import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import type { ReturnCondition, ReturnRequest, ReturnSendBack, ReturnStatus } from '@/lib/types';
import { adminKeys } from './queryKeys';

/** Which requests the Returns screen lists: one status, or all. */
export type ReturnFilter = ReturnStatus | 'all';

/** GET /api/admin/returns?status=: newest first (without the money for roles that may not see it). */
export function useAdminReturns(filter: ReturnFilter) {
  return useQuery({
    queryKey: adminKeys.returns.list(filter),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/admin/returns', { params: { query: { status: filter === 'all' ? undefined : filter } }, signal }),
      ),
    staleTime: 0,
  });
}

/** One decision on a request: what each button sends. */
export type ReturnDecision =
  | { id: string; step: 'approve'; sendBack: ReturnSendBack; message: string }
  | { id: string; step: 'refuse'; message: string }
  | { id: string; step: 'receive'; condition: ReturnCondition }
  | { id: string; step: 'close' }
  | { id: string; step: 'refund' };

function decide(decision: ReturnDecision): Promise<ReturnRequest> {
  const path = { params: { path: { id: decision.id } } };
  switch (decision.step) {
    case 'approve':
      return answer(
        api.POST('/api/admin/returns/{id}/approve', {
          ...path,
          body: { sendBack: decision.sendBack, message: decision.message || null },
        }),
      );
    case 'refuse':
      return answer(api.POST('/api/admin/returns/{id}/refuse', { ...path, body: { message: decision.message } }));
    case 'receive':
      return answer(api.POST('/api/admin/returns/{id}/receive', { ...path, body: { condition: decision.condition } }));
    case 'close':
      return answer(api.POST('/api/admin/returns/{id}/close', path));
    case 'refund':
      return answer(api.POST('/api/admin/returns/{id}/refund', path));
  }
}

/** Sends a decision; every list is read afresh after it (a request moves between statuses). */
export function useDecideReturn() {
  const client = useQueryClient();
  return useMutation<ReturnRequest, ApiError, ReturnDecision>({
    mutationFn: decide,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.returns.all }),
  });
}
