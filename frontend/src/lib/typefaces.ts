import { saveData } from './saveData';

/**
 * The faces the first screen draws with: as the page asks for each (`font`) and the file it comes
 * from (styles/fonts.css's "core" files, which the build names for src/shell.js to preload:
 * vite.config.ts).
 */
export const FIRST_SCREEN_FACES = [
  { font: '400 1em "DM Sans"', file: 'dm-sans-400-core' },
  { font: '700 1em "DM Sans"', file: 'dm-sans-700-core' },
  { font: '1em "DM Serif Display"', file: 'dm-serif-display-400-core' },
] as const;

/** How long the app's first render waits at most for them. */
export const TYPEFACES_WAIT_MS = 1000;

/**
 * Resolves once the first screen's typefaces are loaded and decoded, or after TYPEFACES_WAIT_MS
 * (a slow or failed font then swaps in later, as `font-display: swap` has it). Laid out before
 * they were, the app's first screen was one task of 45–60 ms on this machine's Chromium (a phone's
 * main thread is slower still): the fonts' loads started and their files were decoded inside that
 * layout, and every line was shaped twice, first in the fallback faces. Decoded first, in tasks of
 * their own, the same layout takes a third to a half of it. Not for a shopper saving data: her
 * page uses the phone's own faces, and asking for these would fetch them.
 */
export function typefacesReady(): Promise<void> {
  if (saveData() || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const faces = FIRST_SCREEN_FACES.map(({ font }) => document.fonts.load(font).catch(() => undefined));
  return Promise.race([
    Promise.all(faces).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, TYPEFACES_WAIT_MS)),
  ]);
}
