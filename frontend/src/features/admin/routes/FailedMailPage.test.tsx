import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FailedMailPage from './FailedMailPage';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const failed = {
  id: 7,
  kind: 'order',
  channel: 'email',
  to: 'ada@example.com',
  subject: 'Ankara: order #K7M2QX9A confirmed',
  attempts: 10,
  reason: 'the mail server did not take it: connection refused',
  createdAt: 1_700_000_000_000,
  lastAttemptAt: 1_700_000_600_000,
};

describe('failed mail', () => {
  it('lists failed mail with the reason and retries one', async () => {
    const posted: string[] = [];
    mockFetch({
      '/api/admin/mail/failed': [failed],
      '/api/admin/mail/failed/7/retry': () => {
        posted.push('7');
        return jsonResponse({ retried: 1 });
      },
    });
    renderWithProviders(<FailedMailPage />, { session: { user: admin } });
    const list = await screen.findByRole('list', { name: 'Failed mail' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('E-mail: Order to ada@example.com')).toBeTruthy();
    expect(within(item).getByText(/connection refused/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: /Retry the mail to ada@example.com/ }));
    expect(await screen.findByText('1 mail will be sent again.')).toBeTruthy();
    expect(posted).toEqual(['7']);
    expect(document.title).toBe('Failed mail — Ankara');
  });

  it('names the channel of an SMS that failed', async () => {
    mockFetch({
      '/api/admin/mail/failed': [
        {
          ...failed,
          id: 8,
          kind: 'order_message',
          channel: 'sms',
          to: '+2348031234567',
          reason: 'Termii did not take the message (500)',
        },
      ],
    });
    renderWithProviders(<FailedMailPage />, { session: { user: admin } });
    expect(await screen.findByText('SMS: Order update to +2348031234567')).toBeTruthy();
  });

  it('says so when nothing failed', async () => {
    mockFetch({ '/api/admin/mail/failed': [] });
    renderWithProviders(<FailedMailPage />, { session: { user: admin } });
    expect(await screen.findByText('No failed mail.')).toBeTruthy();
  });
});
