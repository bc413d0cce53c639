import type { Session, SessionUser } from './types';

// The counter opened again with no connection (a reload, the tab closed and opened): the service
// worker answers the page with its signed-out shell, marked <meta name="ankara-offline-shell">, so
// the app would send the cashier away. While online the counter remembers on the device who is
// signed in (name, role, id: nothing secret, no token); booting from the marked shell on a
// counter page, the app shows the counter screens for that user, in offline mode. Nothing here
// grants anything on the server: every request still carries the cookies the server checks.

export const COUNTER_USER_KEY = 'ankara.counter.user';
export const OFFLINE_SHELL_META = 'ankara-offline-shell';

/** Who used the counter on this device last, as remembered (never a token). */
export type CounterUser = Pick<SessionUser, 'uid' | 'displayName' | 'role'>;

/**
 * What the remembered user may open offline: the counter and its end of day, nothing else (the
 * menu and the back office's routes read this like the server's access list).
 */
export const OFFLINE_ACCESS: ReadonlyArray<string> = [
  'GET /api/counter/catalogue',
  'POST /api/counter/sales',
  'GET /api/counter/day',
  'GET /api/counter/sales',
];

/** The counter's pages: only these open from the offline shell. */
export function isCounterPath(pathname: string): boolean {
  return /^\/admin\/counter(\/|$)/.test(pathname);
}

export function rememberCounterUser(user: CounterUser, storage: Storage = localStorage): void {
  try {
    const kept: CounterUser = { uid: user.uid, displayName: user.displayName, role: user.role };
    storage.setItem(COUNTER_USER_KEY, JSON.stringify(kept));
  } catch {
    // No storage: the counter still works online, and offline while its tab stays open.
  }
}

export function forgetCounterUser(storage: Storage = localStorage): void {
  try {
    storage.removeItem(COUNTER_USER_KEY);
  } catch {
    // Nothing kept.
  }
}

export function rememberedCounterUser(storage: Storage = localStorage): CounterUser | null {
  try {
    const raw = storage.getItem(COUNTER_USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CounterUser>;
    if (typeof parsed.uid !== 'string' || !parsed.uid || typeof parsed.displayName !== 'string') return null;
    return { uid: parsed.uid, displayName: parsed.displayName, role: parsed.role ?? null };
  } catch {
    return null;
  }
}

/** Whether this page was answered by the service worker's offline shell. */
export function isOfflineShell(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${OFFLINE_SHELL_META}"]`) !== null;
}

/** The session of the remembered user, for the counter screens only (no expiry: nothing to refresh). */
export function offlineSession(user: CounterUser): Session {
  return {
    user: {
      uid: user.uid,
      displayName: user.displayName,
      role: user.role,
      admin: true,
      access: [...OFFLINE_ACCESS],
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
 * The session to start with when the page's own says signed out: the remembered counter user's,
 * when the page is the offline shell on a counter page; else null (signed out as embedded).
 */
export function offlineCounterSession(
  doc: Document,
  pathname: string,
  storage: Storage = localStorage,
): Session | null {
  if (!isOfflineShell(doc) || !isCounterPath(pathname)) return null;
  const user = rememberedCounterUser(storage);
  return user ? offlineSession(user) : null;
}

/**
 * Offline mode: 'offline' while the session is the remembered one (not yet confirmed by the
 * server), 'sign-in' once the server said the session is gone (the waiting sales stay on the
 * device until the cashier signs in again), null for a session the server gave.
 */
export type OfflineMode = 'offline' | 'sign-in' | null;

let mode: OfflineMode = null;
const listeners = new Set<() => void>();

export function offlineMode(): OfflineMode {
  return mode;
}

export function setOfflineMode(next: OfflineMode): void {
  if (mode === next) return;
  mode = next;
  listeners.forEach((listener) => listener());
}

export function subscribeOfflineMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
