import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from './api';
import { confirmSession, PICTURES_KEPT, rememberCounterUser, urlsToKeep } from './offline';
import { offlineMode, offlineSession, setOfflineMode } from '@/lib/offlineCounter';
import { COUNTER_USER_KEY } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';
import type { Session } from '@/lib/types';
import { admin, createTestQueryClient, jsonResponse, mockFetch, sessionOf } from '@/test/utils';

const ORIGIN = 'https://shop.example';

function catalogue(pictures: number): Catalogue {
  return {
    at: 1,
    lowStock: 3,
    products: Array.from({ length: pictures }, (_, i) => ({
      productId: `p${i}`,
      name: `Product ${i}`,
      price: 1000,
      image: { url: `/media/p${i}.jpg?v=2`, srcset: '', webpSrcset: '', width: 320, height: 320 },
      variants: [],
    })),
  };
}

describe('urlsToKeep', () => {
  it('names the code loaded from this shop and the catalogue’s pictures, once each', () => {
    const urls = urlsToKeep(
      catalogue(2),
      [
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/assets/index-abc.js`,
        `${ORIGIN}/assets/CounterPage-def.js`,
        `${ORIGIN}/api/counter/catalogue`,
        'https://cdn.elsewhere.example/assets/x.js',
        'not a url at all::',
      ],
      ORIGIN,
    );
    expect(urls).toEqual([
      '/assets/index-abc.js',
      '/assets/CounterPage-def.js',
      '/media/p0.jpg?v=2',
      '/media/p1.jpg?v=2',
    ]);
  });

  it('keeps at most PICTURES_KEPT pictures', () => {
    expect(urlsToKeep(catalogue(PICTURES_KEPT + 20), [], ORIGIN)).toHaveLength(PICTURES_KEPT);
    expect(urlsToKeep(null, [], ORIGIN)).toEqual([]);
  });
});

describe('rememberCounterUser', () => {
  it('keeps only the name, role and id: nothing secret', () => {
    const cashier = { uid: 'u-bisi', displayName: 'Bisi Cashier', role: 'cashier' as const };
    rememberCounterUser({ ...cashier, email: 'bisi@example.com', access: ['GET /api/admin/orders'] } as never);
    expect(JSON.parse(localStorage.getItem(COUNTER_USER_KEY)!)).toEqual(cashier);
    localStorage.removeItem(COUNTER_USER_KEY);
  });
});

describe('confirmSession', () => {
  it('takes the server’s session once the connection is back, or asks to sign in again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.session, offlineSession({ uid: 'u-bisi', displayName: 'Bisi', role: 'cashier' }));
    const server = sessionOf({ ...admin, uid: 'u-bisi', displayName: 'Bisi' });
    let answer: Session = server;
    mockFetch({ '/api/session': () => jsonResponse(answer) });
    setOfflineMode('offline');
    const stop = confirmSession(client);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(offlineMode()).toBeNull());
    expect(client.getQueryData<Session>(queryKeys.session)?.expiresAt).toBe(server.expiresAt);
    stop();

    answer = sessionOf(null);
    setOfflineMode('offline');
    const again = confirmSession(client);
    await waitFor(() => expect(offlineMode()).toBe('sign-in'));
    again();
    setOfflineMode(null);
  });
});
