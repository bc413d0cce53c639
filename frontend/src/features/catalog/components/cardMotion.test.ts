import { describe, expect, it } from 'vitest';
import { CARD_SCALE_MAX, CARD_SCALE_MIN, cardScale } from './cardMotion';

describe('cardScale', () => {
  it('is 1.1 at the viewport centre and 0.95 far away', () => {
    expect(cardScale(0, 800, 400)).toBeCloseTo(CARD_SCALE_MAX);
    expect(cardScale(600, 800, 400)).toBeCloseTo(CARD_SCALE_MIN);
    expect(cardScale(-5000, 800, 400)).toBeCloseTo(CARD_SCALE_MIN);
  });

  it('shrinks linearly with distance, the same above and below', () => {
    expect(cardScale(300, 800, 400)).toBeCloseTo(1.025);
    expect(cardScale(-300, 800, 400)).toBeCloseTo(1.025);
    expect(cardScale(100, 800, 400)).toBeGreaterThan(cardScale(200, 800, 400));
  });
});
