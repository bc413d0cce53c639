import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ABROAD, ORDER_ID, fullOrder, refund, renderAdminOrder, sentBodies } from '../test/adminOrder';
import { NOTHING_TO_REFUND, confirmRefundText } from './RefundPanel';
import type { Order, RefundRequest } from '@/lib/types';
import { jsonResponse, mockFetch, termRows } from '@/test/utils';

// The fixture order: ₦170,000.50 in all, 2 × Oxford Brogue then 1 × Heritage Chronograph.
const TOTAL = 17_000_050;

type Answer = { status: number; body: unknown };

/**
 * The server: GET answers the order; POST .../refunds records a pending refund (or answers
 * `refuse` when given); `settle()` lets Paystack's webhook mark the pending refunds processed.
 */
function server(start: Partial<Order> = {}, refuse?: Answer) {
  let current = fullOrder(start);
  const fetch = mockFetch({
    [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
    [`POST /api/admin/orders/${ORDER_ID}/refunds`]: async (_url, init) => {
      if (refuse) return jsonResponse(refuse.body, refuse.status);
      const body = JSON.parse(init!.body as string) as RefundRequest;
      const typed = Math.round(Number(body.amount) * 100);
      // An order paid abroad takes the amount in its currency; its naira equivalent at the order's rate.
      const charged = current.charged;
      const amount = charged ? (typed * charged.rate) / 100 : typed;
      const abroad = charged ? { amountAbroad: typed } : {};
      await new Promise((r) => setTimeout(r, 20));
      const back = body.restock ?? [];
      current = fullOrder({
        ...current,
        refundPending: current.refundPending + amount,
        refunds: [...current.refunds, refund({ amount, reason: body.reason, restocked: back.length, ...abroad })],
        restockable: current.restockable.map((n, line) => n - (back.find((b) => b.line === line)?.units ?? 0)),
      });
      return jsonResponse(current, 201);
    },
  });
  const settle = (status: 'processed' | 'failed' = 'processed', failureReason: string | null = null) => {
    const pending = current.refunds.filter((r) => r.status === 'pending').reduce((n, r) => n + r.amount, 0);
    current = fullOrder({
      ...current,
      refunded: current.refunded + (status === 'processed' ? pending : 0),
      refundPending: 0,
      refunds: current.refunds.map((r) => (r.status === 'pending' ? { ...r, status, failureReason } : r)),
    });
  };
  return { fetch, settle };
}

const posts = (fetch: ReturnType<typeof mockFetch>) => sentBodies(fetch, 'POST');

async function panel() {
  return within(await screen.findByRole('region', { name: 'Refunds' }));
}

/** The totals as [term, amount]. */
const totals = () => termRows(document, '.admin-refunds__totals > div');

describe('refund panel', () => {
  it('shows what was paid, refunded, pending and left, and every refund with its status', async () => {
    server({
      refunded: 500_000,
      refundPending: 250_000,
      refunds: [
        refund({ amount: 500_000, status: 'processed', restocked: 1, reason: 'Size 42 sold out' }),
        refund({
          amount: 100_000,
          status: 'failed',
          failureReason: 'Paystack: Transaction has been fully reversed',
          reason: 'Late',
        }),
        refund({
          amount: 250_000,
          status: 'pending',
          reason: 'Scuffed box',
          failureReason: 'Paystack did not answer; the shop will check with Paystack again.',
        }),
      ],
    });
    renderAdminOrder();
    const p = await panel();
    expect(totals()).toEqual([
      ['Total paid', '₦170,000.50'],
      ['Refunded', '₦5,000.00'],
      ['Pending', '₦2,500.00'],
      ['Left to refund', '₦162,500.50'],
    ]);
    // The amount starts at what is left to refund.
    expect(p.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('162500.50');
    expect(p.getByText('At most ₦162,500.50.')).toBeTruthy();

    const rows = within(p.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.refund-badge')!.textContent)).toEqual(['Processed', 'Failed', 'Pending']);
    expect(within(rows[0]!).getByText('₦5,000.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('Size 42 sold out')).toBeTruthy();
    expect(within(rows[0]!).getByText('1 unit put back on sale')).toBeTruthy();
    expect(within(rows[0]!).getByText(/6 Mar 2025/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Paystack: Transaction has been fully reversed').className).toBe(
      'admin-refund__failure',
    );
    expect(
      within(rows[2]!).getByText('Paystack did not answer; the shop will check with Paystack again.').className,
    ).toBe('admin-refund__note');
    expect(rows[0]!.textContent).not.toContain('Paystack');
  });

  it('checks the amount and the reason before sending anything', async () => {
    const { fetch } = server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    const p = await panel();
    const amount = p.getByLabelText('Amount (₦)');
    const reason = p.getByLabelText('Reason');
    const send = p.getByRole('button', { name: 'Refund' });

    fireEvent.click(send);
    expect(await p.findByText('Please give a reason for the refund.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);

    fireEvent.change(reason, { target: { value: 'Size 42 sold out' } });
    for (const [typed, message] of [
      ['', 'Enter the amount to refund.'],
      ['-50', 'The refund amount cannot be negative.'],
      ['12,50', 'Enter the amount in naira with at most two decimals, like 12500.50.'],
      ['100.125', 'Enter the amount in naira with at most two decimals, like 12500.50.'],
      ['0.00', 'The refund amount must be more than ₦0.00.'],
      ['170000.51', 'Enter an amount of at most ₦170,000.50.'],
    ] as const) {
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(send);
      expect(await p.findByText(message)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(amount.getAttribute('aria-describedby')).toContain(p.getByText(message).id);
      expect(document.activeElement).toBe(amount);
    }
    expect(posts(fetch)).toEqual([]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('refunds part of the order once, puts chosen lines back on sale, and shows it settle', async () => {
    const { fetch, settle } = server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    const p = await panel();
    fireEvent.change(p.getByLabelText('Amount (₦)'), { target: { value: '85,000.25' } });
    fireEvent.change(p.getByLabelText('Reason'), { target: { value: '  Oxford Brogue sold out  ' } });
    // Units by line: one pair of the two comes back.
    const lines = within(p.getByRole('group', { name: 'Put back on sale' })).getAllByRole('spinbutton');
    expect(lines.map((l) => (l as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Oxford BrogueSize: 42 · Colour: Black · 2 of 2 off sale',
      'Heritage Chronograph1 of 1 off sale',
    ]);
    fireEvent.change(lines[0]!, { target: { value: '3' } });
    fireEvent.click(p.getByRole('button', { name: 'Refund' }));
    expect(p.getByText('Put back from 0 to 2 of Oxford Brogue on sale.')).toBeTruthy();
    expect(document.activeElement).toBe(lines[0]);
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(lines[0]!, { target: { value: '1' } });

    const send = p.getByRole('button', { name: 'Refund' });
    // A double click sends once.
    fireEvent.click(send);
    fireEvent.click(send);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toBe(confirmRefundText(8_500_025));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(true));
    expect(await screen.findByText('Refund of ₦85,000.25 sent: waiting for Paystack to confirm it.')).toBeTruthy();
    expect(posts(fetch)).toEqual([
      { amount: '85000.25', reason: 'Oxford Brogue sold out', restock: [{ line: 0, units: 1 }] },
    ]);
    expect(totals()[2]).toEqual(['Pending', '₦85,000.25']);
    expect(totals()[3]).toEqual(['Left to refund', '₦85,000.25']);
    // The form is ready for the rest: the amount follows what is left, the reason and ticks are cleared.
    await waitFor(() => expect(p.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('85000.25'));
    expect(p.getByLabelText<HTMLInputElement>('Reason').value).toBe('');
    await waitFor(() => expect(lines.map((l) => (l as HTMLInputElement).value)).toEqual(['', '']));
    // One pair is back on sale; one is left to put back.
    await waitFor(() => expect(lines[0]!.closest('li')!.textContent).toContain('1 of 2 off sale'));
    expect(within(p.getByRole('list', { name: 'History' })).getByText('Pending')).toBeTruthy();

    // Paystack's webhook arrives: the page, reading the order again while a refund is pending, shows it.
    settle('processed');
    expect(await screen.findByText('Refund of ₦85,000.25 processed.', {}, { timeout: 5000 })).toBeTruthy();
    expect(totals()[1]).toEqual(['Refunded', '₦85,000.25']);
    expect(within(p.getByRole('list', { name: 'History' })).getByText('Processed')).toBeTruthy();
    expect(posts(fetch)).toHaveLength(1);
  });

  it('sends nothing when the confirmation is declined', async () => {
    const { fetch } = server();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdminOrder();
    const p = await panel();
    fireEvent.change(p.getByLabelText('Reason'), { target: { value: 'Changed their mind' } });
    fireEvent.click(p.getByRole('button', { name: 'Refund' }));
    expect(posts(fetch)).toEqual([]);
    expect(p.getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(false);
  });

  it('shows the server refusing the refund beside the form', async () => {
    server({}, { status: 409, body: { error: 'conflict', message: 'This order has nothing left to refund.' } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    const p = await panel();
    fireEvent.change(p.getByLabelText('Reason'), { target: { value: 'Duplicate' } });
    fireEvent.click(p.getByRole('button', { name: 'Refund' }));
    const alert = await p.findByText('This order has nothing left to refund.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(p.getByRole<HTMLButtonElement>('button', { name: 'Refund' }).disabled).toBe(false));
  });

  it('says Paystack refused when the server could not get the refund through (502)', async () => {
    server(
      {},
      { status: 502, body: { error: 'bad_gateway', message: 'Paystack refused the refund: Insufficient balance.' } },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    const p = await panel();
    fireEvent.change(p.getByLabelText('Reason'), { target: { value: 'Duplicate' } });
    fireEvent.click(p.getByRole('button', { name: 'Refund' }));
    expect(await p.findByText('Paystack refused the refund: Insufficient balance.')).toBeTruthy();
  });

  it('falls back to its own words when the server does not answer in its shape', async () => {
    server({}, { status: 503, body: 'Service Unavailable' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    const p = await panel();
    fireEvent.change(p.getByLabelText('Reason'), { target: { value: 'Duplicate' } });
    fireEvent.click(p.getByRole('button', { name: 'Refund' }));
    expect(await p.findByText('Could not send the refund. Please try again.')).toBeTruthy();
  });

  it('has no form once everything is refunded or asked for', async () => {
    server({ refunded: TOTAL, refunds: [refund({ amount: TOTAL, status: 'processed' })] });
    renderAdminOrder();
    const p = await panel();
    expect(p.getByText(NOTHING_TO_REFUND)).toBeTruthy();
    expect(p.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  describe('an order paid in pounds', () => {
    it('shows every amount in pounds beside its naira, and each refund in pounds', async () => {
      server({
        ...ABROAD,
        refunded: 2_000_000,
        refundPending: 1_000_000,
        refunds: [
          refund({ amount: 2_000_000, amountAbroad: 1_000, status: 'processed', reason: 'Late' }),
          refund({ amount: 1_000_000, amountAbroad: 500, status: 'pending', reason: 'Scuffed' }),
          refund({ amount: 600_000, amountAbroad: 300, status: 'failed', reason: 'Again' }),
        ],
      });
      renderAdminOrder();
      const p = await panel();
      expect(p.getByText(/in pounds as it was paid\.$/)).toBeTruthy();
      expect(totals()).toEqual([
        ['Total paid', '£95.00 ₦190,000.00'],
        ['Refunded', '£10.00 ₦20,000.00'],
        ['Pending', '£5.00 ₦10,000.00'],
        ['Left to refund', '£80.00 ₦160,000.00'],
      ]);
      // The amount is typed in pounds, starting at what is left, with the cap in pounds.
      const amount = p.getByLabelText<HTMLInputElement>('Amount (£)');
      expect(amount.value).toBe('80.00');
      expect(p.getByText('At most £80.00, in pounds as the customer paid.')).toBeTruthy();
      const rows = within(p.getByRole('list', { name: 'History' })).getAllByRole('listitem');
      expect(rows.map((r) => r.querySelector('.admin-refund__amount')!.textContent)).toEqual([
        '£10.00 ₦20,000.00',
        '£5.00 ₦10,000.00',
        '£3.00 ₦6,000.00',
      ]);
    });

    it('checks the amount in pounds, then refunds it in pounds', async () => {
      const { fetch, settle } = server(ABROAD);
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
      renderAdminOrder();
      const p = await panel();
      const amount = p.getByLabelText('Amount (£)');
      fireEvent.change(p.getByLabelText('Reason'), { target: { value: 'Too small' } });
      for (const [typed, message] of [
        ['25.505', 'Enter the amount in pounds with at most two decimals, like 25.50.'],
        ['0', 'The refund amount must be more than £0.00.'],
        ['95.01', 'Enter an amount of at most £95.00.'],
      ] as const) {
        fireEvent.change(amount, { target: { value: typed } });
        fireEvent.click(p.getByRole('button', { name: 'Refund' }));
        expect(await p.findByText(message)).toBeTruthy();
        expect(document.activeElement).toBe(amount);
      }
      expect(confirm).not.toHaveBeenCalled();
      fireEvent.change(amount, { target: { value: '25.50' } });
      fireEvent.click(p.getByRole('button', { name: 'Refund' }));
      expect(confirm.mock.calls[0]![0]).toBe(confirmRefundText(2_550, 'GBP'));
      expect(confirm.mock.calls[0]![0]).toMatch(/^Refund £25\.50 to the customer\?/);
      expect(await screen.findByText('Refund of £25.50 sent: waiting for Paystack to confirm it.')).toBeTruthy();
      expect(posts(fetch)).toEqual([{ amount: '25.50', reason: 'Too small', restock: [] }]);
      expect(totals()[2]).toEqual(['Pending', '£25.50 ₦51,000.00']);
      await waitFor(() => expect(p.getByLabelText<HTMLInputElement>('Amount (£)').value).toBe('69.50'));
      settle('processed');
      expect(await screen.findByText('Refund of £25.50 (₦51,000.00) processed.', {}, { timeout: 5000 })).toBeTruthy();
      expect(totals()[1]).toEqual(['Refunded', '£25.50 ₦51,000.00']);
    });
  });
});
