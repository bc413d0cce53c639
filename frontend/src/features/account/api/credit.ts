import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import type { AccountCredit } from '@/lib/types';

export type { AccountCredit };

const creditKey = ['account', 'credit'] as const;

/** GET /api/account/credit: the signed-in customer's store credit, its ledger, and whether her e-mail is proved. */
export function useAccountCredit() {
  return useQuery({
    queryKey: creditKey,
    queryFn: ({ signal }) => answer(api.GET('/api/account/credit', { signal })),
    staleTime: 0,
  });
}
