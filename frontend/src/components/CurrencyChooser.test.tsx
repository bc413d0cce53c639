import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrencyChooser } from './CurrencyChooser';
import { ProductCard } from './ProductCard';
import { CURRENCY_KEY, showCurrency } from '@/lib/shownCurrency';
import { product } from '@/test/fixtures';
import { mockFetch, renderWithProviders } from '@/test/utils';

const BOTH = {
  currencies: [
    { currency: 'USD', symbol: '$', name: 'US dollar' },
    { currency: 'GBP', symbol: '£', name: 'British pound' },
  ],
};

const dress = product({
  price: 4_000_000,
  compareAtPrice: null,
  pricesAbroad: [{ currency: 'GBP', price: 1999, compareAtPrice: null }],
});

function speak(language: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

afterEach(() => {
  window.localStorage.removeItem(CURRENCY_KEY);
  act(() => showCurrency('NGN'));
});

describe('CurrencyChooser', () => {
  it('is not there at all when the shop sells in naira only', async () => {
    const fetch = mockFetch({ '/api/currencies': { currencies: [] } });
    const { container } = renderWithProviders(<CurrencyChooser />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
    expect(screen.queryByLabelText('Currency')).toBeNull();
  });

  it('offers naira and each currency the shop turned on, and prices follow the choice, remembered', async () => {
    speak('en-NG');
    mockFetch({ '/api/currencies': BOTH });
    renderWithProviders(
      <>
        <ProductCard product={dress} />
        <CurrencyChooser />
      </>,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Currency');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['NGN', 'USD', 'GBP']);
    expect(select.value).toBe('NGN');
    expect(screen.getByRole('link').textContent).toContain('₦40,000.00');

    await userEvent.selectOptions(select, 'GBP');
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('GBP');
    const price = screen.getByRole('link').querySelector('.price')!;
    expect(price.textContent).toBe('£19.99');
    expect(price.getAttribute('data-minor')).toBe('1999');
    expect(price.getAttribute('data-currency')).toBe('GBP');
    expect(price.hasAttribute('data-kobo')).toBe(false);
    // No suggestion for a shopper in Nigeria.
    expect(screen.queryByRole('complementary', { name: 'Currency suggestion' })).toBeNull();
  });

  it('falls back to naira when the remembered currency is no longer offered', async () => {
    window.localStorage.setItem(CURRENCY_KEY, 'GBP');
    act(() => showCurrency('GBP'));
    mockFetch({ '/api/currencies': { currencies: [BOTH.currencies[0]] } });
    renderWithProviders(
      <>
        <ProductCard product={dress} />
        <CurrencyChooser />
      </>,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Currency');
    await waitFor(() => expect(screen.getByRole('link').textContent).toContain('₦40,000.00'));
    expect(select.value).toBe('NGN');
  });

  it('suggests pounds to a shopper whose browser speaks British English, and switches on her word', async () => {
    speak('en-GB');
    mockFetch({ '/api/currencies': BOTH });
    renderWithProviders(
      <>
        <ProductCard product={dress} />
        <CurrencyChooser />
      </>,
    );
    const note = await screen.findByRole('complementary', { name: 'Currency suggestion' });
    expect(note.textContent).toContain('Shopping from the UK? See prices in £ GBP');
    // Suggested, never forced: prices stay in naira until she says.
    expect(screen.getByRole('link').textContent).toContain('₦40,000.00');
    await userEvent.click(within(note).getByRole('button', { name: 'Switch to £ GBP' }));
    expect(screen.queryByRole('complementary', { name: 'Currency suggestion' })).toBeNull();
    expect(screen.getByRole('link').textContent).toContain('£19.99');
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('GBP');
  });

  it('remembers keeping naira, and does not ask again', async () => {
    speak('en-US');
    mockFetch({ '/api/currencies': BOTH });
    const first = renderWithProviders(<CurrencyChooser />);
    const note = await screen.findByRole('complementary', { name: 'Currency suggestion' });
    expect(note.textContent).toContain('Shopping from the US? See prices in $ USD');
    await userEvent.click(within(note).getByRole('button', { name: 'Keep ₦ naira' }));
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('NGN');
    expect(screen.queryByRole('complementary', { name: 'Currency suggestion' })).toBeNull();
    first.unmount();

    renderWithProviders(<CurrencyChooser />);
    await screen.findByLabelText('Currency');
    expect(screen.queryByRole('complementary', { name: 'Currency suggestion' })).toBeNull();
  });
});
