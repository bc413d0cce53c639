import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NewOrderPage, { ALREADY_SUBMITTED_HINT } from './NewOrderPage';
import type { AdminOrder, ChatOrder } from '@/lib/types';
import { deliveryOptions, facets, order, product } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const brogue = product({ sizes: ['42'], colors: ['Black', 'Brown'] });

function made(): { order: AdminOrder; payLink: string } {
  const o = order({
    status: 'placed',
    customerName: 'Ngozi Eze',
    customerPhone: '0803 555 0100',
    paymentMethod: 'pay_link',
    paid: 0,
    balance: 5_250_000,
    totalAmount: 5_250_000,
    source: 'whatsapp',
  });
  return {
    order: {
      ...o,
      view: 'full',
      userId: 'u9',
      nextStatuses: ['processing', 'cancelled'],
      refundable: 0,
      skus: [null],
      restockable: [0],
      payLinks: [
        {
          token: 'T'.repeat(32),
          amount: 2_100_000,
          purpose: 'deposit',
          status: 'open',
          createdAt: Date.UTC(2026, 10, 25, 9),
          expiresAt: Date.UTC(2026, 10, 27, 9),
          paidAt: null,
        },
      ],
    },
    payLink: `https://shop.ng/pay/${'T'.repeat(32)}`,
  };
}

type Answer = { status: number; body: unknown };

/** The API: the catalogue search, delivery, and POST /api/admin/orders answering `answers` in turn. */
function server(answers: Answer[]) {
  const sent: { body: ChatOrder; key: string | null }[] = [];
  const fetch = mockFetch({
    '/api/delivery': deliveryOptions(),
    '/api/search': { products: [brogue], total: 1, facets: facets(), partial: false },
    'POST /api/admin/orders': (_url, init) => {
      sent.push({
        body: JSON.parse(init!.body as string) as ChatOrder,
        key: new Headers(init!.headers).get('Idempotency-Key'),
      });
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return jsonResponse(answer.body, answer.status);
    },
  });
  return { fetch, sent };
}

function renderPage() {
  return renderWithProviders(<NewOrderPage />, { path: '/admin/orders/new', session: { user: admin } });
}

const form = () => screen.getByRole('form', { name: 'New order' });

/** Fills in a customer, one line (2 × 42 / Brown) and delivery to Lagos, with a 40% deposit. */
async function fillIn() {
  const f = form();
  fireEvent.change(within(f).getByLabelText('Name'), { target: { value: 'Ngozi Eze' } });
  fireEvent.change(within(f).getByLabelText('Phone'), { target: { value: '0803 555 0100' } });
  fireEvent.change(within(f).getByLabelText('Find a product'), { target: { value: 'brogue' } });
  fireEvent.click(await within(f).findByRole('button', { name: /^Oxford Brogue/ }));
  fireEvent.change(within(f).getByLabelText('Size and colour'), { target: { value: 'v-42-Brown' } });
  fireEvent.change(within(f).getByLabelText('Quantity'), { target: { value: '2' } });
  fireEvent.click(within(f).getByRole('button', { name: 'Add to order' }));
  await within(f).findByRole('list', { name: 'Items in the order' });
  await within(f).findByRole('option', { name: 'Lagos' });
  fireEvent.change(within(f).getByLabelText('State'), { target: { value: 'Lagos' } });
  fireEvent.click(within(f).getByLabelText('A deposit (%)'));
  fireEvent.change(within(f).getByLabelText('Deposit (% of the total)'), { target: { value: '40' } });
}

describe('New order', () => {
  it('checks the form first, in the server’s words, and sends nothing', async () => {
    const { sent } = server([{ status: 201, body: made() }]);
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Please fill in the customer's name and phone number.");
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(sent).toHaveLength(0);
  });

  it('creates the order once for a double click, then shows its number and pay link to send', async () => {
    const { sent } = server([{ status: 201, body: made() }]);
    renderPage();
    await fillIn();
    // The estimate: 2 × ₦25,000.00 + Lagos ₦2,500.00; 40% now.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('₦52,500.00')).toBeTruthy();
    expect(within(summary).getByText('₦21,000.00')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create order and pay link' });
    fireEvent.click(create);
    fireEvent.click(create);
    await screen.findByRole('heading', { name: 'Order #K7M2QX9A created' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[0]!.body).toMatchObject({
      customer: { name: 'Ngozi Eze', phone: '0803 555 0100' },
      lines: [{ variantId: 'v-42-Brown', quantity: 2 }],
      delivery: { state: 'Lagos' },
      deposit: { percent: 40 },
      source: 'whatsapp',
    });
    const link = `https://shop.ng/pay/${'T'.repeat(32)}`;
    expect(screen.getByLabelText<HTMLInputElement>('Pay link for ₦21,000.00').value).toBe(link);
    const whatsapp = screen.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')!;
    expect(whatsapp.startsWith('https://wa.me/2348035550100?text=')).toBe(true);
    expect(decodeURIComponent(whatsapp.split('?text=')[1]!)).toContain(
      `#K7M2QX9A is ready. Please pay ₦21,000.00 here: ${link}`,
    );
    expect(screen.getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe(
      '/admin/orders/a1b2c3d4e5f6g7h8',
    );
  });

  it('shows the server’s refusal, and the next try is a new submission', async () => {
    const { sent } = server([
      { status: 409, body: { error: 'conflict', message: 'Only 1 of Oxford Brogue (42, Brown) left.' } },
      { status: 201, body: made() },
    ]);
    renderPage();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 of Oxford Brogue (42, Brown) left.');
    fireEvent.change(within(form()).getByLabelText(/^Quantity of Oxford Brogue/), { target: { value: '1' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    await screen.findByRole('heading', { name: 'Order #K7M2QX9A created' });
    expect(sent).toHaveLength(2);
    // Nothing was made the first time, so the second attempt is not refused as a repeat.
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.body.lines).toEqual([{ variantId: 'v-42-Brown', quantity: 1 }]);
  });

  it('keeps the key when an attempt may have gone through, and says to check the orders', async () => {
    const { sent } = server([
      { status: 502, body: { error: 'bad_gateway', message: 'Bad gateway' } },
      { status: 409, body: { error: 'conflict', message: 'This form was already submitted.' } },
    ]);
    renderPage();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The order could not be created. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Create order and pay link' }));
    await screen.findByText(ALREADY_SUBMITTED_HINT);
    expect(screen.getByText('This form was already submitted.')).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });
});
