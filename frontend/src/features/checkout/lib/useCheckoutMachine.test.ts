import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCheckoutMachine } from './useCheckoutMachine';
import type { CheckoutValues } from './validate';
import { ADA, LAGOS_ADDRESS } from '@/test/fixtures';

const values: CheckoutValues = { customer: ADA, address: LAGOS_ADDRESS, method: 'delivery' };

describe('useCheckoutMachine', () => {
  it('says whether each action was taken, and renders the new state', () => {
    const { result } = renderHook(() => useCheckoutMachine());
    expect(result.current[0]).toEqual({ step: 'closed', values: null, code: null });
    let taken: boolean[] = [];
    act(() => {
      const send = result.current[1];
      taken = [send({ type: 'back' }), send({ type: 'open' }), send({ type: 'submit', values })];
    });
    expect(taken).toEqual([false, true, true]);
    expect(result.current[0]).toEqual({ step: 'payment', values, code: null, payment: { status: 'ready' } });
  });

  it('two Pay clicks before a re-render: only the first is taken', () => {
    const { result } = renderHook(() => useCheckoutMachine());
    act(() => {
      result.current[1]({ type: 'open' });
      result.current[1]({ type: 'submit', values });
    });
    const send = result.current[1];
    let taken: boolean[] = [];
    act(() => {
      // Both in one batch: the component has not re-rendered the button as disabled in between.
      taken = [send({ type: 'pay' }), send({ type: 'pay' })];
    });
    expect(taken).toEqual([true, false]);
    expect(result.current[0]).toEqual({ step: 'payment', values, code: null, payment: { status: 'starting' } });
    expect(result.current[1]).toBe(send);
  });
});
