import { describe, expect, it } from 'vitest';
import { heldUntilText } from './heldUntil';

describe('heldUntilText', () => {
  it('says the time in Lagos, 24-hour, whatever the zone of the device', () => {
    // 13:35 UTC is 14:35 in Lagos (UTC+1, no summer time).
    expect(heldUntilText(Date.UTC(2026, 10, 25, 13, 35))).toBe('Your items are held until 14:35');
    expect(heldUntilText(Date.UTC(2026, 5, 1, 23, 5))).toBe('Your items are held until 00:05');
  });

  it('says nothing without a time', () => {
    expect(heldUntilText(0)).toBeNull();
  });
});
