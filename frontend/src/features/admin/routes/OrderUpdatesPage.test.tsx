import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrderUpdatesPage, { SAVED } from './OrderUpdatesPage';
import type { EventSetting, MessagesView } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const event = (name: EventSetting['event'], smsText: string): EventSetting => ({
  event: name,
  email: true,
  sms: false,
  whatsapp: false,
  smsText,
  whatsappText: `Hello {name}, ${name}`,
  whatsappTemplate: `order_${name}`,
});

const VIEW: MessagesView = {
  events: [
    event('placed', '{shop}: order {number} is placed.'),
    event('delivered', '{shop}: order {number} delivered.'),
  ],
  dailyCap: 200,
  sentToday: 3,
  smsMode: 'sandbox',
  whatsappMode: 'sandbox',
  inboundUrl: 'https://shop.test/api/messages/inbound/abc',
  placeholders: [{ name: 'name', meaning: "the customer's name", events: ['placed', 'delivered'] }],
};

describe('order updates', () => {
  it('turns SMS on for an event and saves the channels and the cap', async () => {
    let saved: unknown = null;
    mockFetch({
      'GET /api/admin/messages': VIEW,
      'PUT /api/admin/messages': (_url: URL, init?: RequestInit) => {
        saved = JSON.parse(init?.body as string);
        return jsonResponse({ ...VIEW, ...(saved as object) });
      },
    });
    renderWithProviders(<OrderUpdatesPage />, { session: { user: admin } });
    const placed = await screen.findByRole('region', { name: 'Order placed' });
    fireEvent.click(within(placed).getByRole('checkbox', { name: 'SMS' }));
    fireEvent.change(screen.getByLabelText('Daily cap on paid messages (SMS and WhatsApp)'), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(saved).toMatchObject({
      dailyCap: 50,
      events: [{ event: 'placed', sms: true, email: true }, { sms: false }],
    });
    expect(screen.getByText(/sandbox: written to the outbox-sms folder/)).toBeTruthy();
  });

  it('shows the server naming a placeholder it refused, and a preview', async () => {
    mockFetch({
      'GET /api/admin/messages': VIEW,
      'PUT /api/admin/messages': () =>
        jsonResponse(
          {
            error: 'validation',
            message: 'Order placed, SMS: {code} cannot be filled for this event: it is the code.',
          },
          400,
        ),
      'POST /api/admin/messages/preview': {
        sms: 'Ankara: order K7M2QX9A is placed. Reply STOP to opt out.',
        whatsapp: 'Hello Adaeze, placed',
        whatsappBody: 'Hello {{1}}, placed',
        whatsappParameters: ['Adaeze'],
        smsCharacters: 55,
        smsPages: 1,
      },
    });
    renderWithProviders(<OrderUpdatesPage />, { session: { user: admin } });
    const placed = await screen.findByRole('region', { name: 'Order placed' });
    fireEvent.click(within(placed).getByRole('button', { name: 'Preview' }));
    expect(await within(placed).findByText(/order K7M2QX9A is placed/)).toBeTruthy();
    fireEvent.change(within(placed).getByLabelText('SMS words'), { target: { value: 'Your code {code}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/\{code\} cannot be filled for this event/)).toBeTruthy();
  });
});
