import { afterEach, describe, expect, it } from 'vitest';
import { readEmbeddedSession, SESSION_ELEMENT_ID, SIGNED_OUT } from './session';
import { loginPath, safeNextPath } from './redirect';

function embed(text: string) {
  const script = document.createElement('script');
  script.id = SESSION_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

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
