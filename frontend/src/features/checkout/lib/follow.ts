/**
 * How a page waiting on money sent later (a bank transfer, USSD) asks the shop again: every 3 s
 * for the first two minutes (the sandbox's money lands in 10 s, a real transfer in a minute or
 * two), then every 15 s, and not after an hour — the longest a shop holds a transfer's stock by
 * default. Past that the page stops asking and says where the order will show; nothing is lost.
 * Browsers pause the asking in a hidden tab.
 */
export const FOLLOW_FAST_MS = 3_000;
export const FOLLOW_SLOW_MS = 15_000;
export const FOLLOW_FAST_FOR_MS = 2 * 60_000;
export const FOLLOW_FOR_MS = 60 * 60_000;

/** The wait before asking again, `elapsed` ms after the page started waiting; false to stop. */
export function followInterval(elapsed: number): number | false {
  if (elapsed >= FOLLOW_FOR_MS) return false;
  return elapsed < FOLLOW_FAST_FOR_MS ? FOLLOW_FAST_MS : FOLLOW_SLOW_MS;
}
