import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionKeeper } from './SessionKeeper';
import { Header } from '@/components/Header';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { offlineSession } from '@/lib/offlineCounter';
import { refreshDelay, refreshRetryDelay } from '@/lib/session';
import type { Session } from '@/lib/types';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const MINUTE = 60_000;
const counts = { bag: 1, saved: 0, newOrders: 0 };

function session(expiresAt: number, overrides: Partial<Session> = {}): Session {
  return { user: customer, expiresAt, counts, guestCheckout: false, guest: false, ...overrides };
}

describe('refresh timing', () => {
  it('refreshes 5 minutes before expiry, at once when that has passed', () => {
    expect(refreshDelay(60 * MINUTE, 0)).toBe(55 * MINUTE);
    expect(refreshDelay(4 * MINUTE, 0)).toBe(0);
    expect(refreshDelay(4 * MINUTE, 0, 5000)).toBe(5000);
  });

  it('backs off from 30 s, doubling, up to 16 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(refreshRetryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000,
    ]);
  });
});

describe('SessionKeeper', () => {
  it('POSTs /api/auth/refresh 5 minutes before expiresAt, then again from the answer', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    const answers = [session(now + 115 * MINUTE, { counts: { bag: 4, saved: 0, newOrders: 0 } })];
    const fetch = mockFetch({
      'POST /api/auth/refresh': () => jsonResponse(answers.shift() ?? session(now + 200 * MINUTE)),
    });
    const { queryClient } = renderWithProviders(<SessionKeeper />, { session: session(now + 60 * MINUTE) });

    await act(async () => vi.advanceTimersByTime(55 * MINUTE - 1));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/refresh');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['X-Requested-With']).toBe('ankara');
    await act(async () => vi.advanceTimersByTime(0));
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.expiresAt).toBe(now + 115 * MINUTE);
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.counts?.bag).toBe(4);

    // Rescheduled from the new expiry: 115 - 5 = 110 minutes after start.
    await act(async () => vi.advanceTimersByTime(55 * MINUTE - 1));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('signs out and opens /login when the refresh answers 401', async () => {
    vi.useFakeTimers();
    mockFetch({
      'POST /api/auth/refresh': () =>
        jsonResponse({ error: 'unauthenticated', message: 'Please log in to continue.' }, 401),
    });
    const { queryClient, currentLocation } = renderWithProviders(
      <>
        <SessionKeeper />
        <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      </>,
      { path: '/mybag', session: session(Date.now() + 10 * MINUTE) },
    );
    expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(5 * MINUTE));
    await act(async () => vi.advanceTimersByTime(0));
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.user).toBeNull();
    expect(currentLocation()).toBe('/login?next=%2Fmybag');
    expect(screen.getByRole('link', { name: 'My Bag' })).toBeTruthy();
  });

  it('retries a refresh that failed for another reason after 30 s', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetch = mockFetch({
      'POST /api/auth/refresh': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(session(Date.now() + 60 * MINUTE));
      },
    });
    renderWithProviders(<SessionKeeper />, { session: session(Date.now() + 6 * MINUTE) });
    await act(async () => vi.advanceTimersByTime(MINUTE));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('signs out on a 401 from any other call (expired token, disabled account)', async () => {
    mockFetch({
      '/api/bag': () => jsonResponse({ error: 'unauthenticated', message: 'Please log in to continue.' }, 401),
    });
    const { queryClient, currentLocation } = renderWithProviders(<SessionKeeper />, {
      path: '/product/oxford-brogue',
      session: session(Date.now() + 60 * MINUTE),
    });
    await act(async () => {
      await answer(api.GET('/api/bag')).catch(() => undefined);
    });
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.user).toBeNull();
    expect(currentLocation()).toBe('/login?next=%2Fproduct%2Foxford-brogue');
  });

  it('schedules nothing for a visitor', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch({});
    renderWithProviders(<SessionKeeper />, { session: { user: null } });
    await act(async () => vi.advanceTimersByTime(120 * MINUTE));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a counter reopened offline (the marked shell) keeps its user on a 401, rather than leaving', async () => {
    const mark = document.createElement('meta');
    mark.name = 'ankara-offline-shell';
    document.head.append(mark);
    mockFetch({
      'POST /api/counter/sales': () =>
        jsonResponse({ error: 'unauthenticated', message: 'Please log in to continue.' }, 401),
    });
    const { queryClient, currentLocation } = renderWithProviders(<SessionKeeper />, {
      path: '/admin/counter',
      session: offlineSession({ uid: 'u-bisi', displayName: 'Bisi', role: 'cashier' }),
    });
    await act(async () => {
      await answer(api.POST('/api/counter/sales', { body: {} as never })).catch(() => undefined);
    });
    mark.remove();
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.user?.uid).toBe('u-bisi');
    expect(currentLocation()).toBe('/admin/counter');
  });
});
