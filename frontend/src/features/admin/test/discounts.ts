import type { DiscountCode } from '@/lib/types';

/** A discount code as GET /api/admin/discounts answers it: 10 % off, no conditions, unused. */
export function summary(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'SUMMER10',
    kind: 'percent',
    percent: 10,
    amount: null,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    perCustomer: null,
    collections: [],
    paused: false,
    uses: 0,
    held: 0,
    revenue: 0,
    discounted: 0,
    ...overrides,
  };
}
