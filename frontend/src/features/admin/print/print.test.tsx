import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import PackingSlipPage from './PackingSlipPage';
import { pickListPath, pickOrderIds } from './pickList';
import PickListPage from './PickListPage';
import { PAGE_RULES, paperOf, withPaper } from './PrintFrame';
import { PickListLink, PrintLinks } from './PrintLinks';
import ReceiptPage from './ReceiptPage';
import ShippingLabelPage from './ShippingLabelPage';
import type { AdminOrder, Order, PickList } from '@/lib/types';
import { deliveryOptions, order } from '@/test/fixtures';
import { embedShop } from '@/test/shop';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

afterEach(() => vi.restoreAllMocks());

const ID = 'a1b2c3d4e5f6g7h8';

/** A pay-link order with a deposit paid, a customer note and SKUs on its lines. */
function adminOrder(overrides: Partial<Order> = {}): AdminOrder {
  const o = order({
    paymentMethod: 'pay_link',
    paid: 6_800_020,
    balance: 10_200_030,
    customerNote: 'Call before delivery',
    ...overrides,
  });
  return {
    ...o,
    view: 'full',
    userId: 'u1',
    nextStatuses: [],
    refundable: 0,
    payLinks: [],
    internalNote: 'Regular customer — never print this',
    skus: ['OXF-42-BLK', null],
    restockable: o.items.map((item) => item.quantity),
  };
}

function renderAt(path: string, pattern: string, page: React.ReactNode) {
  return renderWithProviders(<Route path={pattern}>{page}</Route>, { path, session: { user: admin } });
}

