import { describe, expect, it } from 'vitest';
import {
  AMOUNT_NEEDED,
  CODE_FORMAT,
  codeProblem,
  codeState,
  describeConditions,
  describeDiscount,
  describeUses,
  EMPTY_CODE,
  endOfDay,
  newCodeOf,
  PERCENT_RANGE,
  STARTS_BEFORE_ENDS,
  startOfDay,
  TOTAL_USES,
  USES_PER_CUSTOMER,
  type CodeDraft,
} from './discounts';
import { summary } from '../test/discounts';

function draft(overrides: Partial<CodeDraft>): CodeDraft {
  return { ...EMPTY_CODE, code: 'SUMMER10', percent: '10', ...overrides };
}

describe('discount code form', () => {
  it('turns date inputs into local midnight and the last millisecond of the day', () => {
    expect(startOfDay('2026-03-05')).toBe(new Date(2026, 2, 5).getTime());
    expect(endOfDay('2026-03-05')).toBe(new Date(2026, 2, 6).getTime() - 1);
    expect(startOfDay('')).toBeNull();
    expect(endOfDay('05/03/2026')).toBeNull();
  });

  it('checks what the server checks, in its words', () => {
    expect(codeProblem(draft({}))).toBeNull();
    expect(codeProblem(draft({ code: 'ab c' }))).toBe(CODE_FORMAT);
    expect(codeProblem(draft({ code: 'x'.repeat(33) }))).toBe(CODE_FORMAT);
    expect(codeProblem(draft({ percent: '0' }))).toBe(PERCENT_RANGE);
    expect(codeProblem(draft({ percent: '101' }))).toBe(PERCENT_RANGE);
    expect(codeProblem(draft({ percent: '12.5' }))).toBe(PERCENT_RANGE);
    expect(codeProblem(draft({ kind: 'fixed', amount: '' }))).toBe(AMOUNT_NEEDED);
    expect(codeProblem(draft({ kind: 'fixed', amount: '0.00' }))).toBe(AMOUNT_NEEDED);
    expect(codeProblem(draft({ kind: 'fixed', amount: '-5' }))).toBe('The amount cannot be negative.');
    expect(codeProblem(draft({ kind: 'fixed', amount: '5,000' }))).toBeNull();
    expect(codeProblem(draft({ kind: 'free-delivery', percent: '' }))).toBeNull();
    expect(codeProblem(draft({ minSubtotal: 'lots' }))).toMatch(/^The minimum spend: "lots" is not a valid price/);
    expect(codeProblem(draft({ startsOn: '2026-03-05', endsOn: '2026-03-04' }))).toBe(STARTS_BEFORE_ENDS);
    expect(codeProblem(draft({ startsOn: '2026-03-05', endsOn: '2026-03-05' }))).toBeNull();
    expect(codeProblem(draft({ maxUses: '0' }))).toBe(TOTAL_USES);
    expect(codeProblem(draft({ perCustomer: 'two' }))).toBe(USES_PER_CUSTOMER);
  });

  it('sends only what applies to the kind, blanks left out', () => {
    expect(newCodeOf(draft({ amount: '5000' }))).toEqual({ code: 'SUMMER10', kind: 'percent', percent: 10 });
    expect(
      newCodeOf(
        draft({
          code: ' BIG5K ',
          kind: 'fixed',
          amount: '5000',
          minSubtotal: '20,000',
          startsOn: '2026-03-05',
          endsOn: '2026-03-31',
          maxUses: '100',
          perCustomer: '1',
          collections: ['suits'],
        }),
      ),
    ).toEqual({
      code: 'BIG5K',
      kind: 'fixed',
      amount: '5000',
      minSubtotal: '20,000',
      startsAt: new Date(2026, 2, 5).getTime(),
      endsAt: new Date(2026, 3, 1).getTime() - 1,
      maxUses: 100,
      perCustomer: 1,
      collections: ['suits'],
    });
    expect(newCodeOf(draft({ kind: 'free-delivery' }))).toEqual({ code: 'SUMMER10', kind: 'free-delivery' });
  });
});

describe('discount code summaries', () => {
  it('say what a code takes off', () => {
    expect(describeDiscount(summary())).toBe('10 %');
    expect(describeDiscount(summary({ kind: 'fixed', percent: null, amount: 500_000 }))).toBe('₦5,000.00 off');
    expect(describeDiscount(summary({ kind: 'free-delivery', percent: null }))).toBe('Free delivery');
  });

  it('list the conditions, collections by name', () => {
    expect(describeConditions(summary(), new Map())).toEqual([]);
    const names = new Map([['suits', 'Suits']]);
    expect(
      describeConditions(
        summary({
          minSubtotal: 2_000_000,
          startsAt: Date.UTC(2026, 2, 5, 12),
          endsAt: Date.UTC(2026, 2, 31, 12),
          maxUses: 100,
          perCustomer: 1,
          collections: ['suits', 'gone'],
        }),
        names,
      ),
    ).toEqual([
      'Spend ₦20,000.00 or more',
      '5 March 2026 to 31 March 2026',
      '100 uses in all',
      '1 use per customer',
      'Suits, gone only',
    ]);
    expect(describeConditions(summary({ endsAt: Date.UTC(2026, 2, 31, 12) }), names)).toEqual(['Until 31 March 2026']);
  });

  it('count uses and tell the state', () => {
    expect(describeUses(summary({ uses: 3 }))).toBe('3 used');
    expect(describeUses(summary({ uses: 3, maxUses: 100, held: 1 }))).toBe('3 of 100 used · 1 held');
    const now = Date.UTC(2026, 2, 10);
    expect(codeState(summary(), now)).toBe('live');
    expect(codeState(summary({ paused: true, endsAt: now - 1 }), now)).toBe('paused');
    expect(codeState(summary({ endsAt: now - 1 }), now)).toBe('ended');
    expect(codeState(summary({ maxUses: 2, uses: 2 }), now)).toBe('used-up');
    expect(codeState(summary({ startsAt: now + 1 }), now)).toBe('scheduled');
  });
});
