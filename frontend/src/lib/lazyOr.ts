import { lazy, type ComponentType } from 'react';

/**
 * `lazy(load)`, drawn as `fallback` when the code cannot be fetched (offline before it ever was).
 * The catch must wrap the whole `load()`: Vite moves a `.then`/`.catch` written on `import()` inside
 * its preload helper, where a chunk's stylesheet that fails to load rejects before that handler
 * runs, and the page falls into the route's error screen instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy's own constraint
export function lazyOr<P extends ComponentType<any>>(load: () => Promise<P>, fallback: P) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: fallback };
    }
  });
}
