import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { product, reviewPage } from '@/test/fixtures';
import { nextFrame } from '@/test/utils';

/** The page as the app opens on it over the server's first screen (`#root[data-shell]`). */
async function openOverShell() {
  vi.resetModules();
  document.body.innerHTML = '<div id="root" data-shell></div>';
  const { Route } = await import('wouter');
  const { default: ProductPage } = await import('./ProductPage');
  const { mockFetch, renderWithProviders } = await import('@/test/utils');
  mockFetch({ '/api/products/oxford-brogue': product(), '/api/products/oxford-brogue/reviews': reviewPage([]) });
  return renderWithProviders(
    <Route path="/product/:id">
      <ProductPage />
    </Route>,
    { path: '/product/oxford-brogue', session: { user: null } },
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ProductPage opened over the server’s first screen', () => {
  it('draws the first screen (name, price, sizes, Add to Bag) first, the rest of the information next, the reviews last', async () => {
    const { container } = await openOverShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Brogue' })).toBeTruthy();
    expect(screen.getByText('₦25,000.00')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Size' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Bag' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Description' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    // The rest keeps its place below the first screen meanwhile (the footer stays out of sight).
    expect(container.querySelector('.staged-rest')).toBeTruthy();

    await nextFrame();
    expect(screen.getByRole('heading', { name: 'Description' })).toBeTruthy();
    expect(screen.getByText('Hand-finished leather brogues.')).toBeTruthy();
    expect(screen.getByText('Secure card payment with Paystack')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();

    await nextFrame();
    expect(screen.getByRole('region', { name: 'Reviews' })).toBeTruthy();
    expect(container.querySelector('.staged-rest')).toBeNull();
  });
});
