/**
 * Whether the shopper asked to save data: the browser's data saver (`navigator.connection.saveData`,
 * which also makes it send `Save-Data: on`). The shop then fetches nothing ahead of being shown
 * (no next slide's picture, no likely next page's code), draws pictures at one pixel per CSS pixel
 * and uses the phone's own typefaces (see the README's Behaviour notes).
 */
export function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * `sizes` for a picture drawn at one device pixel per CSS pixel on this screen: each slot's width
 * divided by the device pixel ratio, so the browser picks the candidate it would pick on a 1x screen.
 */
export function oneXSizes(sizes: string, ratio: number = window.devicePixelRatio || 1): string {
  if (ratio <= 1) return sizes;
  return sizes
    .split(',')
    .map((entry) => {
      const trimmed = entry.trim();
      // A media condition, if any, is in parentheses before the length.
      const cut = trimmed.startsWith('(') ? trimmed.lastIndexOf(')') + 1 : 0;
      const [condition, length] = [trimmed.slice(0, cut).trim(), trimmed.slice(cut).trim()];
      return `${condition ? `${condition} ` : ''}calc(${length} / ${ratio})`;
    })
    .join(', ');
}
