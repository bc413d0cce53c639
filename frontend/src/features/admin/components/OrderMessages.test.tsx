import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderMessages } from './OrderMessages';
import { admin, mockFetch, renderWithProviders } from '@/test/utils';

const base = {
  to: '+2348031234567',
  attempts: 1,
  lastError: null,
  createdAt: 1_700_000_000_000,
  nextAt: 1_700_000_000_000,
};

describe("an order's messages", () => {
  it('lists each SMS and WhatsApp message with its event, status and time', async () => {
    mockFetch({
      '/api/admin/orders/o1/messages': [
        { ...base, id: 1, channel: 'sms', event: 'placed', status: 'sent', sentAt: 1_700_000_060_000 },
        { ...base, id: 2, channel: 'whatsapp', event: 'out_for_delivery', status: 'pending', sentAt: null },
        {
          ...base,
          id: 3,
          channel: 'sms',
          event: 'delivered',
          status: 'failed',
          sentAt: null,
          lastError: 'Not sent: the customer opted out of messages (STOP).',
        },
      ],
    });
    renderWithProviders(<OrderMessages orderId="o1" />, { session: { user: admin } });
    const list = await screen.findByRole('list', { name: 'Order messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(/^SMS: Order placed · Sent · /);
    expect(items[1]!.textContent).toMatch(/^WhatsApp: Out for delivery · Waiting · due /);
    expect(items[2]!.textContent).toContain('opted out');
  });

  it('says when there are none', async () => {
    mockFetch({ '/api/admin/orders/o2/messages': [] });
    renderWithProviders(<OrderMessages orderId="o2" />, { session: { user: admin } });
    expect(await screen.findByText('None for this order.')).toBeTruthy();
  });
});
