import { describe, expect, it } from 'vitest';
import { FOLLOW_FAST_MS, FOLLOW_FOR_MS, FOLLOW_SLOW_MS, followInterval } from './follow';

describe('following money sent later', () => {
  it('asks often at first, then less, and stops after an hour', () => {
    expect(followInterval(0)).toBe(FOLLOW_FAST_MS);
    expect(followInterval(60_000)).toBe(FOLLOW_FAST_MS);
    expect(followInterval(5 * 60_000)).toBe(FOLLOW_SLOW_MS);
    expect(followInterval(FOLLOW_FOR_MS)).toBe(false);
  });
});
