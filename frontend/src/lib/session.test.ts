import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';
import { applyBag } from './shopping';
import {
  hasBag,
  normalizeSession,
  readEmbeddedSession,
  SESSION_ELEMENT_ID,
  setSession,
  signOutLocally,
  SIGNED_OUT,
} from './session';
import type { Session } from './types';
import { loginPath, safeNextPath } from './redirect';
import { embedJson } from '@/test/utils';

const embed = (text: string) => embedJson(SESSION_ELEMENT_ID, text);

afterEach(() => document.getElementById(SESSION_ELEMENT_ID)?.remove());

describe('readEmbeddedSession', () => {
  it('is signed out when the server embedded nothing (vite dev)', () => {
    expect(readEmbeddedSession()).toEqual(SIGNED_OUT);
  });

  it('reads the session the server embedded', () => {
    embed(
      JSON.stringify({
        user: {
          uid: 'u1',
          displayName: 'Ada',
          email: 'ada@example.com',
          photoURL: null,
          phoneNumber: null,
          admin: false,
        },
        counts: { bag: 2, saved: 1, newOrders: 0 },
      }),
    );
    const session = readEmbeddedSession();
    expect(session.user?.displayName).toBe('Ada');
    expect(session.counts).toEqual({ bag: 2, saved: 1, newOrders: 0 });
  });

  it('keeps the token expiry and fills missing counts', () => {
    embed(JSON.stringify({ user: { uid: 'u1', displayName: 'Ada' }, expiresAt: 1_700_000_000_000 }));
    const session = readEmbeddedSession();
    expect(session.expiresAt).toBe(1_700_000_000_000);
    expect(session.counts).toEqual({ bag: 0, saved: 0, newOrders: 0 });
  });

  it('treats unreadable JSON as signed out', () => {
    embed('{not json');
    expect(readEmbeddedSession()).toEqual(SIGNED_OUT);
  });
});

describe('a visitor in a shop that takes guests', () => {
  it('keeps the guest flags and the guest bag count; a shop without guests gives visitors no counts', () => {
    const guest = normalizeSession({
      user: null,
      guestCheckout: true,
      guest: true,
      counts: { bag: 2, saved: 0, newOrders: 0 },
    });
    expect(guest).toMatchObject({ user: null, guestCheckout: true, guest: true, counts: { bag: 2 } });
    expect(hasBag(guest)).toBe(true);
    const closed = normalizeSession({ user: null, guestCheckout: false, counts: { bag: 2, saved: 0, newOrders: 0 } });
    expect(closed).toEqual(SIGNED_OUT);
    expect(hasBag(closed)).toBe(false);
    // From a server without the flags: as before.
    expect(normalizeSession({ user: null, expiresAt: null, counts: { bag: 0, saved: 0, newOrders: 0 } })).toEqual(
      SIGNED_OUT,
    );
  });

  it("becomes a guest with a bag answer, and the header's count follows", () => {
    const client = new QueryClient();
    setSession(client, { ...SIGNED_OUT, guestCheckout: true });
    applyBag(client, { items: [], count: 3, total: 0, canCheckout: true });
    expect(client.getQueryData<Session>(queryKeys.session)).toMatchObject({ guest: true, counts: { bag: 3 } });
  });

  it('a lost session keeps whether the shop takes guests', () => {
    const client = new QueryClient();
    setSession(client, {
      user: {
        uid: 'u1',
        displayName: 'Ada',
        email: 'a@x.ng',
        photoURL: null,
        phoneNumber: null,
        admin: false,
        role: null,
        access: [],
        createdAt: 0,
      },
      expiresAt: null,
      counts: { bag: 1, saved: 0, newOrders: 0 },
      guestCheckout: true,
      guest: false,
    });
    signOutLocally(client);
    expect(client.getQueryData<Session>(queryKeys.session)).toEqual({ ...SIGNED_OUT, guestCheckout: true });
  });
});

describe('redirect helpers', () => {
  it('follows only same-site paths', () => {
    expect(safeNextPath('/mybag')).toBe('/mybag');
    expect(safeNextPath('/search?q=shoes')).toBe('/search?q=shoes');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });

  it('builds /login?next=', () => {
    expect(loginPath('/mybag')).toBe('/login?next=%2Fmybag');
    expect(loginPath('/')).toBe('/login');
  });
});
