import { describe, expect, it } from 'vitest';
import { changeOf, draftOf, isChanged } from './settings';

const saved = { maxPerLine: 5, maxPerCheckout: 20, maxOrderTotal: 500_000_000 };

describe('settings draft', () => {
  it('edits counts as digits and amounts as naira', () => {
    expect(draftOf({ ...saved, maxOrderTotal: 12_345_050 })).toEqual({
      maxPerLine: '5',
      maxPerCheckout: '20',
      maxOrderTotal: '123450.50',
    });
  });

  it('changes only what differs, amounts parsed exactly into kobo', () => {
    const draft = { ...draftOf(saved), maxPerCheckout: ' 30 ', maxOrderTotal: '4,999,999.99' };
    expect(changeOf(draft, saved)).toEqual({ change: { maxPerCheckout: 30, maxOrderTotal: 499_999_999 } });
    expect(changeOf(draftOf(saved), saved)).toEqual({ change: {} });
    // "05" reads as 5: typed differently, the same value.
    expect(isChanged({ ...draftOf(saved), maxPerLine: '05' }, saved)).toBe(true);
    expect(changeOf({ ...draftOf(saved), maxPerLine: '05' }, saved)).toEqual({ change: {} });
  });

  it('names the first field that is not a value, leaving ranges to the server', () => {
    expect(changeOf({ ...draftOf(saved), maxPerLine: '' }, saved)).toEqual({
      problem: 'The most of one item per order must be a whole number.',
      key: 'maxPerLine',
    });
    expect(changeOf({ ...draftOf(saved), maxOrderTotal: '-5' }, saved)).toEqual({
      problem: 'The largest order total cannot be negative.',
      key: 'maxOrderTotal',
    });
    expect(changeOf({ ...draftOf(saved), maxPerLine: '500' }, saved)).toEqual({ change: { maxPerLine: 500 } });
  });
});
