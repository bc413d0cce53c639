import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ActivityPage, { NO_MORE } from './ActivityPage';
import type { ActivityEntry } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function entry(id: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    at: Date.UTC(2026, 10, 25, 9) - id * 60_000,
    actor: 'Chidi Admin <ada@example.com>',
    subject: 'order',
    subjectId: `o${id}`,
    summary: `Order #${id}: marked as shipped`,
    ...overrides,
  };
}

describe('Activity log', () => {
  it('lists who did what, by subject, and reads older lines before the last shown', async () => {
    const fetch = mockFetch({
      '/api/admin/activity': (url) => {
        const before = url.searchParams.get('before');
        const subject = url.searchParams.get('subject');
        if (subject === 'staff') {
          return jsonResponse({
            activity: [
              entry(7, { subject: 'staff', subjectId: 'u2', summary: 'Tunde <t@example.com>: role customer → packer' }),
            ],
          });
        }
        // A full page of 100 (ids 300…201), then the last 5 older ones.
        const start = before ? Number(before) - 1 : 300;
        const count = before ? 5 : 100;
        return jsonResponse({ activity: Array.from({ length: count }, (_, i) => entry(start - i)) });
      },
    });
    const { currentLocation } = renderWithProviders(<ActivityPage />, {
      path: '/admin/activity',
      session: { user: admin },
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(within(list).getByRole('link', { name: 'Order #300: marked as shipped' }).getAttribute('href')).toBe(
      '/admin/orders/o300',
    );
    expect(within(list).getAllByText('Chidi Admin <ada@example.com>')).toHaveLength(100);

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(105));
    expect(fetch.mock.calls.some(([u]) => (u as string) === '/api/admin/activity?before=201')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
    expect(screen.getByText(NO_MORE)).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Staff' }));
    expect(currentLocation()).toBe('/admin/activity?subject=staff');
    await screen.findByText('Tunde <t@example.com>: role customer → packer');
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
  });
});
