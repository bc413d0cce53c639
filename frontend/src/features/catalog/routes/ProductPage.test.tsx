import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import ProductPage from './ProductPage';
import { product } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function renderProduct(session = { user: null } as { user: typeof customer | null }) {
  return renderWithProviders(
    <Route path="/product/:id">
      <ProductPage />
    </Route>,
    { path: '/product/oxford-brogue', session },
  );
}

describe('ProductPage', () => {
  it('shows the product: name, rating, reviews, price, description, sizes and colours', async () => {
    mockFetch({ '/api/products/oxford-brogue': product() });
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oxford Brogue' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByText('128 reviews')).toBeTruthy();
    expect(screen.getByText('₦25,000.00')).toBeTruthy();
    expect(screen.getByText('Hand-finished leather brogues.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Size' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '42' }));
    expect((screen.getByRole('radio', { name: '42' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Brown' })).toBeTruthy();
    expect(document.title).toBe('Oxford Brogue — Ankara');
  });

  it('asks a visitor to log in before saving or adding to the bag', async () => {
    mockFetch({ '/api/products/oxford-brogue': product() });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderProduct();
    fireEvent.click(await screen.findByRole('button', { name: 'Save product' }));
    expect(alert).toHaveBeenLastCalledWith('Please log in or sign up to save products.');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Bag' }));
    expect(alert).toHaveBeenLastCalledWith('Please log in to add items to your bag.');
  });

  it('leaves the buttons disabled for a signed-in customer until the bag arrives', async () => {
    mockFetch({ '/api/products/oxford-brogue': product() });
    renderProduct({ user: customer });
    expect(((await screen.findByRole('button', { name: 'Add to Bag' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the product does not exist for an unknown id', async () => {
    mockFetch({
      '/api/products/oxford-brogue': () =>
        jsonResponse({ error: 'not_found', message: "The product you're looking for doesn't exist." }, 404),
    });
    renderProduct();
    expect(await screen.findByText("The product you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows a spinner while loading', () => {
    mockFetch({ '/api/products/oxford-brogue': () => new Promise<Response>(() => {}) });
    renderProduct();
    expect(screen.getByRole('status').textContent).toContain('Loading product');
  });
});
