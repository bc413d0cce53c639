import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { COUNTER_USER_KEY } from './session';
import type { Session, SessionUser } from './types';

// The counter opened again with no connection (a reload, the tab closed and opened): the service
// worker answers the page with its signed-out shell, marked <meta name="ankara-offline-shell">, so
// the app would send the cashier away. While online the counter remembers on the device who is
// signed in (name, role, id: nothing secret, no token; features/counter/offline.ts); booting from
// the marked shell on a counter page, the app shows the counter screens for that user, in offline
// mode. Nothing here grants anything on the server: every request still carries the cookies the
// server checks. Fetched by main.tsx only when the page is the marked shell on a counter page (a
// shopper's first page carries none of it); the counter's own code imports it too, so it is in the
// worker's caches once the counter has been open online. A 401 then does not sign the cashier out
// (SessionKeeper): the counter asks her to sign in again.

/** Who used the counter on this device last, as remembered (never a token). */
export type CounterUser = Pick<SessionUser, 'uid' | 'displayName' | 'role'>;

/** What the remembered user may open offline: the counter and its End of day (staffScreens.ts). */
export const OFFLINE_ACCESS = ['GET /api/counter/catalogue', 'GET /api/counter/day'];

/** The session of the remembered user, for the counter screens only (no expiry: nothing to refresh). */
export function offlineSession({ uid, displayName, role }: CounterUser): Session {
  return {
    user: {
      uid,
      displayName,
      role,
      admin: true,
      access: OFFLINE_ACCESS,
      email: '',
      phoneNumber: null,
      photoURL: null,
      createdAt: 0,
    },
    expiresAt: null,
    counts: { bag: 0, saved: 0, newOrders: 0 },
    guestCheckout: false,
    guest: false,
  };
}

/**
 * The remembered counter user's session when this page is the service worker's offline shell
 * (marked) on a counter page; else null (signed out, as the page says).
 */
export function offlineCounterSession(
  doc: Document,
  pathname: string,
  storage: Storage = localStorage,
): Session | null {
  if (!doc.querySelector('meta[name="ankara-offline-shell"]') || !/^\/admin\/counter(\/|$)/.test(pathname)) return null;
  try {
    const user = JSON.parse(storage.getItem(COUNTER_USER_KEY) ?? 'null') as CounterUser | null;
    return user?.uid && typeof user.displayName === 'string' ? offlineSession(user) : null;
  } catch {
    return null;
  }
}

/** Starts the app as the remembered counter user, in offline mode, when this page is the marked shell. */
export function startOfflineCounter(client: QueryClient, doc: Document = document, pathname = location.pathname): void {
  const session = offlineCounterSession(doc, pathname);
  if (!session) return;
  client.setQueryData(queryKeys.session, session);
  setOfflineMode('offline');
}

/**
 * Offline mode: 'offline' while the session is the remembered one (not yet confirmed by the
 * server), 'sign-in' once the server said the session is gone (the waiting sales stay on the
 * device until the cashier signs in again), null for a session the server gave.
 */
export type OfflineMode = 'offline' | 'sign-in' | null;

let mode: OfflineMode = null;
const listeners = new Set<() => void>();

export const offlineMode = (): OfflineMode => mode;

export function setOfflineMode(next: OfflineMode): void {
  mode = next;
  listeners.forEach((listener) => listener());
}

export function subscribeOfflineMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
