import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import CollectionPage from './CollectionPage';
import { collection, collectionPage, facets, product, variants } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function renderAt(path: string, session = { user: null }) {
  return renderWithProviders(
    <Route path="/collections/:id">
      <CollectionPage />
    </Route>,
    { path, session },
  );
}

const suits = () =>
  collectionPage([], {
    collection: collection({ id: 'suits', name: 'Suits' }),
    facets: facets({ sizes: [], colors: [], price: null }),
  });

describe('CollectionPage', () => {
  it('says "No products found in this collection." when it is empty', async () => {
    mockFetch({ '/api/collections/suits': suits() });
    renderAt('/collections/suits');
    expect(await screen.findByText('No products found in this collection.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Suits' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Suits' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(document.title).toBe('Suits — Ankara');
  });

  it('marks a sold-out product Sold out; In stock only asks for inStock=true and keeps it in the address', async () => {
    const gone = product({ id: 'gone', name: 'Gone Brogue', variants: variants(['41'], ['Black'], 0) });
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': (url) =>
        jsonResponse(collectionPage(url.searchParams.get('inStock') === 'true' ? [product()] : [product(), gone])),
    });
    const { currentLocation } = renderAt('/collections/formal-shoes');
    const goneLink = await screen.findByRole('link', { name: /Gone Brogue/ });
    expect(goneLink.textContent).toContain('Sold out');
    expect(screen.getByRole('link', { name: /Oxford Brogue/ }).textContent).not.toContain('Sold out');
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only (2)' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Gone Brogue/ })).toBeNull());
    expect(currentLocation()).toBe('/collections/formal-shoes?inStock=true');
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/collections/formal-shoes?page=1&inStock=true');
  });

  it('reads the filters and the sort from the address (a shared link opens the same list)', async () => {
    const fetchMock = mockFetch({ '/api/collections/formal-shoes': collectionPage([], { total: 0 }) });
    renderAt('/collections/formal-shoes?sort=price-asc&maxPrice=60000&color=Black&size=42&inStock=true');
    expect(await screen.findByText('No products match these filters.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/collections/formal-shoes?page=1&sort=price-asc&size=42&color=Black&maxPrice=60000&inStock=true',
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /In stock only/ }).checked).toBe(true);
    expect(screen.getByRole('button', { name: '42 (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Black (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Max' }).value).toBe('60000');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('price-asc');
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toBeTruthy();
  });

  it('filters by size, colour and price and sorts, each in the address; counts come from the facets', async () => {
    const fetchMock = mockFetch({ '/api/collections/formal-shoes': collectionPage([product()]) });
    const { currentLocation } = renderAt('/collections/formal-shoes');
    const sizes = await screen.findByRole('group', { name: 'Size' });
    expect(
      within(sizes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['41 (1)', '42 (2)', '43 (0)']);
    // A size that would show nothing cannot be chosen.
    expect(within(sizes).getByRole<HTMLButtonElement>('button', { name: '43 (0)' }).disabled).toBe(true);

    fireEvent.click(within(sizes).getByRole('button', { name: '42 (2)' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections/formal-shoes?size=42'));
    fireEvent.click(screen.getByRole('button', { name: 'Black (2)' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections/formal-shoes?size=42&color=Black'));
    const max = screen.getByRole('textbox', { name: 'Max' });
    fireEvent.change(max, { target: { value: '60,000' } });
    fireEvent.blur(max);
    await waitFor(() => expect(currentLocation()).toBe('/collections/formal-shoes?size=42&color=Black&maxPrice=60000'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    await waitFor(() =>
      expect(currentLocation()).toBe('/collections/formal-shoes?size=42&color=Black&maxPrice=60000&sort=price-asc'),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.at(-1)![0]).toBe(
        '/api/collections/formal-shoes?page=1&sort=price-asc&size=42&color=Black&maxPrice=60000',
      ),
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Best selling',
      'Top rated',
    ]);
    // Pressing the chosen size again clears it; Clear all clears the rest and keeps the sort.
    fireEvent.click(within(sizes).getByRole('button', { name: '42 (2)' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/collections/formal-shoes?sort=price-asc&color=Black&maxPrice=60000'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections/formal-shoes?sort=price-asc'));
  });

  it('on a phone the filters open in a sheet whose button shows how many products they keep', async () => {
    mockFetch({
      '/api/collections/formal-shoes': (url) =>
        jsonResponse(collectionPage([product()], { total: url.searchParams.get('onSale') === 'true' ? 1 : 7 })),
    });
    const { currentLocation } = renderAt('/collections/formal-shoes');
    const open = await screen.findByRole('button', { name: 'Filters' });
    fireEvent.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Show 7 products' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'On sale (1)' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections/formal-shoes?onSale=true'));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Show 1 product' })).toBeTruthy());
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show 1 product' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters (1)' }));
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

  it('lists products with price and category, a login prompt for visitors, and loads more pages with the filters', async () => {
    const first = Array.from({ length: 24 }, (_, i) =>
      product({ id: `p${i}`, name: `Shoe ${i}`, price: 1_000_000 + i }),
    );
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': (url) =>
        url.searchParams.get('page') === '2'
          ? jsonResponse(collectionPage([product({ id: 'p24', name: 'Shoe 24' })], { page: 2, total: 25 }))
          : jsonResponse(collectionPage(first, { total: 25 })),
    });
    renderAt('/collections/formal-shoes?size=42');
    expect(await screen.findByRole('link', { name: /Shoe 0/ })).toBeTruthy();
    // The size the list is filtered by goes along, for the product page to start with.
    expect(screen.getByRole('link', { name: /Shoe 0/ }).getAttribute('href')).toBe('/product/p0?size=42');
    expect(screen.getByRole('link', { name: /Shoe 0/ }).textContent).toContain('₦10,000.00');
    expect(screen.getByRole('link', { name: /Shoe 0/ }).textContent).toContain('Shoes');
    // It keeps the shopper's place: back to this collection after signing in.
    expect(screen.getByRole('link', { name: 'Log In to Shop' }).getAttribute('href')).toBe(
      '/login?next=%2Fcollections%2Fformal-shoes',
    );

    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(await screen.findByRole('link', { name: /Shoe 24/ })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => u as string)).toContain('/api/collections/formal-shoes?page=2&size=42');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull());
  });

  it('hides "Log In to Shop" for a signed-in customer', async () => {
    mockFetch({ '/api/collections/suits': suits() });
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
