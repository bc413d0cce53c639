import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrencyChooserSlot } from './CurrencyChooserSlot';
import { mockFetch, renderWithProviders } from '@/test/utils';

describe('CurrencyChooserSlot', () => {
  it("fetches neither the chooser nor the shop's currencies until the shopper scrolls", async () => {
    const fetch = mockFetch({
      '/api/currencies': { currencies: [{ currency: 'GBP', symbol: '£', name: 'British pound' }] },
    });
    renderWithProviders(<CurrencyChooserSlot />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Currency')).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByLabelText('Currency')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url as string)).toEqual([expect.stringContaining('/api/currencies')]);
  });
});
