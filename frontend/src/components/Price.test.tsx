import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './Price';
import { SalePrice } from './SalePrice';

describe('Price and SalePrice in a currency', () => {
  it('marks a naira price with its kobo, as before', () => {
    const { container } = render(<Price kobo={2_500_000} />);
    const price = container.querySelector('.price')!;
    expect(price.textContent).toBe('₦25,000.00');
    expect(price.getAttribute('data-kobo')).toBe('2500000');
    expect(price.hasAttribute('data-currency')).toBe(false);
  });

  it('marks a foreign price with its minor units and currency, never as kobo', () => {
    const { container } = render(<Price kobo={2299} currency="GBP" />);
    const price = container.querySelector('.price')!;
    expect(price.textContent).toBe('£22.99');
    expect(price.getAttribute('data-minor')).toBe('2299');
    expect(price.getAttribute('data-currency')).toBe('GBP');
    expect(price.hasAttribute('data-kobo')).toBe(false);
  });

  it('strikes the price before a sale in the same currency', () => {
    const { container } = render(<SalePrice kobo={2000} compareAt={2500} currency="USD" />);
    expect(container.querySelector('.sale-price__now')!.textContent).toBe('$20.00');
    const was = container.querySelector('del')!;
    expect(was.textContent).toBe('Was $25.00');
    expect(was.getAttribute('data-minor')).toBe('2500');
    expect(was.getAttribute('data-currency')).toBe('USD');
    expect(container.textContent).toContain('20% off');
  });
});
