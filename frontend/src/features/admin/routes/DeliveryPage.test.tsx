import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DeliveryPage from './DeliveryPage';
import { Sidebar } from '@/components/Sidebar';
import type { DeliveryOptions, DeliveryOptionsInput, PayOnDeliveryInput } from '@/lib/types';
import { POD_OFF, zone } from '@/test/fixtures';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const STATES = ['Ekiti', 'Federal Capital Territory', 'Kano', 'Lagos', 'Ogun', 'Oyo'];

const OPTIONS: DeliveryOptions = {
  abroad: [],
  countries: [],
  states: STATES,
  zones: [
    zone(),
    zone({ name: 'South-West', fee: 400_000, estimate: '2–3 working days', freeOver: null, states: ['Ogun', 'Oyo'] }),
  ],
  pickup: { enabled: false, address: '', payOnDelivery: POD_OFF },
};

/** Pay on delivery off, as PUT sends it (the largest total kept for when it is turned on). */
const POD_INPUT_OFF = { enabled: false, maxTotal: '150000' };

/** Pay on delivery as PUT takes it (naira as typed) into the answer's (kobo). */
function podAnswer(pod: PayOnDeliveryInput | null | undefined) {
  if (!pod) return POD_OFF;
  const maxTotal = pod.maxTotal ? Math.round(Number(pod.maxTotal.replace(/,/g, '')) * 100) : POD_OFF.maxTotal;
  return { enabled: pod.enabled === true, maxTotal };
}

/** The server: GET answers the options, PUT stores them (or answers `refuse` with 400). */
function server(refuse?: string) {
  const sent: DeliveryOptionsInput[] = [];
  const fetch = mockFetch({
    '/api/delivery': OPTIONS,
    'PUT /api/admin/delivery': (_url, init) => {
      const body = JSON.parse(init!.body as string) as DeliveryOptionsInput;
      sent.push(body);
      if (refuse) return jsonResponse({ error: 'validation', message: refuse }, 400);
      return jsonResponse({
        states: STATES,
        zones: body.zones.map((z) => ({
          ...z,
          fee: Math.round(Number(z.fee) * 100),
          freeOver: z.freeOver ? Math.round(Number(z.freeOver) * 100) : null,
          payOnDelivery: podAnswer(z.payOnDelivery),
          liveRates: z.liveRates ?? false,
        })),
        pickup: {
          ...body.pickup,
          address: body.pickup.address ?? '',
          payOnDelivery: podAnswer(body.pickup.payOnDelivery),
        },
        abroad: [],
        countries: [],
      } satisfies DeliveryOptions);
    },
  });
  return { fetch, sent };
}

