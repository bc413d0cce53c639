import type { AdminOrder } from '@/lib/types';

type Refund = AdminOrder['refunds'][number];

let next = 1;

/** A refund as the API lists it: pending unless told, made on 6 March 2025. */
export function refund(overrides: Partial<Refund> = {}): Refund {
  const id = `rf-${next++}`;
  return {
    id,
    amount: 500_000,
    reason: 'Size 42 sold out',
    status: 'pending',
    failureReason: null,
    restocked: 0,
    createdAt: Date.UTC(2025, 2, 6, 9, 30),
    updatedAt: Date.UTC(2025, 2, 6, 9, 30),
    ...overrides,
  };
}
