import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RoundPage, {
  CODE_MISSING,
  DELIVERED,
  LEFT,
  mapLink,
  PAID_BY_MISSING,
  PHOTO_MISSING,
  PHOTO_SENT,
  REJECTED,
  WAITING_REVIEW,
  whatsappLink,
} from './RoundPage';
import type { Stop } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const stop = (over: Partial<Stop>): Stop => ({
  orderId: 'o1',
  number: 'K7M2QX9A',
  customerName: 'Ada Obi',
  customerPhone: '+2348035550101',
  street: '14 Adeola Odeku Street',
  city: 'Victoria Island',
  state: 'Lagos',
  landmark: 'Opposite the blue gate',
  items: ['1 × Adire Wrap Dress (M, Indigo)'],
  note: 'Call before delivery',
  toCollect: 5_250_000,
  leftAt: null,
  deliveredAt: null,
  triesLeft: 5,
  photoSentAt: null,
  rejectedReason: null,
  ...over,
});

function server(stops: Stop[]) {
  const sent: unknown[] = [];
  const fetch = mockFetch({
    'GET /api/rider/deliveries': () => jsonResponse({ stops }),
    'POST /api/rider/deliveries/o1/leave': () => {
      stops[0] = { ...stops[0]!, leftAt: Date.UTC(2026, 10, 29, 9, 42) };
      return jsonResponse({ stop: stops[0] });
    },
    'POST /api/rider/deliveries/o1/deliver': (_url, init) => {
      const body = JSON.parse(init!.body as string) as { code: string; paidBy: string | null };
      sent.push(body);
      if (body.code !== '4821') {
        return jsonResponse(
          { error: 'validation', message: 'That code is not right. Ask the customer to read it again (4 tries left).' },
          400,
        );
      }
      stops[0] = { ...stops[0]!, deliveredAt: Date.UTC(2026, 10, 29, 10, 5) };
      return jsonResponse({ stop: stops[0] });
    },
  });
  return { fetch, sent };
}

describe('RoundPage', () => {
  it('lists the stops with what delivering needs, and links to call, WhatsApp and the map', async () => {
    server([stop({}), stop({ orderId: 'o2', number: 'P3R4S5T6', customerName: 'Bola Ade', toCollect: 0 })]);
    renderWithProviders(<RoundPage />, { path: '/admin/deliveries', session: { user: staffUser('rider') } });
    await screen.findByText('2 deliveries to make.');
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByRole('heading').textContent).toBe('1 Ada Obi');
    expect(within(first!).getByText('Landmark: Opposite the blue gate')).toBeTruthy();
    expect(within(first!).getByText('Collect ₦52,500.00')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+2348035550101');
    expect(within(first!).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/2348035550101',
    );
    expect(within(second!).getByText('Paid: nothing to collect')).toBeTruthy();
    expect(mapLink(stop({}))).toBe(
      'https://www.google.com/maps/search/?api=1&query=14%20Adeola%20Odeku%20Street%2C%20Victoria%20Island%2C%20Lagos%2C%20Nigeria',
    );
    expect(whatsappLink('+234 803 555 0101')).toBe('https://wa.me/2348035550101');
  });

  it('leaving sends the code; at the door the code and the way she paid are asked for', async () => {
    const { sent } = server([stop({})]);
    renderWithProviders(<RoundPage />, { path: '/admin/deliveries', session: { user: staffUser('rider') } });
    fireEvent.click(await screen.findByRole('button', { name: 'Leaving now' }));
    await screen.findByText(LEFT);
    const door = await screen.findByRole('form', { name: 'Deliver order #K7M2QX9A' });
    // Nothing is sent without four digits and a way of paying.
    fireEvent.click(within(door).getByRole('button', { name: 'Delivered' }));
    expect(within(door).getByRole('alert').textContent).toBe(CODE_MISSING);
    fireEvent.change(within(door).getByLabelText('Customer’s code'), { target: { value: '48a21' } });
    expect(within(door).getByLabelText<HTMLInputElement>('Customer’s code').value).toBe('4821');
    fireEvent.click(within(door).getByRole('button', { name: 'Delivered' }));
    expect(within(door).getByRole('alert').textContent).toBe(PAID_BY_MISSING);
    expect(sent).toEqual([]);
    // A wrong code: the server's words.
    fireEvent.change(within(door).getByLabelText('Customer’s code'), { target: { value: '1111' } });
    fireEvent.click(within(door).getByRole('radio', { name: 'Cash' }));
    fireEvent.click(within(door).getByRole('button', { name: 'Delivered' }));
    expect((await within(door).findByRole('alert')).textContent).toBe(
      'That code is not right. Ask the customer to read it again (4 tries left).',
    );
    fireEvent.change(within(door).getByLabelText('Customer’s code'), { target: { value: '4821' } });
    fireEvent.click(within(door).getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(screen.getByText(/^Delivered /)).toBeTruthy());
    expect(sent).toEqual([
      { code: '1111', paidBy: 'cash' },
      { code: '4821', paidBy: 'cash' },
    ]);
    expect(DELIVERED).toBe('Delivered. Thank you!');
    expect(screen.getByText('0 deliveries to make.')).toBeTruthy();
  });

  it('without a code, sends a photo and how she paid: the stop then waits for the review', async () => {
    const stops = [
      stop({ leftAt: Date.UTC(2026, 10, 29, 9, 42), rejectedReason: 'The parcel is not in the picture.' }),
    ];
    const sent: FormData[] = [];
    mockFetch({
      'GET /api/rider/deliveries': () => jsonResponse({ stops }),
      'POST /api/rider/deliveries/o1/photo': (_url, init) => {
        sent.push(init!.body as FormData);
        stops[0] = { ...stops[0]!, photoSentAt: Date.now(), rejectedReason: null };
        return jsonResponse({ stop: stops[0] });
      },
    });
    renderWithProviders(<RoundPage />, { path: '/admin/deliveries', session: { user: staffUser('rider') } });
    expect(await screen.findByText(REJECTED('The parcel is not in the picture.'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No code? Send a photo' }));
    const photo = screen.getByRole('group', { name: 'No code: a photo of the handover' });
    fireEvent.click(within(photo).getByRole('button', { name: 'Send the photo' }));
    expect(within(photo).getByRole('alert').textContent).toBe(PHOTO_MISSING);
    const file = new File([new Uint8Array([1, 2, 3])], 'door.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(photo).getByLabelText('Photo of the parcel in the customer’s hands'), {
      target: { files: [file] },
    });
    fireEvent.click(within(photo).getByRole('button', { name: 'Send the photo' }));
    expect(within(photo).getByRole('alert').textContent).toBe(PAID_BY_MISSING);
    fireEvent.click(within(photo).getByRole('radio', { name: 'Transfer' }));
    fireEvent.click(within(photo).getByRole('button', { name: 'Send the photo' }));
    expect(await screen.findByText(WAITING_REVIEW)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('paidBy')).toBe('transfer');
    expect((sent[0]!.get('photo') as File).name).toBe('door.jpg');
    expect(screen.queryByRole('form', { name: 'Deliver order #K7M2QX9A' })).toBeNull();
    expect(PHOTO_SENT).toContain('not marked yet');
  });
});
