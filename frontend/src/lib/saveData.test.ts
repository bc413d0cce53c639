import { describe, expect, it } from 'vitest';
import { oneXSizes } from './saveData';

describe('oneXSizes', () => {
  it('divides every slot by the device pixel ratio, keeping the media conditions', () => {
    expect(oneXSizes('100vw', 2)).toBe('calc(100vw / 2)');
    expect(oneXSizes('(min-width: 1232px) 280px, (min-width: 768px) 31vw, 48vw', 3)).toBe(
      '(min-width: 1232px) calc(280px / 3), (min-width: 768px) calc(31vw / 3), calc(48vw / 3)',
    );
  });

  it('leaves a 1x screen as it is', () => {
    expect(oneXSizes('48px', 1)).toBe('48px');
  });
});
