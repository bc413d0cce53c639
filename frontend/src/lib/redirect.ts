/**
 * A `next` target is followed only when it is a path on this site ("/mybag"), never another
 * origin ("//evil.example", "https://…", "/\\evil").
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** /login?next=<where the visitor wanted to go>. */
export function loginPath(next?: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
