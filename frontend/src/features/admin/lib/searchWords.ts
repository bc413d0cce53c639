import type { SynonymList } from '@/lib/types';

/** One group as the form edits it: its words in one line, separated by commas. */
export type GroupDraft = { key: string; text: string };

let nextKey = 0;
const newKey = () => `group-${++nextKey}`;

export const emptyGroup = (): GroupDraft => ({ key: newKey(), text: '' });

/** The saved groups as form rows. */
export function draftOf(list: SynonymList): GroupDraft[] {
  return list.groups.map((group) => ({ key: newKey(), text: group.words.join(', ') }));
}

/** A row's words: split on commas, trimmed, blanks left out. */
export function wordsOf(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim().replace(/\s+/g, ' '))
    .filter((word) => word.length > 0);
}

/** What PUT /api/admin/search/synonyms gets: every row with words, in order (empty rows dropped). */
export function inputOf(rows: ReadonlyArray<GroupDraft>): SynonymList {
  return { groups: rows.map((row) => ({ words: wordsOf(row.text) })).filter((group) => group.words.length > 0) };
}

export const ONE_WORD_GROUP = 'Each group needs at least two words that mean the same.';

/** What keeps the rows from being saved (the server checks the rest), or null. */
export function groupsProblem(rows: ReadonlyArray<GroupDraft>): string | null {
  return inputOf(rows).groups.some((group) => group.words.length < 2) ? ONE_WORD_GROUP : null;
}
