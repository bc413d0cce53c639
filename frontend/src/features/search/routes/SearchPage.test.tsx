import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SearchPage from './SearchPage';
import type { Product, SearchResults } from '@/lib/types';
import { facets, product, variants } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const cheap = product({ id: 'cheap', name: 'Canvas Sneaker', price: 1_000_000 });
const dear = product({ id: 'dear', name: 'Oxford Brogue', price: 5_000_000 });
const results = (products: Product[], total = products.length, partial = false): SearchResults => ({
  products,
  total,
  facets: facets(),
  partial,
});

describe('SearchPage', () => {
  it('sorts by relevance by default, then by price and newest through the address', async () => {
    const fetch = mockFetch({
      '/api/search': (url: URL) =>
        jsonResponse(results(url.searchParams.get('sort') === 'price-desc' ? [dear, cheap] : [cheap, dear])),
    });
    const { currentLocation } = renderWithProviders(<SearchPage />, { path: '/search?q=shoe' });
    const grid = await screen.findByRole('list', { name: 'Search results' });
    expect(
      within(grid)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Canvas Sneaker', 'Oxford Brogue']);
    expect(fetch.mock.calls[0]![0]).toBe('/api/search?q=shoe');
    expect(screen.getByText('2 products found')).toBeTruthy();

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
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Best selling',
      'Top rated',
    ]);
  });

  it('marks sold-out results; In stock only adds inStock=true to the address and the request', async () => {
    const gone = product({ id: 'gone', name: 'Gone Brogue', variants: variants([], [], 0), sizes: [], colors: [] });
    const fetch = mockFetch({
      '/api/search': (url: URL) =>
        jsonResponse(results(url.searchParams.get('inStock') === 'true' ? [cheap] : [cheap, gone])),
    });
    const { currentLocation } = renderWithProviders(<SearchPage />, { path: '/search?q=shoe&sort=newest' });
    const grid = await screen.findByRole('list', { name: 'Search results' });
    expect(within(grid).getByRole('link', { name: /Gone Brogue/ }).textContent).toContain('Sold out');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In stock only (2)' }));
    await waitFor(() => expect(currentLocation()).toBe('/search?q=shoe&sort=newest&inStock=true'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Gone Brogue/ })).toBeNull());
    expect(fetch.mock.calls.at(-1)![0]).toBe('/api/search?q=shoe&sort=newest&inStock=true');
  });

  it('filters results by size and colour like a collection, and says when the filters keep nothing', async () => {
    const fetch = mockFetch({
      '/api/search': (url: URL) => jsonResponse(results(url.searchParams.get('color') === 'Brown' ? [] : [cheap])),
    });
    const { currentLocation } = renderWithProviders(<SearchPage />, { path: '/search?q=shoe&size=42' });
    await screen.findByRole('list', { name: 'Search results' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/search?q=shoe&size=42');
    fireEvent.click(screen.getByRole('button', { name: 'Brown (1)' }));
    await waitFor(() => expect(currentLocation()).toBe('/search?q=shoe&size=42&color=Brown'));
    expect(await screen.findByText('No products match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/search?q=shoe'));
  });

  it('reads No products found for no results', async () => {
    mockFetch({ '/api/search': results([]) });
    renderWithProviders(<SearchPage />, { path: '/search?q=zzz&sort=newest' });
    await screen.findByText('No products found');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('says so above the closest matches when no product matches every word', async () => {
    mockFetch({ '/api/search': results([cheap, dear], 2, true) });
    renderWithProviders(<SearchPage />, { path: '/search?q=canvas%20boots' });
    const notice = await screen.findByText('No products match all your words. Showing the closest matches.');
    expect(notice.getAttribute('role')).toBe('status');
    const grid = screen.getByRole('list', { name: 'Search results' });
    expect(within(grid).getAllByRole('heading').length).toBe(2);
    expect(notice.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/products found/)).toBeNull();
  });

  it('shows no notice when every word matched', async () => {
    mockFetch({ '/api/search': results([cheap]) });
    renderWithProviders(<SearchPage />, { path: '/search?q=canvas' });
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByText('1 product found')).toBeTruthy();
    expect(screen.queryByText(/closest matches/)).toBeNull();
  });
});
