import { koboToNairaText, nairaProblem, nairaToKobo } from './naira';
import type { ShopSettings, ShopSettingsChange } from '@/lib/types';

/**
 * The Settings screen's sections and fields, as data: a later setting is a new entry here (and a
 * new kind when it is not a count or an amount), and the screen, the draft and the change sent
 * follow. Every value is edited as text; amounts are naira as typed and go to the server in kobo.
 */
export type SettingKey = keyof ShopSettings;

export type SettingField = {
  key: SettingKey;
  kind: 'count' | 'naira';
  label: string;
  /** How the messages name it: "The most items per order must be …". */
  noun: string;
  hint: string;
  /** The largest count the server takes (a hint to the number pad; the server checks). */
  max?: number;
};

export type SettingsSection = { id: string; title: string; lead: string; fields: ReadonlyArray<SettingField> };

export const SETTINGS_SECTIONS: ReadonlyArray<SettingsSection> = [
  {
    id: 'order-limits',
    title: 'Order limits',
    lead: 'What one shopper may hold and buy in one order. Checkout and the bag refuse more, saying why.',
    fields: [
      {
        key: 'maxPerLine',
        kind: 'count',
        label: 'Most of one item per order',
        noun: 'most of one item per order',
        hint: 'Units of one size and colour, from 1 to 99.',
        max: 99,
      },
      {
        key: 'maxPerCheckout',
        kind: 'count',
        label: 'Most items per order',
        noun: 'most items per order',
        hint: 'Units in all, from 1 to 999.',
        max: 999,
      },
      {
        key: 'maxOrderTotal',
        kind: 'naira',
        label: 'Largest order total (₦)',
        noun: 'largest order total',
        hint: 'A payment is never started for more, so no stock is held for it.',
      },
    ],
  },
];

const FIELDS = SETTINGS_SECTIONS.flatMap((section) => section.fields);

export type SettingsDraft = Record<SettingKey, string>;

/** The settings as the form edits them: counts as digits, amounts as naira ("5000000"). */
export function draftOf(settings: ShopSettings): SettingsDraft {
  const draft = {} as SettingsDraft;
  for (const field of FIELDS) {
    const value = settings[field.key];
    draft[field.key] = field.kind === 'naira' ? koboToNairaText(value) : String(value);
  }
  return draft;
}

/** A field's value as the server takes it, or what is wrong with it (the server checks the ranges). */
function parse(field: SettingField, text: string): { value: number } | { problem: string } {
  if (field.kind === 'naira') {
    const problem = nairaProblem(text, field.noun);
    return problem ? { problem } : { value: nairaToKobo(text)! };
  }
  const typed = text.trim();
  return /^\d{1,9}$/.test(typed) ? { value: Number(typed) } : { problem: `The ${field.noun} must be a whole number.` };
}

/**
 * The PATCH body: only the fields whose value differs from `saved`, or the first problem (with the
 * key of its field, to focus it). An empty change means nothing to save.
 */
export function changeOf(
  draft: SettingsDraft,
  saved: ShopSettings,
): { change: ShopSettingsChange } | { problem: string; key: SettingKey } {
  const change: ShopSettingsChange = {};
  for (const field of FIELDS) {
    const parsed = parse(field, draft[field.key]);
    if ('problem' in parsed) return { problem: parsed.problem, key: field.key };
    if (parsed.value !== saved[field.key]) change[field.key] = parsed.value;
  }
  return { change };
}

/** Whether the draft says anything other than `saved` (as typed: "5" and "05" differ until saved). */
export function isChanged(draft: SettingsDraft, saved: ShopSettings): boolean {
  const before = draftOf(saved);
  return FIELDS.some((field) => draft[field.key].trim() !== before[field.key]);
}
