/** "14:35": a time of day as shoppers in Nigeria read it (Lagos time, 24-hour), whatever the device's zone. */
const lagosTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/**
 * "Your items are held until 14:35": until when a started payment can be made (its stock and code
 * are held for it), from PaymentStart.expiresAt (unix ms); null when the server gave no time.
 */
export function heldUntilText(expiresAt: number): string | null {
  if (!(expiresAt > 0)) return null;
  return `Your items are held until ${lagosTime.format(new Date(expiresAt))}`;
}
