/** Days as the shop counts them: Lagos time, "YYYY-MM-DD" (what the dashboard and the exports use). */
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Lagos, "2026-11-23". */
export function lagosToday(now: number = Date.now()): string {
  return lagosDay.format(new Date(now));
}

/** "2026-11-23" moved by `days` (calendar arithmetic in UTC, so no clock change can shift it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of the month of `day`. */
export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return addDays(text, 0) === text;
}

const shortDay = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-NG', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

function utcDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** "23 Nov". */
export function formatShortDay(day: string): string {
  return shortDay.format(utcDate(day));
}

/** "Mon, 23 Nov". */
export function formatLongDay(day: string): string {
  return longDay.format(utcDate(day));
}

export const EXPORT_START_REQUIRED = 'Choose the start date.';
export const EXPORT_END_REQUIRED = 'Choose the end date.';
export const EXPORT_DATES_ORDER = 'Choose a start date on or before the end date.';

/** The export form's check (the server says the same), or null. */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!isDay(from)) return EXPORT_START_REQUIRED;
  if (!isDay(to)) return EXPORT_END_REQUIRED;
  if (from > to) return EXPORT_DATES_ORDER;
  return null;
}
