/** Upload progress rounded to a whole percent (products, collections, releases): "42%". */
export function formatWholePercent(percent: number): string {
  return `${Math.round(clamp(percent))}%`;
}

/** Upload progress with two decimals (About Us): "42.37%". */
export function formatTwoDecimalPercent(percent: number): string {
  return `${clamp(percent).toFixed(2)}%`;
}

function clamp(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}
