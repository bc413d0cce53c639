import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SearchPage from './SearchPage';
import type { Product, SearchResults } from '@/lib/types';
import { product, variants } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const cheap = product({ id: 'cheap', name: 'Canvas Sneaker', price: 1_000_000 });
const dear = product({ id: 'dear', name: 'Oxford Brogue', price: 5_000_000 });
const found = (products: Product[], partial = false): SearchResults => ({ products, partial });

describe('SearchPage', () => {
  it('sorts by relevance by default, then by price and newest through the address', async () => {
    const fetch = mockFetch({
      '/api/search': (url: URL) => {
        const sort = url.searchParams.get('sort');
        const list: Product[] = sort === 'price-desc' ? [dear, cheap] : [cheap, dear];
        return new Response(JSON.stringify(found(list)), { headers: { 'Content-Type': 'application/json' } });
      },
    });
    const { currentLocation } = renderWithProviders(<SearchPage />, { path: '/search?q=shoe' });
    const grid = await screen.findByRole('list', { name: 'Search results' });
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Canvas Sneaker', 'Oxford Brogue']);
    expect(fetch.mock.calls[0]![0]).toBe('/api/search?q=shoe');

    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(select.value).toBe('relevance');
    fireEvent.change(select, { target: { value: 'price-desc' } });
    await waitFor(() => expect(currentLocation()).toBe('/search?q=shoe&sort=price-desc'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Search results' }))
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Oxford Brogue', 'Canvas Sneaker']),
    );
    expect(fetch.mock.calls.some(([path]) => path === '/api/search?q=shoe&sort=price-desc')).toBe(true);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Relevance',
      'Price: low to high',
      'Price: high to low',
      'Newest',
    ]);
  });

  it('marks sold-out results; Hide sold out adds inStock=true to the address and the request', async () => {
    const gone = product({ id: 'gone', name: 'Gone Brogue', variants: variants([], [], 0), sizes: [], colors: [] });
    const fetch = mockFetch({
      '/api/search': (url: URL) =>
        jsonResponse(found(url.searchParams.get('inStock') === 'true' ? [cheap] : [cheap, gone])),
    });
    const { currentLocation } = renderWithProviders(<SearchPage />, { path: '/search?q=shoe&sort=newest' });
    const grid = await screen.findByRole('list', { name: 'Search results' });
    expect(within(grid).getByRole('link', { name: /Gone Brogue/ }).textContent).toContain('Sold out');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide sold out' }));
    await waitFor(() => expect(currentLocation()).toBe('/search?q=shoe&sort=newest&inStock=true'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Gone Brogue/ })).toBeNull());
    expect(fetch.mock.calls.at(-1)![0]).toBe('/api/search?q=shoe&sort=newest&inStock=true');
  });

  it('reads No products found for no results', async () => {
    mockFetch({ '/api/search': found([]) });
    renderWithProviders(<SearchPage />, { path: '/search?q=zzz&sort=newest' });
    await screen.findByText('No products found');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('newest');
  });

  it('says so above the closest matches when no product matches every word', async () => {
    mockFetch({ '/api/search': found([cheap, dear], true) });
    renderWithProviders(<SearchPage />, { path: '/search?q=canvas%20boots' });
    const notice = await screen.findByText('No products match all your words. Showing the closest matches.');
    expect(notice.getAttribute('role')).toBe('status');
    const grid = screen.getByRole('list', { name: 'Search results' });
    expect(within(grid).getAllByRole('heading').length).toBe(2);
    expect(notice.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/products found/)).toBeNull();
  });

  it('shows no notice when every word matched', async () => {
    mockFetch({ '/api/search': found([cheap]) });
    renderWithProviders(<SearchPage />, { path: '/search?q=canvas' });
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByText('1 product found')).toBeTruthy();
    expect(screen.queryByText(/closest matches/)).toBeNull();
  });
});
