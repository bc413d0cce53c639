import { useCallback, useState } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { answer, api, isApiError } from './api';
import { isPublicQuery, queryKeys } from './queryKeys';
import type { Session, SessionCounts } from './types';

/** The key the counter remembers its cashier under on the device (lib/offlineCounter.ts). */
export const COUNTER_USER_KEY = 'ankara.counter.user';

/** Whether this page is the service worker's shell answered with no connection (public/sw.js marks it). */
export function onOfflineShell(): boolean {
  return document.querySelector('meta[name="ankara-offline-shell"]') !== null;
}

export const SESSION_ELEMENT_ID = 'ankara-session';
const NO_COUNTS: SessionCounts = { bag: 0, saved: 0, newOrders: 0 };
export const SIGNED_OUT: Session = {
  user: null,
  expiresAt: null,
  counts: NO_COUNTS,
  guestCheckout: false,
  guest: false,
};

/**
 * A session answer in its full shape (counts, expiry and the guest flags always present). A
 * visitor keeps counts only when the shop allows guest checkout (their guest bag's).
 */
export function normalizeSession(value: Partial<Session> | null | undefined): Session {
  if (!value || typeof value !== 'object') return SIGNED_OUT;
  const guestCheckout = value.guestCheckout === true;
  if (!value.user) {
    if (!guestCheckout) return SIGNED_OUT;
    return { ...SIGNED_OUT, guestCheckout, guest: value.guest === true, counts: { ...NO_COUNTS, ...value.counts } };
  }
  return {
    user: value.user,
    expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : null,
    counts: { ...NO_COUNTS, ...value.counts },
    guestCheckout,
    guest: false,
  };
}

/** Whether this visitor or customer has a bag: signed in, or a visitor when the shop allows guest checkout. */
export function hasBag(session: Pick<Session, 'user' | 'guestCheckout'>): boolean {
  return Boolean(session.user) || session.guestCheckout;
}

/**
 * The session the server wrote into index.html (`<script id="ankara-session"
 * type="application/json">`). Read synchronously at start, so the first render already knows who
 * is signed in. Missing or unreadable (vite dev) means signed out.
 */
export function readEmbeddedSession(doc: Document = document): Session {
  const text = doc.getElementById(SESSION_ELEMENT_ID)?.textContent;
  if (!text) return SIGNED_OUT;
  try {
    return normalizeSession(JSON.parse(text) as Partial<Session> | null);
  } catch {
    return SIGNED_OUT;
  }
}

/** GET /api/session: the session as the server sees it now (counts included). */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  return normalizeSession(await answer(api.GET('/api/session', { signal })));
}

/**
 * The session lives in the query cache, seeded from the embedded copy and never refetched on its
 * own. Every auth endpoint answers the whole session, which `setSession` puts in the cache; bag and
 * saved-items answers update the counts with `setSessionCounts`. Header, sidebar and guards
 * re-render at once, with no reload.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => fetchSession(signal),
  initialData: () => readEmbeddedSession(),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSession(): Session {
  return useQuery(sessionQueryOptions).data;
}

/**
 * The badges: a customer's counts; a guest's bag alone (their paid orders are counted as new by
 * the server, but a visitor has no My Orders to open: that would ask them to log in).
 */
export function useSessionCounts(): SessionCounts {
  const session = useSession();
  if (session.user) return { ...NO_COUNTS, ...session.counts };
  return hasBag(session) ? { ...NO_COUNTS, bag: session.counts.bag } : NO_COUNTS;
}

/**
 * Puts a session answer in the cache. When the signed-in user changes (login, logout, a lost
 * session), whatever belonged to the previous user is dropped from the cache.
 */
export function setSession(client: QueryClient, view: Partial<Session> | null | undefined): Session {
  const next = normalizeSession(view);
  const previous = client.getQueryData<Session>(queryKeys.session);
  if (previous?.user?.uid !== next.user?.uid) {
    client.removeQueries({ predicate: (query) => !isPublicQuery(query.queryKey) });
  }
  client.setQueryData(queryKeys.session, next);
  return next;
}

/**
 * Forgets the signed-in user on this page (the server has already ended the session). Whether the
 * shop takes guests stays as it was: that is the shop's, not the user's.
 */
export function signOutLocally(client: QueryClient): void {
  const guestCheckout = client.getQueryData<Session>(queryKeys.session)?.guestCheckout === true;
  setSession(client, { ...SIGNED_OUT, guestCheckout });
}

/**
 * Updates the badge counts after a bag or saved-items answer. A visitor's bag answer (guest
 * checkout) makes them a guest: the server has set their guest cookie.
 */
export function setSessionCounts(client: QueryClient, counts: Partial<SessionCounts>): void {
  client.setQueryData<Session>(queryKeys.session, (previous) => {
    if (!previous || !hasBag(previous)) return previous;
    const guest = previous.user ? false : previous.guest || (counts.bag ?? 0) > 0;
    return { ...previous, guest, counts: { ...NO_COUNTS, ...previous.counts, ...counts } };
  });
}

/** Tokens are refreshed this long before they expire. */
export const REFRESH_LEAD_MS = 5 * 60_000;
/** Never refresh more often than this, even if the server answered a token close to expiry. */
const MIN_REFRESH_DELAY_MS = 5_000;

/** How long to wait before refreshing a token that expires at `expiresAt`. */
export function refreshDelay(expiresAt: number, now: number, minimum = 0): number {
  return Math.min(Math.max(expiresAt - REFRESH_LEAD_MS - now, minimum), 2 ** 31 - 1);
}

/** Backoff after a failed refresh (not a 401): 30 s, doubling, at most 16 minutes. */
export function refreshRetryDelay(attempt: number): number {
  return Math.min(30_000 * 2 ** attempt, 16 * 60_000);
}

/**
 * Keeps a signed-in session alive: POST /api/auth/refresh five minutes before the token expires,
 * then again from each answer's `expiresAt`. A 401 signs the user out (through the api client's
 * unauthorized handler); other failures retry with backoff. Returns the cancel function.
 */
export function scheduleSessionRefresh(client: QueryClient, expiresAt: number, first = true): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  let attempt = 0;
  const run = async () => {
    try {
      const view = await answer(api.POST('/api/auth/refresh'));
      if (!cancelled) setSession(client, view);
    } catch (error) {
      if (cancelled || (isApiError(error) && error.status === 401)) return;
      timer = setTimeout(() => void run(), refreshRetryDelay(attempt++));
    }
  };
  timer = setTimeout(() => void run(), refreshDelay(expiresAt, Date.now(), first ? 0 : MIN_REFRESH_DELAY_MS));
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/**
 * Log Out: POST /api/auth/logout (the server revokes the session), then the page forgets the user
 * and goes home. A failure rejects with the error, whose message the caller shows.
 */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      const view = await answer(api.POST('/api/auth/logout'));
      // A shared till: the next person to reload the counter offline is not shown as this one.
      try {
        localStorage.removeItem(COUNTER_USER_KEY);
      } catch {
        // No storage: nothing was remembered.
      }
      setSession(client, view ?? SIGNED_OUT);
      navigate('/');
    } finally {
      setPending(false);
    }
  }, [client, navigate]);
  return { logout, isPending };
}

/** Logout failure shows the error message (SPEC section 8). */
export function alertLogoutError(error: unknown): void {
  window.alert(error instanceof Error ? error.message : 'Could not log out. Please try again.');
}
