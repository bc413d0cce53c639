import { nairaProblem, parseLimit } from './naira';
import { formatDate, formatNaira } from '@/lib/money';
import type { DiscountCode, DiscountKind, NewDiscountCode } from '@/lib/types';

/** The create form as typed. Dates are the date inputs' "YYYY-MM-DD" ("" for none). */
export type CodeDraft = {
  code: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  perCustomer: string;
  collections: string[];
};

export const EMPTY_CODE: CodeDraft = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  maxUses: '',
  perCustomer: '',
  collections: [],
};

export const KIND_LABELS: Record<DiscountKind, string> = {
  percent: 'Percentage off',
  fixed: 'Amount off',
  'free-delivery': 'Free delivery',
};

export const CODE_FORMAT = 'A code is 1 to 32 letters, digits, - or _.';
export const PERCENT_RANGE = 'A percentage is a whole number from 1 to 100.';
export const AMOUNT_NEEDED = 'Give the amount the code takes off.';
export const AMOUNT_NEGATIVE = 'The amount cannot be negative.';
export const STARTS_BEFORE_ENDS = 'The code must start before it ends.';
export const TOTAL_USES = 'The total uses must be a whole number from 1.';
export const USES_PER_CUSTOMER = 'The uses per customer must be a whole number from 1.';

function parseDay(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? [Number(match[1]), Number(match[2]) - 1, Number(match[3])] : null;
}

/** A date input's day as Unix ms at the start of that day, in the admin's time zone. */
export function startOfDay(day: string): number | null {
  const parts = parseDay(day);
  return parts ? new Date(parts[0], parts[1], parts[2]).getTime() : null;
}

/** A date input's day as Unix ms at its last millisecond, in the admin's time zone. */
export function endOfDay(day: string): number | null {
  const parts = parseDay(day);
  return parts ? new Date(parts[0], parts[1], parts[2], 23, 59, 59, 999).getTime() : null;
}

/** The first thing the server would refuse, in its words, or null. */
export function codeProblem(draft: CodeDraft): string | null {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(draft.code.trim())) return CODE_FORMAT;
  if (draft.kind === 'percent') {
    const typed = draft.percent.trim();
    if (!/^\d{1,3}$/.test(typed) || Number(typed) < 1 || Number(typed) > 100) return PERCENT_RANGE;
  }
  if (draft.kind === 'fixed') {
    const typed = draft.amount.trim();
    if (!typed) return AMOUNT_NEEDED;
    const problem = nairaProblem(typed, 'amount');
    if (problem) return problem;
    if (!/[1-9]/.test(typed)) return AMOUNT_NEEDED;
  }
  if (draft.minSubtotal.trim()) {
    const problem = nairaProblem(draft.minSubtotal, 'minimum spend');
    if (problem) return problem;
  }
  const starts = startOfDay(draft.startsOn);
  const ends = endOfDay(draft.endsOn);
  if (starts !== null && ends !== null && starts >= ends) return STARTS_BEFORE_ENDS;
  if (Number.isNaN(parseLimit(draft.maxUses))) return TOTAL_USES;
  if (Number.isNaN(parseLimit(draft.perCustomer))) return USES_PER_CUSTOMER;
  return null;
}

/** POST /api/admin/discounts's body: only what applies to the kind; blanks left out. */
export function newCodeOf(draft: CodeDraft): NewDiscountCode {
  const body: NewDiscountCode = { code: draft.code.trim(), kind: draft.kind };
  if (draft.kind === 'percent') body.percent = Number(draft.percent.trim());
  if (draft.kind === 'fixed') body.amount = draft.amount.trim();
  if (draft.minSubtotal.trim()) body.minSubtotal = draft.minSubtotal.trim();
  const starts = startOfDay(draft.startsOn);
  const ends = endOfDay(draft.endsOn);
  if (starts !== null) body.startsAt = starts;
  if (ends !== null) body.endsAt = ends;
  const maxUses = parseLimit(draft.maxUses);
  const perCustomer = parseLimit(draft.perCustomer);
  if (maxUses !== null) body.maxUses = maxUses;
  if (perCustomer !== null) body.perCustomer = perCustomer;
  if (draft.collections.length > 0) body.collections = [...draft.collections];
  return body;
}

/** What a code takes off: "10 %", "₦5,000.00 off", "Free delivery". */
export function describeDiscount(code: Pick<DiscountCode, 'kind' | 'percent' | 'amount'>): string {
  if (code.kind === 'percent') return `${code.percent ?? 0} %`;
  if (code.kind === 'fixed') return `${formatNaira(code.amount ?? 0)} off`;
  return 'Free delivery';
}

/**
 * The conditions of a code, one line each ("Spend ₦20,000.00 or more", "From 5 March 2026",
 * "100 uses in all", "Suits only"); none for a code anyone can use at any time.
 */
export function describeConditions(code: DiscountCode, collectionNames: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  if (code.minSubtotal > 0) lines.push(`Spend ${formatNaira(code.minSubtotal)} or more`);
  if (code.startsAt !== null && code.endsAt !== null)
    lines.push(`${formatDate(code.startsAt)} to ${formatDate(code.endsAt)}`);
  else if (code.startsAt !== null) lines.push(`From ${formatDate(code.startsAt)}`);
  else if (code.endsAt !== null) lines.push(`Until ${formatDate(code.endsAt)}`);
  if (code.maxUses !== null) lines.push(`${code.maxUses} ${code.maxUses === 1 ? 'use' : 'uses'} in all`);
  if (code.perCustomer !== null)
    lines.push(`${code.perCustomer} ${code.perCustomer === 1 ? 'use' : 'uses'} per customer`);
  if (code.collections.length > 0) {
    const names = code.collections.map((id) => collectionNames.get(id) ?? id);
    lines.push(`${names.join(', ')} only`);
  }
  return lines;
}

/** "3 used · 1 held", "3 of 100 used". */
export function describeUses(code: DiscountCode): string {
  const used = code.maxUses !== null ? `${code.uses} of ${code.maxUses} used` : `${code.uses} used`;
  return code.held > 0 ? `${used} · ${code.held} held` : used;
}

/** Whether the code is past its end or has no uses left (the list marks it, as shoppers would be refused). */
export function codeState(code: DiscountCode, now: number): 'paused' | 'ended' | 'scheduled' | 'used-up' | 'live' {
  if (code.paused) return 'paused';
  if (code.endsAt !== null && code.endsAt < now) return 'ended';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used-up';
  if (code.startsAt !== null && code.startsAt > now) return 'scheduled';
  return 'live';
}