describe('the packing slip', () => {
  it('lists SKUs, sizes, colours and quantities, the customer and the note, and no prices', async () => {
    mockFetch({ [`/api/admin/orders/${ID}`]: adminOrder() });
    renderAt(`/admin/orders/${ID}/packing-slip`, '/admin/orders/:id/packing-slip', <PackingSlipPage />);
    const slip = await screen.findByRole('article', { name: 'Packing slip for Order #K7M2QX9A' });
    const rows = within(slip).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('OXF-42-BLKOxford Brogue42Black2');
    expect(rows[2]!.textContent).toBe('—Heritage Chronograph——1');
    expect(slip.textContent).toContain('Ada Obi');
    expect(slip.textContent).toContain('+234 803 000 0000');
    expect(slip.textContent).toContain('12 Marina Road');
    expect(within(slip).getByLabelText('Customer note').textContent).toBe('Customer note: Call before delivery');
    expect(slip.textContent).not.toContain('₦');
    expect(slip.textContent).not.toContain('never print this');
    expect(slip.textContent).toContain('2 lines, 3 items');
  });

  it('prints with the button and switches to the 80 mm roll', async () => {
    mockFetch({ [`/api/admin/orders/${ID}`]: adminOrder() });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { container } = renderAt(
      `/admin/orders/${ID}/packing-slip`,
      '/admin/orders/:id/packing-slip',
      <PackingSlipPage />,
    );
    const slip = await screen.findByRole('article');
    expect(slip.className).toContain('print-doc--a4');
    expect(container.querySelector('style')!.textContent).toBe(PAGE_RULES.a4);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('link', { name: '80 mm receipt' }));
    expect((await screen.findByRole('article')).className).toContain('print-doc--80mm');
    expect(container.querySelector('style')!.textContent).toBe('@page { size: 80mm auto; margin: 3mm; }');
    expect(screen.getByRole('link', { name: '80 mm receipt' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when the order is not found', async () => {
    mockFetch({});
    renderAt(`/admin/orders/${ID}/packing-slip`, '/admin/orders/:id/packing-slip', <PackingSlipPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This order could not be found.');
  });
});

describe("the shop's contacts on paper", () => {
  it('puts the logo, the name, the address, the phone, the WhatsApp number and the e-mail of the shop on the receipt and the slip', async () => {
    const logo = {
      url: '/media/brand/abc-256.png',
      srcset: '/media/brand/abc-256.png 256w',
      webpSrcset: '',
      width: 300,
      height: 100,
    };
    embedShop({
      name: "Funke's Closet",
      logo,
      phone: '0803 555 0199',
      whatsapp: '2348035550100',
      email: 'hello@funkescloset.ng',
      address: '12 Admiralty Way, Lekki, Lagos',
    });
    mockFetch({
      [`/api/admin/orders/${ID}`]: adminOrder(),
      '/api/delivery': deliveryOptions({ pickup: { enabled: true, address: '14 Broad Street, Lagos Island' } }),
    });
    for (const [path, pattern, page, name] of [
      [`/admin/orders/${ID}/receipt`, '/admin/orders/:id/receipt', <ReceiptPage />, 'Receipt for Order #K7M2QX9A'],
      [
        `/admin/orders/${ID}/packing-slip`,
        '/admin/orders/:id/packing-slip',
        <PackingSlipPage />,
        'Packing slip for Order #K7M2QX9A',
      ],
    ] as const) {
      const { unmount } = renderAt(path, pattern, page);
      const paper = await screen.findByRole('article', { name });
      const head = paper.querySelector('.print-doc__shop')!;
      expect(head.textContent).toBe("Funke's Closet");
      expect(head.querySelector('img')?.getAttribute('src')).toBe('/media/brand/abc-256.png');
      const contact = within(paper).getByLabelText('The shop');
      expect([...contact.children].map((c) => c.textContent)).toEqual([
        '12 Admiralty Way, Lekki, Lagos',
        'Phone 0803 555 0199',
        'WhatsApp +234 803 555 0100',
        'hello@funkescloset.ng',
      ]);
      unmount();
    }
  });

  it('puts the pickup address, the WhatsApp number and the e-mail under the shop when it has no address of its own', async () => {
    embedShop({ whatsapp: '2348035550100', email: 'hello@shop.ng' });
    mockFetch({
      [`/api/admin/orders/${ID}`]: adminOrder(),
      '/api/delivery': deliveryOptions({ pickup: { enabled: true, address: '14 Broad Street, Lagos Island' } }),
    });
    renderAt(`/admin/orders/${ID}/receipt`, '/admin/orders/:id/receipt', <ReceiptPage />);
    const receipt = await screen.findByRole('article', { name: 'Receipt for Order #K7M2QX9A' });
    const contact = await within(receipt).findByLabelText('The shop');
    await waitFor(() => expect(contact.textContent).toContain('14 Broad Street, Lagos Island'));
    expect(contact.textContent).toContain('WhatsApp +234 803 555 0100');
    expect(contact.textContent).toContain('hello@shop.ng');
  });

  it('says nothing of what the shop has not given', async () => {
    embedShop({ whatsapp: null, email: null });
    mockFetch({ [`/api/admin/orders/${ID}`]: adminOrder(), '/api/delivery': deliveryOptions() });
    renderAt(`/admin/orders/${ID}/packing-slip`, '/admin/orders/:id/packing-slip', <PackingSlipPage />);
    const slip = await screen.findByRole('article', { name: 'Packing slip for Order #K7M2QX9A' });
    expect(within(slip).queryByLabelText('The shop')).toBeNull();
  });
});

describe('the receipt', () => {
  it('has the lines with prices, the total in parts, what is paid and the balance', async () => {
    mockFetch({ [`/api/admin/orders/${ID}`]: adminOrder({ deliveryFee: 250_000, subtotal: 16_750_050 }) });
    renderAt(`/admin/orders/${ID}/receipt`, '/admin/orders/:id/receipt', <ReceiptPage />);
    const receipt = await screen.findByRole('article', { name: 'Receipt for Order #K7M2QX9A' });
    expect(within(receipt).getAllByRole('row')[1]!.textContent).toBe(
      'Oxford BrogueSize: 42 · Colour: Black2₦25,000.00₦50,000.00',
    );
    const price = within(receipt).getByLabelText('Price');
    expect(price.textContent).toContain('Delivery₦2,500.00');
    expect(price.textContent).toContain('Total₦170,000.50');
    expect(price.textContent).toContain('Paid by pay link₦68,000.20');
    expect(price.textContent).toContain('Balance to pay₦102,000.30');
    expect(receipt.textContent).toContain('Call before delivery');
    expect(receipt.textContent).not.toContain('never print this');
  });
});

describe('the pick list', () => {
  const list: PickList = {
    lines: [
      {
        name: 'Adire Dress',
        size: 'M',
        color: 'Indigo',
        sku: 'ADR-M-IND',
        quantity: 3,
        orders: ['AAAA1111', 'BBBB2222'],
      },
      { name: 'Gele', size: null, color: null, sku: null, quantity: 1, orders: ['BBBB2222'] },
    ],
    orders: [
      { view: 'full', ...order({ id: 'o1', number: 'AAAA1111', customerNote: 'Leave at the gate' }) },
      { view: 'full', ...order({ id: 'o2', number: 'BBBB2222', customerName: 'Bola Ade', deliveryMethod: 'pickup' }) },
    ],
  };

  it('asks for the orders chosen and lists each variant once with its units and orders', async () => {
    const fetch = mockFetch({ '/api/admin/pick-list': list });
    renderWithProviders(<PickListPage />, { path: '/admin/pick-list?orders=o1,o2', session: { user: admin } });
    const doc = await screen.findByRole('article', { name: 'Pick list' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/pick-list?orders=o1%2Co2');
    const rows = within(doc).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('ADR-M-INDAdire DressM · Indigo3#AAAA1111, #BBBB2222');
    expect(rows[2]!.textContent).toBe('—Gele1#BBBB2222');
    expect(doc.textContent).toContain('2 orders, 4 items');
    expect(doc.textContent).toContain('Leave at the gate');
    expect(doc.textContent).toContain('Bola Ade');
    expect(doc.textContent).toContain('Pick up in store');
  });

  it('without orders asks for every order waiting to be packed', async () => {
    const fetch = mockFetch({ '/api/admin/pick-list': () => jsonResponse({ lines: [], orders: [] }) });
    renderWithProviders(<PickListPage />, { path: '/admin/pick-list', session: { user: admin } });
    expect(await screen.findByText('No orders to pick.')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/pick-list');
  });
});

describe('links and helpers', () => {
  it('the order screen links its receipt and packing slip', () => {
    renderWithProviders(<PrintLinks id={ID} />);
    expect(screen.getByRole('link', { name: 'Print receipt' }).getAttribute('href')).toBe(
      `/admin/orders/${ID}/receipt`,
    );
    expect(screen.getByRole('link', { name: 'Packing slip' }).getAttribute('href')).toBe(
      `/admin/orders/${ID}/packing-slip`,
    );
  });

  it('the orders list makes a pick list of the paid and processing orders shown', () => {
    renderWithProviders(
      <PickListLink
        orders={[
          { id: 'o1', status: 'paid' },
          { id: 'o2', status: 'shipped' },
          { id: 'o3', status: 'processing' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Pick list (2)' }).getAttribute('href')).toBe(
      '/admin/pick-list?orders=o1,o3',
    );
  });

  it('reads and writes the paper and the orders', () => {
    expect(paperOf('?paper=80mm')).toBe('80mm');
    expect(paperOf('')).toBe('a4');
    expect(withPaper('/admin/pick-list', 'orders=a,b', '80mm')).toBe('/admin/pick-list?orders=a%2Cb&paper=80mm');
    expect(withPaper('/x', 'paper=80mm', 'a4')).toBe('/x');
    expect(pickOrderIds('?orders= a, b,,')).toEqual(['a', 'b']);
    expect(pickListPath([])).toBe('/admin/pick-list');
  });
});

describe('the shipping label', () => {
  it('prints the courier and tracking number, to and from, and no prices; refusals are said', async () => {
    mockFetch({
      [`/api/admin/orders/${ID}/label`]: {
        orderNumber: 'K7M2QX9A',
        fromName: 'Adire House',
        fromPhone: '0803 555 0199',
        fromAddress: '12 Admiralty Way, Lekki, Lagos',
        toName: 'Aisha Bello',
        toPhone: '+2348035550177',
        toAddress: ['4 Zoo Road', 'Near the mosque', 'Kano, Kano'],
        courier: 'GIG Logistics',
        trackingCode: 'SBX123456789',
        items: 3,
        weightGrams: 1500,
        bookedAt: Date.UTC(2026, 10, 2, 9),
        labelUrl: null,
      },
    });
    renderAt(`/admin/orders/${ID}/label`, '/admin/orders/:id/label', <ShippingLabelPage />);
    const label = await screen.findByRole('article', { name: 'Label for Order #K7M2QX9A' });
    for (const text of [
      'SBX123456789',
      'GIG Logistics',
      'Aisha Bello',
      'Near the mosque',
      'Kano, Kano',
      'Adire House',
    ]) {
      expect(label.textContent).toContain(text);
    }
    expect(label.textContent).toContain('3 items · about 1.5 kg');
    expect(label.textContent).not.toContain('₦');
  });

  it('says why there is no label', async () => {
    mockFetch({
      [`/api/admin/orders/${ID}/label`]: () =>
        jsonResponse({ error: 'conflict', message: 'This order was cancelled: it has no label.' }, 409),
    });
    renderAt(`/admin/orders/${ID}/label`, '/admin/orders/:id/label', <ShippingLabelPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This order was cancelled: it has no label.');
  });
});
