/**
 * The page addresses a route table's source names, in order: the first argument of each
 * `lazyRoute('/about', …)` and each `{ path: '/', … }`. The build writes the shop's and the back
 * office's into `client-routes.json` (vite.config.ts), from which the server learns which
 * addresses are pages (answered 200 with the app) and which are not (404): the table is written
 * once, here in the front end, and the server cannot drift from it. routes.test.ts holds this
 * reading against the tables themselves.
 */
export function routePatterns(source: string): string[] {
  return [...source.matchAll(/(?:\blazyRoute\(\s*|\bpath:\s*)'(\/[^']*)'/g)].map((match) => match[1] ?? '');
}
