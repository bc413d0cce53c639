import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MessagesPage from './MessagesPage';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

describe('contact inbox', () => {
  it('lists the messages newest first with a reply link', async () => {
    mockFetch({
      '/api/admin/contact-messages': [
        { id: 2, email: 'tolu@example.com', message: 'Do you deliver to Abuja?', createdAt: 1_700_000_600_000 },
        { id: 1, email: 'ada+shop@example.com', message: 'Sizes for\nthe brogues?', createdAt: 1_700_000_000_000 },
      ],
    });
    renderWithProviders(<MessagesPage />, { session: { user: admin } });
    const list = await screen.findByRole('list', { name: 'Contact messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.admin-message__from')?.textContent)).toEqual([
      'tolu@example.com',
      'ada+shop@example.com',
    ]);
    expect(within(items[0]!).getByText('Do you deliver to Abuja?')).toBeTruthy();
    const reply = within(items[1]!).getByRole('link', { name: 'Reply to ada+shop@example.com' });
    expect(reply.getAttribute('href')).toBe(
      'mailto:ada%2Bshop@example.com?subject=Re%3A%20your%20message%20to%20Ankara',
    );
    expect(document.title).toBe('Messages — Ankara');
  });

  it('says "No messages yet." when the inbox is empty', async () => {
    mockFetch({ '/api/admin/contact-messages': [] });
    renderWithProviders(<MessagesPage />, { session: { user: admin } });
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('shows why the inbox could not be read', async () => {
    mockFetch({
      '/api/admin/contact-messages': () =>
        jsonResponse({ error: 'forbidden', message: 'You must be an admin to do this.' }, 403),
    });
    renderWithProviders(<MessagesPage />, { session: { user: admin } });
    expect(await screen.findByText('Error: You must be an admin to do this.')).toBeTruthy();
  });
});
