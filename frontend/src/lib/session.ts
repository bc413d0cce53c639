import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { Session, SessionCounts } from './types';

export const SESSION_ELEMENT_ID = 'ankara-session';
const SIGNED_OUT: Session = { user: null };

/**
 * The session the server wrote into index.html (`<script id="ankara-session"
 * type="application/json">`). Read synchronously at start, so the first render already knows who
 * is signed in. Missing or unreadable (vite dev) means signed out.
 */
export function readEmbeddedSession(doc: Document = document): Session {
  const text = doc.getElementById(SESSION_ELEMENT_ID)?.textContent;
  if (!text) return SIGNED_OUT;
  try {
    const parsed = JSON.parse(text) as Partial<Session> | null;
    if (!parsed || typeof parsed !== 'object') return SIGNED_OUT;
    return { user: parsed.user ?? null, counts: parsed.counts };
  } catch {
    return SIGNED_OUT;
  }
}

export const sessionQueryKey = ['session'] as const;

/**
 * The session lives in the query cache, seeded from the embedded copy and never refetched on its
 * own: work that changes it (login, add to bag, …) invalidates `sessionQueryKey`, which refetches
 * GET /api/session.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api.get<Session>('/api/session', signal),
  initialData: () => readEmbeddedSession(),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSession(): Session {
  return useQuery(sessionQueryOptions).data;
}

const NO_COUNTS: SessionCounts = { bag: 0, saved: 0, newOrders: 0 };

export function useSessionCounts(): SessionCounts {
  const session = useSession();
  return session.user ? { ...NO_COUNTS, ...session.counts } : NO_COUNTS;
}

/** Ends the session on the server, then reloads the shop from its home page. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } finally {
    window.location.assign('/');
  }
}
