import { afterEach, describe, expect, it } from 'vitest';
import {
  COUNTER_USER_KEY,
  forgetCounterUser,
  isCounterPath,
  isOfflineShell,
  offlineCounterSession,
  offlineMode,
  OFFLINE_SHELL_META,
  rememberCounterUser,
  rememberedCounterUser,
  setOfflineMode,
} from './offlineCounter';
import { readStartSession, SESSION_ELEMENT_ID, SIGNED_OUT } from './session';
import { mayOpen } from './staffScreens';
import { embedJson } from '@/test/utils';

const CASHIER = { uid: 'u-bisi', displayName: 'Bisi Cashier', role: 'cashier' as const };

function markShell() {
  const meta = document.createElement('meta');
  meta.name = OFFLINE_SHELL_META;
  meta.content = '1';
  document.head.append(meta);
}

afterEach(() => {
  document.querySelector(`meta[name="${OFFLINE_SHELL_META}"]`)?.remove();
  document.getElementById(SESSION_ELEMENT_ID)?.remove();
  localStorage.clear();
  setOfflineMode(null);
});

describe('the remembered counter user', () => {
  it('keeps only the name, role and id: nothing secret', () => {
    rememberCounterUser({ ...CASHIER, email: 'bisi@example.com', access: ['GET /api/admin/orders'] } as never);
    expect(JSON.parse(localStorage.getItem(COUNTER_USER_KEY)!)).toEqual(CASHIER);
    expect(rememberedCounterUser()).toEqual(CASHIER);
    forgetCounterUser();
    expect(rememberedCounterUser()).toBeNull();
  });

  it('is nobody when what is stored is not one', () => {
    localStorage.setItem(COUNTER_USER_KEY, '{not json');
    expect(rememberedCounterUser()).toBeNull();
    localStorage.setItem(COUNTER_USER_KEY, JSON.stringify({ displayName: 'No id' }));
    expect(rememberedCounterUser()).toBeNull();
  });
});

describe('offlineCounterSession', () => {
  it('is the remembered user on a counter page of the marked offline shell, for the counter screens only', () => {
    rememberCounterUser(CASHIER);
    markShell();
    expect(isOfflineShell()).toBe(true);
    const session = offlineCounterSession(document, '/admin/counter');
    expect(session?.user).toMatchObject({ uid: 'u-bisi', displayName: 'Bisi Cashier', role: 'cashier', admin: true });
    expect(session?.expiresAt).toBeNull();
    const user = session!.user!;
    expect(mayOpen(user, '/admin/counter')).toBe(true);
    expect(mayOpen(user, '/admin/counter/day')).toBe(true);
    expect(mayOpen(user, '/admin/orders')).toBe(false);
    expect(mayOpen(user, '/admin/dashboard')).toBe(false);
  });

  it('is nothing on another page, without the mark, or with nobody remembered', () => {
    rememberCounterUser(CASHIER);
    expect(offlineCounterSession(document, '/admin/counter')).toBeNull();
    markShell();
    expect(offlineCounterSession(document, '/admin/orders')).toBeNull();
    expect(offlineCounterSession(document, '/')).toBeNull();
    forgetCounterUser();
    expect(offlineCounterSession(document, '/admin/counter')).toBeNull();
  });

  it('knows the counter pages', () => {
    expect(isCounterPath('/admin/counter')).toBe(true);
    expect(isCounterPath('/admin/counter/day')).toBe(true);
    expect(isCounterPath('/admin/counterfeit')).toBe(false);
    expect(isCounterPath('/admin/labels')).toBe(false);
  });
});

describe('readStartSession', () => {
  it('starts offline mode with the remembered user from the offline shell', () => {
    rememberCounterUser(CASHIER);
    markShell();
    expect(readStartSession(document, '/admin/counter').user?.displayName).toBe('Bisi Cashier');
    expect(offlineMode()).toBe('offline');
  });

  it('prefers the session the server embedded, and is signed out elsewhere', () => {
    rememberCounterUser(CASHIER);
    expect(readStartSession(document, '/admin/counter')).toEqual(SIGNED_OUT);
    expect(offlineMode()).toBeNull();
    markShell();
    embedJson(
      SESSION_ELEMENT_ID,
      JSON.stringify({ user: { uid: 'u-ada', displayName: 'Ada', admin: true, role: 'owner', access: [] } }),
    );
    expect(readStartSession(document, '/admin/counter').user?.uid).toBe('u-ada');
    expect(offlineMode()).toBeNull();
  });
});
