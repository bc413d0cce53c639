import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

import type { TestCardResult, TestPayment } from '@/lib/types';

/** GET /api/sandbox/checkout/{accessCode}: the test transaction the sandbox pop-up shows. */
export type SandboxTransaction = TestPayment;

/** A test card's outcome, or a test bank transfer or USSD payment (pending until the sandbox's webhook). */
export type SandboxOutcome = 'success' | 'declined' | 'insufficient_funds' | 'transfer' | 'ussd';

/**
 * POST /api/sandbox/checkout/{accessCode}: pays with a test card ("success" or "failed"), or
 * reports a test transfer or USSD payment sent ("pending": the sandbox's webhook completes it later).
 */
export type SandboxCharge = TestCardResult;

export function getSandboxTransaction(accessCode: string, signal?: AbortSignal): Promise<SandboxTransaction> {
  return answer(
    api.GET('/api/sandbox/checkout/{access_code}', { params: { path: { access_code: accessCode } }, signal }),
  );
}

/** The transaction while its pop-up is open: read once, forgotten when the pop-up closes. */
export function useSandboxTransaction(accessCode: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sandbox(accessCode),
      queryFn: ({ signal }) => getSandboxTransaction(accessCode, signal),
      gcTime: 0,
      staleTime: Infinity,
      retry: false,
    }),
  );
}

export function chargeSandbox(accessCode: string, outcome: SandboxOutcome): Promise<SandboxCharge> {
  return answer(
    api.POST('/api/sandbox/checkout/{access_code}', {
      params: { path: { access_code: accessCode } },
      body: { outcome },
    }),
  );
}