function renderDelivery() {
  return renderWithProviders(<DeliveryPage />, { path: '/admin/delivery', session: { user: admin } });
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('Delivery screen', () => {
  it('shows each zone as a card and the states no zone delivers to', async () => {
    server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    expect(within(lagos).getByLabelText<HTMLInputElement>('Fee (₦)').value).toBe('2500');
    expect(within(lagos).getByLabelText<HTMLInputElement>(/Free delivery from/).value).toBe('100000');
    expect(within(lagos).getByLabelText<HTMLInputElement>('Delivery estimate').value).toBe('1–2 working days');
    expect(within(card('South-West')).getByText('Ogun and Oyo', { selector: '.delivery-states__names' })).toBeTruthy();
    const missing = screen.getByRole('region', { name: 'Not delivered' });
    expect(within(missing).getByText('Ekiti, Federal Capital Territory, Kano')).toBeTruthy();
    expect(screen.getByText('No changes')).toBeTruthy();
  });

  it("changes Lagos's fee, turns pickup on and saves everything at once", async () => {
    const { sent } = server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    fireEvent.change(within(lagos).getByLabelText('Fee (₦)'), { target: { value: '3,000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /pick up their order/ }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The client asks for the address first, without calling the server.
    expect(await screen.findByText("Give the shop's address for pickup.")).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Shop's address"), { target: { value: '12 Broad Street, Lagos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        zones: [
          {
            name: 'Lagos',
            fee: '3,000',
            estimate: '1–2 working days',
            freeOver: '100000',
            states: ['Lagos'],
            payOnDelivery: POD_INPUT_OFF,
            liveRates: false,
          },
          {
            name: 'South-West',
            fee: '4000',
            estimate: '2–3 working days',
            freeOver: '',
            states: ['Ogun', 'Oyo'],
            payOnDelivery: POD_INPUT_OFF,
            liveRates: false,
          },
        ],
        pickup: { enabled: true, address: '12 Broad Street, Lagos', payOnDelivery: POD_INPUT_OFF },
      },
    ]);
    expect(screen.getByText('Saved').closest('[role="status"]')).toBeTruthy();
  });

  it('moves a state ticked in another zone, and marks the states in no zone', async () => {
    const { sent } = server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    fireEvent.click(within(lagos).getByText('Choose'));
    expect(within(lagos).getByRole('checkbox', { name: 'Lagos' })).toHaveProperty('checked', true);
    expect(within(lagos).getByRole('checkbox', { name: 'Ogun in South-West' })).toHaveProperty('checked', false);
    expect(within(lagos).getByRole('checkbox', { name: 'Kano Not delivered' })).toBeTruthy();
    fireEvent.click(within(lagos).getByRole('checkbox', { name: 'Ogun in South-West' }));
    expect(within(lagos).getByText('Ogun moved here from South-West.')).toBeTruthy();
    expect(within(card('South-West')).getByText('Oyo', { selector: '.delivery-states__names' })).toBeTruthy();
    // The filter narrows the list.
    fireEvent.change(within(lagos).getByRole('searchbox', { name: 'Find a state for Lagos' }), {
      target: { value: 'fed' },
    });
    expect(
      within(within(lagos).getByRole('group', { name: 'States of Lagos' }))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Federal Capital Territory Not delivered']);
    fireEvent.click(within(lagos).getByRole('button', { name: 'Add the 3 not delivered' }));
    expect(screen.getByText('Every state is in a zone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(sent[0]!.zones.map((z) => z.states)).toEqual([
      ['Ekiti', 'Federal Capital Territory', 'Kano', 'Lagos', 'Ogun'],
      ['Oyo'],
    ]);
  });

  it('adds and removes zones, and shows what the server refuses', async () => {
    const { sent } = server('Lagoss is not a Nigerian state.');
    renderDelivery();
    await screen.findByRole('listitem', { name: 'Lagos' });
    fireEvent.click(screen.getByRole('button', { name: '+ Add zone' }));
    const fresh = card('New zone');
    expect(document.activeElement).toBe(within(fresh).getByLabelText('Zone name'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Every zone needs a name and a delivery estimate.')).toBeTruthy();
    fireEvent.change(within(fresh).getByLabelText('Zone name'), { target: { value: 'North' } });
    fireEvent.change(within(fresh).getByLabelText('Delivery estimate'), { target: { value: '5 days' } });
    fireEvent.change(within(fresh).getByLabelText('Fee (₦)'), { target: { value: '9000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The zone North has no states.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the zone North' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the zone South-West' }));
    expect(screen.queryByRole('listitem', { name: 'South-West' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const refused = await screen.findByText('Lagoss is not a Nigerian state.');
    expect(refused.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.zones.map((z) => z.name)).toEqual(['Lagos']);
  });
});

describe('pay on delivery by zone, and at pickup', () => {
  it('is off by default; switched on for a zone it asks for the largest order, ₦150,000.00 to start', async () => {
    const { sent } = server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    const pod = within(lagos).getByRole<HTMLInputElement>('checkbox', { name: /^Pay on delivery/ });
    expect(pod.checked).toBe(false);
    expect(within(lagos).queryByLabelText('Largest order to pay on delivery (₦)')).toBeNull();
    fireEvent.click(pod);
    const max = within(lagos).getByLabelText<HTMLInputElement>('Largest order to pay on delivery (₦)');
    expect(max.value).toBe('150000');
    fireEvent.change(max, { target: { value: '100,000' } });
    // Pickup too: "Pay at pickup".
    fireEvent.click(screen.getByRole('checkbox', { name: /pick up their order/ }));
    fireEvent.change(screen.getByLabelText("Shop's address"), { target: { value: '12 Broad Street, Lagos' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Pay at pickup/ }));
    fireEvent.change(screen.getByLabelText('Largest order to pay at pickup (₦)'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(sent[0]!.zones.map((z) => z.payOnDelivery)).toEqual([{ enabled: true, maxTotal: '100,000' }, POD_INPUT_OFF]);
    expect(sent[0]!.pickup.payOnDelivery).toEqual({ enabled: true, maxTotal: '50000' });
    // The answer is what the screen shows now.
    expect(
      within(screen.getByRole('listitem', { name: 'Lagos' })).getByLabelText<HTMLInputElement>(
        'Largest order to pay on delivery (₦)',
      ).value,
    ).toBe('100000');
  });

  it('prices a zone by live courier rates, its fee then the fallback', async () => {
    const { sent } = server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    const live = within(lagos).getByRole<HTMLInputElement>('checkbox', { name: /^Live courier rates/ });
    expect(live.checked).toBe(false);
    fireEvent.click(live);
    expect(within(lagos).getByLabelText('Fee when the courier does not answer (₦)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(sent[0]!.zones.map((z) => z.liveRates)).toEqual([true, false]);
    expect(
      within(screen.getByRole('listitem', { name: 'Lagos' })).getByRole<HTMLInputElement>('checkbox', {
        name: /^Live courier rates/,
      }).checked,
    ).toBe(true);
  });

  it('shows a zone that allows it, with its maximum', async () => {
    mockFetch({
      '/api/delivery': { ...OPTIONS, zones: [zone({ payOnDelivery: { enabled: true, maxTotal: 7_500_050 } })] },
    });
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    expect(within(lagos).getByRole<HTMLInputElement>('checkbox', { name: /^Pay on delivery/ }).checked).toBe(true);
    expect(within(lagos).getByLabelText<HTMLInputElement>('Largest order to pay on delivery (₦)').value).toBe(
      '75000.50',
    );
  });

  it('a maximum that is not an amount is said before asking the server', async () => {
    const { sent } = server();
    renderDelivery();
    const lagos = await screen.findByRole('listitem', { name: 'Lagos' });
    fireEvent.click(within(lagos).getByRole('checkbox', { name: /^Pay on delivery/ }));
    fireEvent.change(within(lagos).getByLabelText('Largest order to pay on delivery (₦)'), {
      target: { value: '150k' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toMatch(
      /^The largest order to pay on delivery in Lagos: "150k" is not a valid price/,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('Delivery and Discount codes in the menu', () => {
  it('are offered to admins only', () => {
    const props = { open: true, onClose: () => undefined, returnFocusRef: { current: null } };
    const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user: admin } });
    expect(screen.getByRole('link', { name: /Delivery/ }).getAttribute('href')).toBe('/admin/delivery');
    expect(screen.getByRole('link', { name: /Discount codes/ }).getAttribute('href')).toBe('/admin/discounts');
    unmount();
    renderWithProviders(<Sidebar {...props} />, { session: { user: customer } });
    expect(screen.queryByRole('link', { name: /Delivery/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Discount codes/ })).toBeNull();
  });
});
