import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { creditText, StoreCreditFields } from './StoreCredit';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function Harness({ due }: { due: number }) {
  const [row, setRow] = useState({ email: '', pass: '' });
  return (
    <>
      <StoreCreditFields {...row} index="" due={due} onChange={(change) => setRow((r) => ({ ...r, ...change }))} />
      <output data-testid="pass">{row.pass}</output>
    </>
  );
}

describe('store credit at the counter', () => {
  it('says what the balance pays', () => {
    expect(creditText(2_000_000, 1_500_000)).toBe('Store credit: ₦20,000.00 to spend.');
    expect(creditText(1_000_000, 2_500_000)).toBe(
      'Store credit: ₦10,000.00 to spend: not enough for ₦25,000.00. Split the payment.',
    );
    expect(creditText(0, 100)).toBe('This e-mail has no store credit left.');
  });

  it('mails a code, shows a wrong code’s refusal, and keeps the pass of a right one until the e-mail changes', async () => {
    const asked: unknown[] = [];
    mockFetch({
      'POST /api/counter/credit/code': (_url: URL, init?: RequestInit) => {
        asked.push(JSON.parse(init?.body as string));
        return jsonResponse(
          { message: 'If this e-mail holds store credit, we sent it a code. Ask the customer to read it out.' },
          202,
        );
      },
      'POST /api/counter/credit/verify': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { code: string };
        return body.code === '123456'
          ? jsonResponse({ pass: 'p-1', balance: 2_000_000, expiresAt: 1 })
          : jsonResponse(
              { error: 'validation', message: 'This code is not right. Check the e-mail and try again.' },
              400,
            );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness due={1_500_000} />);
    await user.type(screen.getByLabelText('Customer’s e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/we sent it a code/);
    expect(asked).toEqual([{ email: 'ada@example.com' }]);
    await user.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText('This code is not right. Check the e-mail and try again.');
    expect(screen.getByTestId('pass').textContent).toBe('');
    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText('Store credit: ₦20,000.00 to spend.');
    expect(screen.getByTestId('pass').textContent).toBe('p-1');
    expect(screen.queryByLabelText('Code from the e-mail')).toBeNull();
    await user.type(screen.getByLabelText('Customer’s e-mail'), 'x');
    await waitFor(() => expect(screen.getByTestId('pass').textContent).toBe(''));
  });
});
