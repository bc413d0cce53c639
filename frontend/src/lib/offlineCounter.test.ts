import { afterEach, describe, expect, it } from 'vitest';
import { offlineCounterSession, offlineMode, setOfflineMode, startOfflineCounter } from './offlineCounter';
import { COUNTER_USER_KEY, SESSION_ELEMENT_ID } from './session';
import { queryKeys } from './queryKeys';
import type { Session } from './types';
import { mayOpen } from './staffScreens';
import { createTestQueryClient } from '@/test/utils';

const OFFLINE_SHELL_META = 'ankara-offline-shell';
const forgetCounterUser = () => localStorage.removeItem(COUNTER_USER_KEY);
/** What the counter remembers while online (features/counter/offline.ts). */
const rememberCounterUser = (user: object) => localStorage.setItem(COUNTER_USER_KEY, JSON.stringify(user));
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
  it('is nobody when what is stored is not one', () => {
    markShell();
    localStorage.setItem(COUNTER_USER_KEY, '{not json');
    expect(offlineCounterSession(document, '/admin/counter')).toBeNull();
    localStorage.setItem(COUNTER_USER_KEY, JSON.stringify({ displayName: 'No id' }));
    expect(offlineCounterSession(document, '/admin/counter')).toBeNull();
  });
});

describe('offlineCounterSession', () => {
  it('is the remembered user on a counter page of the marked offline shell, for the counter screens only', () => {
    rememberCounterUser(CASHIER);
    markShell();
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

  it('opens only the counter’s pages', () => {
    rememberCounterUser(CASHIER);
    markShell();
    expect(offlineCounterSession(document, '/admin/counter/day')).not.toBeNull();
    expect(offlineCounterSession(document, '/admin/counterfeit')).toBeNull();
    expect(offlineCounterSession(document, '/admin/labels')).toBeNull();
  });
});

describe('startOfflineCounter', () => {
  it('starts offline mode with the remembered user from the offline shell', () => {
    rememberCounterUser(CASHIER);
    markShell();
    const client = createTestQueryClient();
    startOfflineCounter(client, document, '/admin/counter');
    expect(client.getQueryData<Session>(queryKeys.session)?.user?.displayName).toBe('Bisi Cashier');
    expect(offlineMode()).toBe('offline');
  });

  it('does nothing without the mark or without a remembered user', () => {
    rememberCounterUser(CASHIER);
    const client = createTestQueryClient();
    startOfflineCounter(client, document, '/admin/counter');
    markShell();
    forgetCounterUser();
    startOfflineCounter(client, document, '/admin/counter');
    expect(client.getQueryData(queryKeys.session)).toBeUndefined();
    expect(offlineMode()).toBeNull();
  });
});
