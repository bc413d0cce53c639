/**
 * Naira as an admin types it, checked as the server checks it (the server parses it exactly into
 * kobo): digits, optionally grouped by commas, with at most two decimals. The messages are the
 * server's own, so a refusal reads the same before and after sending.
 */
const NAIRA = /^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/;

/** What is wrong with `text` as an amount called `what` ("fee", "amount"), or null if it is fine. */
export function nairaProblem(text: string, what: string): string | null {
  const typed = text.trim();
  if (typed.startsWith('-') && NAIRA.test(typed.slice(1).trim())) return `The ${what} cannot be negative.`;
  if (!NAIRA.test(typed))
    return `The ${what}: "${typed}" is not a valid price: use naira with at most two decimals, like 25000.00`;
  return null;
}

/** Naira as typed into kobo, exactly (no floats): "12,500.5" -> 1250050; null when it is not an amount. */
export function nairaToKobo(text: string): number | null {
  const match = NAIRA.exec(text.trim());
  if (!match) return null;
  const naira = match[1]!.replace(/,/g, '');
  if (naira.length > 13) return null;
  const fraction = (match[3] ?? '').slice(1).padEnd(2, '0');
  return Number(naira) * 100 + Number(fraction);
}

/** Kobo as naira to edit: 250000 -> "2500", 250050 -> "2500.50" (integer arithmetic). */
export function koboToNairaText(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}

/** A count limit as typed: "" is none (null); otherwise a whole number from 1, or NaN. */
export function parseLimit(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  return /^\d{1,9}$/.test(typed) && Number(typed) >= 1 ? Number(typed) : Number.NaN;
}
