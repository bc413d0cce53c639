/**
 * WCAG 2 contrast, for the Shop identity screen's live feedback as the merchant picks colours. The
 * server checks the same pairs when the draft is saved (src/brand/mod.rs) and its word is final.
 */

/** `#rrggbb` or `#rgb` as [r, g, b], or null for anything else. */
export function parseColour(text: string): [number, number, number] | null {
  const hex = text.trim().replace(/^#/, '');
  if (!text.trim().startsWith('#') || !/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: [number, number, number] = [255, 255, 255];
/** The page background (global.css --cream), on which the action colour is link text. */
const PAGE: [number, number, number] = [0xfa, 0xf7, 0xf2];
export const AA = 4.5;

/** The footer's faintest text: white at 70 % over the header colour. */
function faintWhiteOn(c: [number, number, number]): [number, number, number] {
  return c.map((v) => Math.round(255 * 0.7 + v * 0.3)) as [number, number, number];
}

export type ContrastCheck = { pair: string; ratio: number; ok: boolean };

/** The pairs a colour must pass, measured; null when the text is not a colour. */
export function checkColour(kind: 'primary' | 'header', text: string): ContrastCheck[] | null {
  const colour = parseColour(text);
  if (!colour) return null;
  const pairs: Array<[string, [number, number, number], [number, number, number]]> =
    kind === 'primary'
      ? [
          ['White text on it', WHITE, colour],
          ['As link text on the page', colour, PAGE],
        ]
      : [['White text on it', faintWhiteOn(colour), colour]];
  return pairs.map(([pair, fg, bg]) => {
    const ratio = contrast(fg, bg);
    return { pair, ratio, ok: ratio >= AA };
  });
}
