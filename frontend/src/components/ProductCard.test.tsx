import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './ProductCard';
import { product } from '@/test/fixtures';
import { renderWithProviders } from '@/test/utils';

describe('ProductCard', () => {
  it('shows a sale price with the price before struck through, the percentage off and the rating', () => {
    renderWithProviders(
      <ProductCard product={product({ price: 4_000_000, compareAtPrice: 5_000_000, rating: 4.5, reviewCount: 128 })} />,
    );
    const link = screen.getByRole('link');
    expect(link.textContent).toContain('₦40,000.00');
    const was = link.querySelector('del')!;
    expect(was.textContent).toBe('Was ₦50,000.00');
    expect(screen.getByText('20% off')).toBeTruthy();
    expect(screen.getByText('Rated 4.5 out of 5, 128 reviews')).toBeTruthy();
    expect(link.textContent).toContain('4.5 (128)');
  });

  it('shows one price and no rating line for a product at full price without reviews', () => {
    renderWithProviders(<ProductCard product={product({ compareAtPrice: null, rating: 0, reviewCount: 0 })} />);
    const link = screen.getByRole('link');
    expect(link.querySelector('del')).toBeNull();
    expect(screen.queryByText(/% off/)).toBeNull();
    expect(screen.queryByText(/^Rated/)).toBeNull();
    expect(link.textContent).toContain('₦25,000.00');
  });
});
