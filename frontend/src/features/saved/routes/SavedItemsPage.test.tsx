import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SavedItemsPage from './SavedItemsPage';
import { Header } from '@/components/Header';
import type { Bag, SavedItem, Session } from '@/lib/types';
import { bagItem, bagOf, product, variants } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders, sessionOf } from '@/test/utils';

const brogue = product();
// No size or colour to choose.
const loafer = product({ id: 'penny-loafer', name: 'Penny Loafer', price: 3_000_000, sizes: [], colors: [] });
const saved: SavedItem[] = [
  { product: brogue, savedAt: 2 },
  { product: loafer, savedAt: 1 },
];
const session: Session = { ...sessionOf(customer, { saved: 2 }), expiresAt: null };
const bagWith = (p = brogue): Bag => bagOf(bagItem({ product: p, size: null, color: null }));

function renderSaved() {
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      <SavedItemsPage />
    </>,
    { path: '/saved-items', session },
  );
}

describe('SavedItemsPage', () => {
  it('shows the saved products with image, name and price', async () => {
    mockFetch({ '/api/saved': saved });
    renderSaved();
    expect(await screen.findByRole('heading', { name: 'Oxford Brogue' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Penny Loafer' })).toBeTruthy();
    expect(screen.getByText('₦30,000.00')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
  });

  it('Add to Bag moves a product without options at once ({}), updates both badges and opens /mybag', async () => {
    let current = saved;
    const fetch = mockFetch({
      '/api/saved': () => jsonResponse(current),
      'POST /api/saved/penny-loafer/move-to-bag': () => {
        current = saved.slice(0, 1);
        return jsonResponse(bagWith(loafer));
      },
    });
    const { currentLocation } = renderSaved();
    fireEvent.click(await screen.findByRole('button', { name: /Add to Bag\s*Penny Loafer/ }));
    await waitFor(() => expect(currentLocation()).toBe('/mybag'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/saved/penny-loafer/move-to-bag');
    expect(JSON.parse(post[1]!.body as string)).toEqual({});
    expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saved Items (1)' })).toBeTruthy();
  });

  it('Add to Bag on a product with options opens a chooser of the sizes and colours sold', async () => {
    const stocked = product({
      variants: variants(['41', '42', '43'], ['Black', 'Brown'], 5, { '41/Black': 0, '41/Brown': 0 }),
    });
    const fetch = mockFetch({
      '/api/saved': [{ product: stocked, savedAt: 2 }],
      'POST /api/saved/oxford-brogue/move-to-bag': () => jsonResponse(bagWith(stocked)),
    });
    const { currentLocation } = renderSaved();
    const add = await screen.findByRole('button', { name: /Add to Bag\s*Oxford Brogue/ });
    fireEvent.click(add);
    const chooser = screen.getByRole('group', { name: 'Choose size and colour of Oxford Brogue' });
    expect(add.getAttribute('aria-expanded')).toBe('true');
    expect(within(chooser).getByRole<HTMLInputElement>('radio', { name: '41, Sold out' }).disabled).toBe(true);
    expect(document.activeElement).toBe(within(chooser).getByRole('radio', { name: '42' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move to Bag' }));
    expect(
      within(chooser)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Please choose a size.', 'Please choose a colour.']);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(chooser).getByRole('radio', { name: '42' }));
    fireEvent.click(within(chooser).getByRole('radio', { name: 'Brown' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move to Bag' }));
    await waitFor(() => expect(currentLocation()).toBe('/mybag'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ size: '42', color: 'Brown' });
  });

  it('Cancel closes the chooser; a product with nothing left offers a disabled Sold out', async () => {
    const gone = product({ id: 'gone', name: 'Gone Brogue', variants: variants(['41'], ['Black'], 0) });
    mockFetch({
      '/api/saved': [
        { product: brogue, savedAt: 2 },
        { product: gone, savedAt: 1 },
      ],
    });
    renderSaved();
    fireEvent.click(await screen.findByRole('button', { name: /Add to Bag\s*Oxford Brogue/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /Choose size and colour/ })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Sold out\s*Gone Brogue/ }).disabled).toBe(true);
  });

  it('Remove deletes the product from saved items and shows the empty text when none are left', async () => {
    const fetch = mockFetch({
      '/api/saved': [saved[0]],
      'DELETE /api/saved/oxford-brogue': [],
    });
    const { currentLocation } = renderSaved();
    fireEvent.click(await screen.findByRole('button', { name: /Remove\s*Oxford Brogue/ }));
    expect(await screen.findByText('No products saved yet')).toBeTruthy();
    expect(screen.getByText('Explore our collection and start saving your favorite items!')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('link', { name: 'Saved Items' })).toBeTruthy();
    expect(currentLocation()).toBe('/saved-items');
  });

  it('shows the server message when a move fails', async () => {
    mockFetch({
      '/api/saved': saved,
      'POST /api/saved/oxford-brogue/move-to-bag': () =>
        jsonResponse({ error: 'not_found', message: 'That product is not in your saved items.' }, 404),
    });
    renderSaved();
    fireEvent.click(await screen.findByRole('button', { name: /Add to Bag\s*Oxford Brogue/ }));
    fireEvent.click(screen.getByRole('radio', { name: '42' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to Bag' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That product is not in your saved items.');
  });

  it.each(['You can buy at most 20 items in one order.', 'The last one is already in your bag.'])(
    "shows the merchant's limit when moving to the bag: %s",
    async (message) => {
      mockFetch({
        '/api/saved': saved,
        'POST /api/saved/oxford-brogue/move-to-bag': () => jsonResponse({ error: 'validation', message }, 400),
      });
      renderSaved();
      fireEvent.click(await screen.findByRole('button', { name: /Add to Bag\s*Oxford Brogue/ }));
      fireEvent.click(screen.getByRole('radio', { name: '42' }));
      fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
      fireEvent.click(screen.getByRole('button', { name: 'Move to Bag' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    },
  );

  it('asks a visitor to log in', () => {
    const fetch = mockFetch({});
    renderWithProviders(<SavedItemsPage />, { path: '/saved-items' });
    expect(screen.getByText('Please log in to view saved products.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
