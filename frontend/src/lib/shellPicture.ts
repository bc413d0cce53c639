/** The path the page was loaded at: the server's preload hint in index.html is about this page. */
const initialPath = typeof location === 'undefined' ? '' : location.pathname;

/**
 * The page's largest picture as the server announced it in index.html (`<link rel="preload"
 * as="image" imagesrcset imagesizes>`, WebP with the JPEGs in `data-jpeg`), while the shopper is still on the page it was loaded for;
 * null elsewhere. src/shell.js paints it before the JavaScript arrives; the product skeleton
 * keeps showing it until the page's own slider takes over, so the picture never blinks.
 */
export function shellPicture(path: string): { srcset: string; webpSrcset: string; url: string; sizes: string } | null {
  if (path !== initialPath || typeof document === 'undefined') return null;
  const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"][imagesrcset]');
  const preloaded = link?.getAttribute('imagesrcset');
  if (!link || !preloaded) return null;
  const sizes = link.getAttribute('imagesizes') ?? '100vw';
  // WebP preloads name the JPEGs beside them (the server's data-jpeg).
  const jpeg = link.getAttribute('type') === 'image/webp' ? link.getAttribute('data-jpeg') : null;
  return jpeg
    ? { srcset: jpeg, webpSrcset: preloaded, url: '', sizes }
    : { srcset: preloaded, webpSrcset: '', url: '', sizes };
}

/** How long the app waits at most for the shell's picture to be painted before rendering over it. */
export const SHELL_WAIT_MS = 800;

/**
 * Resolves once the shell's picture (if src/shell.js drew one) has loaded and been painted, or
 * after SHELL_WAIT_MS: React's first render then replaces a shell that has already shown the
 * shopper the picture, instead of one that had not painted yet.
 */
export function shellPainted(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('#root[data-shell] img');
  if (!img) return Promise.resolve();
  const cap = new Promise<void>((resolve) => setTimeout(resolve, SHELL_WAIT_MS));
  const supported =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  const painted = supported
    ? // The browser says when the picture was presented (its largest-contentful-paint entry).
      new Promise<void>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element }).element === img)) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      })
    : new Promise<void>((resolve) => {
        if (img.complete) return resolve();
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      })
        .then(() => img.decode?.().catch(() => undefined))
        // Two frames: the first paints the picture, the second runs once that frame was presented.
        .then(
          () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
        );
  return Promise.race([painted, cap]);
}
