import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { adminSlots } from './adminSlots';
import { findAdminRoute } from './adminRoutes';
import { AdminSlotsProvider } from '@/components/AdminSlot';
import CollectionPage from '@/features/catalog/routes/CollectionPage';
import HomePage from '@/features/catalog/routes/HomePage';
import ProductPage from '@/features/catalog/routes/ProductPage';
import AboutPage from '@/features/content/routes/AboutPage';
import { collection, image, product, release, seedHome } from '@/test/fixtures';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';
import type { Session } from '@/lib/types';

function renderApp(ui: ReactElement, options: { path?: string; session?: Partial<Session> } = {}) {
  return renderWithProviders(<AdminSlotsProvider value={adminSlots}>{ui}</AdminSlotsProvider>, options);
}

const shoe = product({ id: 'brogue', name: 'Oxford Brogue' });
const watch = product({ id: 'watch', name: 'Steel Watch', collectionId: 'wristwatches' });

function homeApi(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    '/api/home': seedHome([image('h1')]),
    '/api/collections': [collection()],
    '/api/releases': [release(1)],
    '/api/products/featured': [shoe, watch],
    ...extra,
  });
}

const collectionPage = {
  collection: collection(),
  products: [shoe, product({ id: 'loafer', name: 'Suede Loafer' })],
  page: 1,
  pageSize: 24,
  total: 2,
};

function renderCollection(session: Partial<Session>) {
  return renderApp(
    <Route path="/collections/:id">
      <CollectionPage />
    </Route>,
    { path: '/collections/formal-shoes', session },
  );
}

describe('admin tools in shopper pages', () => {
  it('Remove from Featured takes the card off the featured grid', async () => {
    let featured = [shoe, watch];
    const fetchMock = homeApi({
      '/api/products/featured': () => jsonResponse(featured),
      'PUT /api/products/brogue/featured': (_, init) => {
        expect(JSON.parse(init?.body as string)).toEqual({ featured: false });
        expect((init?.headers as Record<string, string>)['X-Requested-With']).toBe('ankara');
        featured = [watch];
        return jsonResponse({ ...shoe, featured: false });
      },
    });
    renderApp(<HomePage />, { session: { user: admin } });
    const grid = await screen.findByRole('list', { name: 'Featured Products' });
    fireEvent.click(await within(grid).findByRole('button', { name: 'Remove Oxford Brogue from Featured' }));
    await waitFor(() => expect(within(grid).queryByRole('link', { name: /Oxford Brogue/ })).toBeNull());
    expect(within(grid).getByRole('link', { name: /Steel Watch/ })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/brogue/featured', expect.objectContaining({ method: 'PUT' }));
  });

  it('offers a member of staff only the tools her role may use on the server', async () => {
    homeApi();
    // May add releases, not collections (nor take products off Featured).
    const user = staffUser('manager', { access: ['POST /api/releases'] });
    renderApp(<HomePage />, { session: { user } });
    expect(await screen.findByRole('heading', { name: 'Add Release' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add a collection' })).toBeNull();
    const grid = await screen.findByRole('list', { name: 'Featured Products' });
    await within(grid).findByRole('link', { name: /Oxford Brogue/ });
    expect(within(grid).queryByRole('button', { name: /from Featured/ })).toBeNull();
  });

  it('shows the collection form and the add-release form on Home to admins', async () => {
    homeApi();
    renderApp(<HomePage />, { session: { user: admin } });
    expect(await screen.findByRole('heading', { name: 'Add a collection' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Add Release' })).toBeTruthy();
    // In the spec's order: collections, the collection form, new releases, the release form, featured.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Our Collections',
      'Add a collection',
      'New Releases',
      'Add Release',
      'Featured Products',
    ]);
  });

  it('shows no admin tools to customers or visitors', async () => {
    for (const session of [{ user: customer }, { user: null }]) {
      homeApi();
      const home = renderApp(<HomePage />, { session });
      const grid = await screen.findByRole('list', { name: 'Featured Products' });
      await within(grid).findByRole('link', { name: /Steel Watch/ });
      expect(screen.queryByText('Admin')).toBeNull();
      expect(within(grid).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Add Release' })).toBeNull();
      home.unmount();

      mockFetch({ '/api/collections/formal-shoes': collectionPage });
      const page = renderCollection(session);
      await screen.findByRole('link', { name: /Suede Loafer/ });
      expect(screen.queryByRole('button', { name: 'Add Product' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
      page.unmount();

      mockFetch({ '/api/about': null });
      const about = renderApp(<AboutPage />, { session });
      await screen.findByText('Our story is on its way. Check back soon.');
      expect(screen.queryByRole('form')).toBeNull();
      about.unmount();
    }
  });

  it('asks before deleting, and sends nothing when the admin says no', async () => {
    let page = collectionPage;
    const fetchMock = mockFetch({
      '/api/collections/formal-shoes': () => jsonResponse(page),
      'DELETE /api/products/loafer': () => {
        page = { ...collectionPage, products: [shoe], total: 1 };
        return jsonResponse({ message: 'Product deleted.' });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderCollection({ user: admin });
    expect(await screen.findByRole('button', { name: 'Add Product' })).toBeTruthy();
    const del = await screen.findByRole('button', { name: 'Delete Suede Loafer' });
    fireEvent.click(del);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this product?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(del);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Suede Loafer/ })).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/products/loafer', expect.objectContaining({ method: 'DELETE' }));
  });

  it("shows the server's permission message on 403 and the spec's message otherwise", async () => {
    let status = 403;
    mockFetch({
      '/api/collections/formal-shoes': collectionPage,
      'DELETE /api/products/loafer': () =>
        status === 403
          ? jsonResponse({ error: 'forbidden', message: 'You do not have permission to delete products.' }, 403)
          : jsonResponse({ error: 'internal', message: 'database is locked' }, 500),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderCollection({ user: admin });
    const del = await screen.findByRole('button', { name: 'Delete Suede Loafer' });
    fireEvent.click(del);
    expect(await screen.findByText('You do not have permission to delete products.')).toBeTruthy();
    status = 500;
    fireEvent.click(del);
    expect(await screen.findByText('Failed to delete product. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Suede Loafer/ })).toBeTruthy();
  });

  it('toggles featured on the product page', async () => {
    let featured = false;
    mockFetch({
      '/api/products/brogue': () => jsonResponse({ ...shoe, featured }),
      'PUT /api/products/brogue/featured': (_, init) => {
        ({ featured } = JSON.parse(init?.body as string) as { featured: boolean });
        return jsonResponse({ ...shoe, featured });
      },
    });
    renderApp(
      <Route path="/product/:id">
        <ProductPage />
      </Route>,
      { path: '/product/brogue', session: { user: admin } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Featured' }));
    expect(await screen.findByRole('button', { name: 'Remove from Featured' })).toBeTruthy();
    expect(featured).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Featured' }));
    expect(await screen.findByRole('button', { name: 'Mark as Featured' })).toBeTruthy();
    expect(featured).toBe(false);
  });

  it('puts the About Us form below the page, in create mode when there is none', async () => {
    mockFetch({ '/api/about': null });
    renderApp(<AboutPage />, { session: { user: admin } });
    expect(await screen.findByRole('heading', { name: 'Create the About Us page' })).toBeTruthy();
  });

  it('keeps the contact inbox behind the admin guard', () => {
    expect(findAdminRoute('/admin/messages')?.access).toBe('admin');
  });
});
