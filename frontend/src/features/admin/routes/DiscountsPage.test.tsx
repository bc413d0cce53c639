import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summary } from '../test/discounts';
import DiscountsPage from './DiscountsPage';
import { collection } from '@/test/fixtures';
import type { DiscountCode, NewDiscountCode } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const COLLECTIONS = [collection({ id: 'suits', name: 'Suits' }), collection({ id: 'sneakers', name: 'Sneakers' })];

/** The server: the codes, a create that refuses taken codes (409), and pause/resume. */
function server(start: DiscountCode[]) {
  let codes = [...start];
  const created: NewDiscountCode[] = [];
  // Each code can be paused or resumed.
  const pauses = Object.fromEntries(
    start.map((c) => [
      `PATCH /api/admin/discounts/${c.code}`,
      (_url: URL, init?: RequestInit) => {
        const { paused } = JSON.parse(init!.body as string) as { paused: boolean };
        codes = codes.map((x) => (x.code === c.code ? { ...x, paused } : x));
        return jsonResponse(codes.find((x) => x.code === c.code));
      },
    ]),
  );
  const fetch = mockFetch({
    ...pauses,
    '/api/collections': COLLECTIONS,
    '/api/admin/discounts': () => jsonResponse(codes),
    'POST /api/admin/discounts': (_url, init) => {
      const body = JSON.parse(init!.body as string) as NewDiscountCode;
      created.push(body);
      if (codes.some((c) => c.code.toLowerCase() === body.code.toLowerCase()))
        return jsonResponse({ error: 'conflict', message: `The code ${body.code} already exists.` }, 409);
      const code = summary({
        code: body.code,
        kind: body.kind,
        percent: body.percent ?? null,
        amount: body.amount ? Number(body.amount) * 100 : null,
        collections: body.collections ?? [],
        maxUses: body.maxUses ?? null,
      });
      codes = [code, ...codes];
      return jsonResponse(code, 201);
    },
  });
  return { fetch, created };
}

function renderDiscounts() {
  return renderWithProviders(<DiscountsPage />, { path: '/admin/discounts', session: { user: admin } });
}

const BIG = summary({
  code: 'BIG5K',
  kind: 'fixed',
  percent: null,
  amount: 500_000,
  minSubtotal: 2_000_000,
  maxUses: 100,
  perCustomer: 1,
  collections: ['suits'],
  uses: 12,
  held: 2,
  revenue: 60_000_000,
  discounted: 6_000_000,
});
const FREE = summary({ code: 'FREESHIP', kind: 'free-delivery', percent: null, paused: true });

describe('Discount codes screen', () => {
  it('lists each code with what it takes off, its conditions, uses and totals', async () => {
    server([BIG, FREE]);
    renderDiscounts();
    const table = await screen.findByRole('table', { name: /Discount codes/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['BIG5K Live', 'FREESHIP Paused']);
    const big = rows[0]!;
    expect(within(big).getByText('₦5,000.00 off')).toBeTruthy();
    expect(within(big).getByText('Spend ₦20,000.00 or more')).toBeTruthy();
    expect(within(big).getByText('100 uses in all')).toBeTruthy();
    expect(within(big).getByText('1 use per customer')).toBeTruthy();
    expect(await within(big).findByText('Suits only')).toBeTruthy();
    expect(within(big).getByText('12 of 100 used · 2 held')).toBeTruthy();
    expect(within(big).getByText('₦600,000.00')).toBeTruthy();
    expect(within(big).getByText('₦60,000.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('Free delivery')).toBeTruthy();
    expect(within(rows[1]!).getByText('Anyone, any time')).toBeTruthy();
    expect(screen.getByText('2 codes, 1 live.')).toBeTruthy();
    // The form waits behind "New code" while there are codes.
    expect(screen.queryByRole('form', { name: 'New code' })).toBeNull();
  });

  it('pauses and resumes a code', async () => {
    const { fetch } = server([BIG, FREE]);
    renderDiscounts();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause BIG5K' }));
    const resume = await screen.findByRole('button', { name: 'Resume BIG5K' });
    expect(screen.getByRole('rowheader', { name: 'BIG5K Paused' })).toBeTruthy();
    const patches = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([u, init]) => [u, init!.body])).toEqual([
      ['/api/admin/discounts/BIG5K', JSON.stringify({ paused: true })],
    ]);
    fireEvent.click(resume);
    expect(await screen.findByRole('button', { name: 'Pause BIG5K' })).toBeTruthy();
  });

  it('creates a code: client checks first, then the server, which may refuse a taken code', async () => {
    const { created } = server([BIG]);
    renderDiscounts();
    fireEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const form = screen.getByRole('form', { name: 'New code' });
    const create = within(form).getByRole('button', { name: 'Create code' });

    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'summer sale' } });
    fireEvent.click(create);
    expect(await within(form).findByText('A code is 1 to 32 letters, digits, - or _.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'big5k' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Amount off' }));
    expect(within(form).queryByLabelText('Percentage off (%)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Amount off (₦)'), { target: { value: '-5' } });
    fireEvent.click(create);
    expect(await within(form).findByText('The amount cannot be negative.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Amount off (₦)'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText(/Starts on/), { target: { value: '2026-03-10' } });
    fireEvent.change(within(form).getByLabelText(/Ends on/), { target: { value: '2026-03-01' } });
    fireEvent.click(create);
    expect(await within(form).findByText('The code must start before it ends.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Ends on/), { target: { value: '2026-03-31' } });
    fireEvent.click(create);
    expect(await within(form).findByText('The code big5k already exists.')).toBeTruthy();
    expect(created).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'MARCH5K' } });
    fireEvent.change(within(form).getByLabelText(/Total uses/), { target: { value: '50' } });
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Suits' }));
    fireEvent.click(create);
    expect(await within(form).findByText('MARCH5K created: ₦5,000.00 off.')).toBeTruthy();
    expect(created[1]).toEqual({
      code: 'MARCH5K',
      kind: 'fixed',
      amount: '5000',
      startsAt: new Date(2026, 2, 10).getTime(),
      endsAt: new Date(2026, 3, 1).getTime() - 1,
      maxUses: 50,
      collections: ['suits'],
    });
    // Listed first, and the form is empty again.
    await waitFor(() =>
      expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['MARCH5K Live', 'BIG5K Live']),
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/^Code/).value).toBe('');
  });

  it('opens the form at once when there are no codes yet, and keeps it open after the first', async () => {
    server([]);
    renderDiscounts();
    expect(await screen.findByText('No discount codes yet.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New code' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Percentage off' })).toHaveProperty('checked', true);
    // The first code: the form stays open with its confirmation, and "New code" reads Cancel.
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: 'FIRST' } });
    fireEvent.change(screen.getByLabelText('Percentage off (%)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('FIRST created: 5 %.')).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'FIRST Live' });
    expect(screen.getByText('FIRST created: 5 %.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('aria-expanded')).toBe('true');
  });
});
