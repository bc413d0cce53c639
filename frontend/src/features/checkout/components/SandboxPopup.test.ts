import { describe, expect, it } from 'vitest';
import { sandboxWays, ussdCode } from './SandboxPopup';

describe('the sandbox pop-up', () => {
  it('offers the ways it simulates of the shop channels, in its order; a card when none', () => {
    expect(sandboxWays(['card', 'bank', 'ussd', 'bank_transfer'])).toEqual(['card', 'bank_transfer', 'ussd']);
    expect(sandboxWays(['ussd'])).toEqual(['ussd']);
    expect(sandboxWays(['bank', 'qr'])).toEqual(['card']);
    // A server from before channels: cards, as ever.
    expect(sandboxWays(undefined)).toEqual(['card']);
  });

  it('dials the amount in naira', () => {
    expect(ussdCode(1_484_500)).toBe('*737*000*14845#');
    expect(ussdCode(1_484_550)).toBe('*737*000*14845.50#');
  });
});
