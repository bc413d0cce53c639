/**
 * How this tab's last checkout ended (the order placed, or the transfer on its way), kept in
 * sessionStorage so it outlives a visit to another page: a guest who taps "Track your order"
 * comes back to My Bag and still finds her order's number and the offer to keep her details.
 * Nothing personal beyond what the checkout showed; it goes with the tab.
 */
const KEY = 'ankara-last-checkout';

/** What the tracking page needs to know: whether a guest's offer to keep her details is open. */
export type LastCheckoutSummary = { guest: boolean; number: string | null };

export function readLastCheckout(): unknown {
  try {
    const text = window.sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeLastCheckout(value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the outcome lasts as long as the page then.
  }
}

/** The guest flag and the order number of the last checkout, when there was one. */
export function lastCheckoutSummary(): LastCheckoutSummary | null {
  const stored = readLastCheckout();
  if (!stored || typeof stored !== 'object') return null;
  const { guest, order } = stored as { guest?: unknown; order?: { number?: unknown } | null };
  return { guest: guest === true, number: typeof order?.number === 'string' ? order.number : null };
}
