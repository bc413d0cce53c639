/**
 * Formats integer kobo as naira: 2500000 -> "₦25,000.00". Integer arithmetic only, so no float
 * rounding can creep in (1999999 -> "₦19,999.99").
 */
export function formatNaira(kobo: number): string {
  const whole = Math.round(kobo);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${grouped}.${String(rest).padStart(2, '0')}`;
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

/** "5 March 2025" style, in the en-NG locale. */
export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
