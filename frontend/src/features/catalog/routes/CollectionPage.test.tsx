import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import CollectionPage from './CollectionPage';
import { collection, product, variants } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function renderAt(path: string, session = { user: null }) {
  return renderWithProviders(
    <Route path="/collections/:id">
      <CollectionPage />
    </Route>,
    { path, session },
  );
}

describe('CollectionPage', () => {
  it('says "No products found in this collection." when it is empty', async () => {
    mockFetch({
      '/api/collections/suits': {
        collection: collection({ id: 'suits', name: 'Suits' }),
        products: [],
        page: 1,
        pageSize: 24,
        total: 0,
      },
    });
    renderAt('/collections/suits');
    expect(await screen.findByText('No products found in this collection.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Suits' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Suits' })).toBeTruthy();
    expect(document.title).toBe('Suits — Ankara');
  });

  it('marks a sold-out product Sold out; Hide sold out asks for inStock=true and keeps it in the address', async () => {
    const gone = product({ id: 'gone', name: 'Gone Brogue', variants: variants(['41'], ['Black'], 0) });
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': (url) =>
        jsonResponse({
          collection: collection(),
          products: url.searchParams.get('inStock') === 'true' ? [product()] : [product(), gone],
          page: 1,
          pageSize: 24,
          total: url.searchParams.get('inStock') === 'true' ? 1 : 2,
        }),
    });
    const { currentLocation } = renderAt('/collections/formal-shoes');
    const goneLink = await screen.findByRole('link', { name: /Gone Brogue/ });
    expect(goneLink.textContent).toContain('Sold out');
    expect(screen.getByRole('link', { name: /Oxford Brogue/ }).textContent).not.toContain('Sold out');
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide sold out' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Gone Brogue/ })).toBeNull());
    expect(currentLocation()).toBe('/collections/formal-shoes?inStock=true');
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/collections/formal-shoes?page=1&inStock=true');
  });

  it('starts with Hide sold out ticked from the address (a reload keeps it)', async () => {
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': { collection: collection(), products: [], page: 1, pageSize: 24, total: 0 },
    });
    renderAt('/collections/formal-shoes?inStock=true');
    expect(await screen.findByText('Nothing in this collection is in stock right now.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide sold out' }).checked).toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/collections/formal-shoes?page=1&inStock=true');
  });

  it('says "Collection not found" for an unknown id', async () => {
    mockFetch({
      '/api/collections/nope': () => jsonResponse({ error: 'not_found', message: 'Collection not found' }, 404),
    });
    renderAt('/collections/nope');
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows "Error: " and the message for other failures', async () => {
    mockFetch({
      '/api/collections/suits': () => jsonResponse({ error: 'internal', message: 'Database is busy' }, 500),
    });
    renderAt('/collections/suits');
    expect(await screen.findByText('Error: Database is busy')).toBeTruthy();
  });

  it('lists products with price and category, a login prompt for visitors, and loads more pages', async () => {
    const first = Array.from({ length: 24 }, (_, i) =>
      product({ id: `p${i}`, name: `Shoe ${i}`, price: 1_000_000 + i }),
    );
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': (url) =>
        url.searchParams.get('page') === '2'
          ? jsonResponse({
              collection: collection(),
              products: [product({ id: 'p24', name: 'Shoe 24' })],
              page: 2,
              pageSize: 24,
              total: 25,
            })
          : jsonResponse({ collection: collection(), products: first, page: 1, pageSize: 24, total: 25 }),
    });
    renderAt('/collections/formal-shoes');
    expect(await screen.findByRole('link', { name: /Shoe 0/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Shoe 0/ }).getAttribute('href')).toBe('/product/p0');
    expect(screen.getByRole('link', { name: /Shoe 0/ }).textContent).toContain('₦10,000.00');
    expect(screen.getByRole('link', { name: /Shoe 0/ }).textContent).toContain('Shoes');
    // It keeps the shopper's place: back to this collection after signing in.
    expect(screen.getByRole('link', { name: 'Log In to Shop' }).getAttribute('href')).toBe(
      '/login?next=%2Fcollections%2Fformal-shoes',
    );

    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(await screen.findByRole('link', { name: /Shoe 24/ })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => u as string)).toContain('/api/collections/formal-shoes?page=2');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull());
  });

  it('hides "Log In to Shop" for a signed-in customer', async () => {
    mockFetch({
      '/api/collections/suits': {
        collection: collection({ id: 'suits', name: 'Suits' }),
        products: [],
        page: 1,
        pageSize: 24,
        total: 0,
      },
    });
    renderWithProviders(
      <Route path="/collections/:id">
        <CollectionPage />
      </Route>,
      { path: '/collections/suits', session: { user: customer } },
    );
    await screen.findByText('No products found in this collection.');
    expect(screen.queryByRole('link', { name: 'Log In to Shop' })).toBeNull();
  });
});
