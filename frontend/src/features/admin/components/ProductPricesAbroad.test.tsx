import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIXED_PRICES_SAVED, ProductPricesAbroad } from './ProductPricesAbroad';
import { sentBodies } from '../test/adminOrder';
import type { Product } from '@/lib/types';
import { product } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

/** The Oxford Brogue as shoppers abroad see it: dollars following the rate ($15.99), pounds fixed at £22.99. */
const BROGUE: Product = product({
  pricesAbroad: [
    { currency: 'USD', price: 1_599, compareAtPrice: null },
    { currency: 'GBP', price: 2_299, compareAtPrice: null },
  ],
});

type Fixed = { currency: 'USD' | 'GBP'; price: number }[];
type Body = { fixedPrices: { currency: 'USD' | 'GBP'; price: string }[] };

/**
 * The server: GET answers the fixed prices (pounds at £22.99), PATCH keeps the fixed prices sent,
 * or refuses.
 */
function server(refuse?: string, start: Fixed = [{ currency: 'GBP', price: 2_299 }]) {
  let fixed = start;
  return mockFetch({
    [`GET /api/admin/products/${BROGUE.id}/fixed-prices`]: () => jsonResponse(fixed),
    [`PATCH /api/products/${BROGUE.id}`]: (_url, init) => {
      if (refuse) return jsonResponse({ error: 'validation', message: refuse }, 400);
      const { fixedPrices } = JSON.parse(init!.body as string) as Body;
      fixed = fixedPrices
        .filter((f) => f.price !== '')
        .map((f) => ({ currency: f.currency, price: Math.round(Number(f.price) * 100) }));
      return jsonResponse(BROGUE);
    },
  });
}

function renderPrices(item: Product = BROGUE) {
  return renderWithProviders(<ProductPricesAbroad product={item} />, {
    path: `/product/${item.id}`,
    session: { user: admin },
  });
}

describe('a product’s prices abroad', () => {
  it('shows what shoppers abroad pay now, and the fixed price per currency (blank follows the rate)', async () => {
    server();
    renderPrices();
    const section = within(screen.getByRole('region', { name: /Prices abroad/ }));
    expect(section.getByText(/Shoppers abroad pay/).textContent).toBe('Shoppers abroad pay $15.99 or £22.99.');
    const usd = await section.findByLabelText<HTMLInputElement>(/^Fixed price in USD/);
    expect(usd.value).toBe('');
    expect(usd.getAttribute('inputmode')).toBe('decimal');
    expect(section.getByLabelText<HTMLInputElement>(/^Fixed price in GBP/).value).toBe('22.99');
    expect(document.getElementById(usd.getAttribute('aria-describedby')!)?.textContent).toBe(
      'In dollars. Blank: the naira price at your rate, rounded by your rule.',
    );
    // Nothing changed, nothing to save.
    expect(section.getByRole<HTMLButtonElement>('button', { name: 'Save prices abroad' }).disabled).toBe(true);
  });

  it('fixes the dollar price and lets the pound follow the rate, sending both', async () => {
    const fetch = server();
    renderPrices();
    fireEvent.change(await screen.findByLabelText(/^Fixed price in USD/), { target: { value: '1,029.50' } });
    fireEvent.change(screen.getByLabelText(/^Fixed price in GBP/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices abroad' }));
    expect(await screen.findByText(FIXED_PRICES_SAVED)).toBeTruthy();
    expect(sentBodies(fetch, 'PATCH')).toEqual([
      {
        fixedPrices: [
          { currency: 'USD', price: '1029.50' },
          { currency: 'GBP', price: '' },
        ],
      },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(/^Fixed price in USD/).value).toBe('1029.50');
    expect(screen.getByLabelText<HTMLInputElement>(/^Fixed price in GBP/).value).toBe('');
    // Read again, the fixed prices are the ones sent.
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([input]) =>
          (input instanceof Request ? input.url : input.toString()).includes('fixed-prices'),
        ),
      ).toHaveLength(2),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save prices abroad' }).disabled).toBe(true);
  });

  it('says what is wrong before asking the server, and shows the server’s refusal', async () => {
    const fetch = server('The fixed price in GBP is too high.');
    renderPrices();
    fireEvent.change(await screen.findByLabelText(/^Fixed price in GBP/), { target: { value: '22.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices abroad' }));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe(
      'The fixed price in GBP: "22.999" is not a valid amount: use pounds with at most two decimals, like 29.99',
    );
    expect(screen.getByLabelText(/^Fixed price in GBP/).getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetch, 'PATCH')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Fixed price in GBP/), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices abroad' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The fixed price in GBP is too high.'));
  });

  it('points to Settings when no currency abroad is on', () => {
    server();
    renderPrices(product({ pricesAbroad: [] }));
    expect(screen.getByRole('link', { name: 'Settings → Prices abroad' }).getAttribute('href')).toBe('/admin/settings');
  });
});
