import { describe, expect, it } from 'vitest';
import { draftOf, groupsProblem, inputOf, ONE_WORD_GROUP, wordsOf } from './searchWords';

describe('search words', () => {
  it('reads a row as words separated by commas, trimmed, blanks left out', () => {
    expect(wordsOf(' trainers,sneakers ,, kicks , ')).toEqual(['trainers', 'sneakers', 'kicks']);
    expect(wordsOf('wrist   watch, watch')).toEqual(['wrist watch', 'watch']);
    expect(wordsOf('  ')).toEqual([]);
  });

  it('sends the rows with words in order and drops empty rows', () => {
    const rows = [
      { key: 'a', text: 'tux, tuxedo' },
      { key: 'b', text: ' ' },
      { key: 'c', text: 'pants, trousers' },
    ];
    expect(inputOf(rows)).toEqual({ groups: [{ words: ['tux', 'tuxedo'] }, { words: ['pants', 'trousers'] }] });
  });

  it('shows saved groups as comma-separated rows, which read back the same', () => {
    const saved = { groups: [{ words: ['watch', 'wristwatch', 'wrist watch'] }] };
    const rows = draftOf(saved);
    expect(rows.map((r) => r.text)).toEqual(['watch, wristwatch, wrist watch']);
    expect(inputOf(rows)).toEqual(saved);
  });

  it('refuses a group of one word', () => {
    expect(groupsProblem([{ key: 'a', text: 'tee' }])).toBe(ONE_WORD_GROUP);
    expect(
      groupsProblem([
        { key: 'a', text: 'tee, t-shirt' },
        { key: 'b', text: '' },
      ]),
    ).toBeNull();
  });
});
