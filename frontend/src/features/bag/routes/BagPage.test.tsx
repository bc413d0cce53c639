import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BagPage from './BagPage';
import { Header } from '@/components/Header';
import type { Session } from '@/lib/types';
import { bagItem, bagOf, product, variants } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const line = bagItem;

const session = (bag: number): Session => ({
  user: customer,
  expiresAt: null,
  counts: { bag, saved: 0, newOrders: 0 },
  guestCheckout: false,
  guest: false,
});

function renderBag(count: number) {
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      <BagPage />
    </>,
    { path: '/mybag', session: session(count) },
  );
}

describe('BagPage', () => {
  it('lists the lines with size, colour, unit price, quantity, the item count and the total', async () => {
    const watch = product({ id: 'watch', name: 'Heritage Chronograph', price: 12_000_050, sizes: [], colors: [] });
    mockFetch({
      '/api/bag': bagOf(line({ quantity: 2 }), line({ id: 'line-2', product: watch, size: null, color: null })),
    });
    renderBag(3);
    const list = await screen.findByRole('list', { name: 'Items in your bag' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Oxford Brogue' }).getAttribute('href')).toBe(
      '/product/oxford-brogue',
    );
    expect(within(rows[0]!).getByText('Size: 42 · Colour: Black')).toBeTruthy();
    expect(within(rows[0]!).getByText('₦25,000.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('₦50,000.00')).toBeTruthy();
    expect(within(rows[1]!).queryByText(/Size:/)).toBeNull();
    expect(screen.getByTestId('bag-count').textContent).toBe('3 items');
    expect(screen.getByText('₦170,000.50')).toBeTruthy();
  });

  it("shows each line's notice as a warning tied to the line, and Only N left for a variant with few left", async () => {
    const few = product({ variants: variants(['41', '42', '43'], ['Black', 'Brown'], 10, { '42/Black': 2 }) });
    mockFetch({
      '/api/bag': bagOf(
        line({ product: few, quantity: 2, available: 2 }),
        line({
          id: 'line-2',
          size: '43',
          variantId: 'v-43-Black',
          available: 0,
          notice: 'Sold out — remove it to continue',
        }),
      ),
    });
    renderBag(3);
    const rows = within(await screen.findByRole('list', { name: 'Items in your bag' })).getAllByRole('listitem');
    const notice = within(rows[1]!).getByText('Sold out — remove it to continue');
    expect(notice.className).toContain('alert--warning');
    expect(rows[1]!.getAttribute('aria-describedby')).toBe(notice.id);
    expect(within(rows[0]!).getByText('Only 2 left')).toBeTruthy();
    expect(rows[0]!.getAttribute('aria-describedby')).toBeNull();
    // The stepper stops at what is available.
    expect(within(rows[0]!).getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' }).disabled).toBe(true);
    expect(within(rows[1]!).getByRole<HTMLButtonElement>('button', { name: 'Increase quantity' }).disabled).toBe(true);
    expect(within(rows[1]!).getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' }).disabled).toBe(false);
  });

  it("shows the server's refusal of a quantity (Only 3 left.)", async () => {
    mockFetch({
      '/api/bag': bagOf(line({ quantity: 3, available: 5 })),
      'PATCH /api/bag/line-1': () => jsonResponse({ error: 'validation', message: 'Only 3 left.' }, 400),
    });
    renderBag(3);
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 3 left.');
  });

  it("shows the merchant's limit when + asks for more than one order may hold", async () => {
    const message = 'You can buy at most 5 of one item in one order.';
    mockFetch({
      '/api/bag': bagOf(line({ quantity: 5, available: 8 })),
      'PATCH /api/bag/line-1': () => jsonResponse({ error: 'validation', message }, 400),
    });
    renderBag(5);
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveProperty('disabled', false);
  });

  it('changes the quantity with + and −, updating the totals and the header badge from the answer', async () => {
    let release!: () => void;
    const fetch = mockFetch({
      '/api/bag': bagOf(line({ quantity: 1 })),
      'PATCH /api/bag/line-1': (_url, init) => {
        const { quantity } = JSON.parse(init!.body as string) as { quantity: number };
        return new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(bagOf(line({ quantity }))))));
      },
    });
    renderBag(1);
    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy();
    // A double click sends once, and the buttons are disabled while the request runs.
    fireEvent.click(plus);
    fireEvent.click(plus);
    await waitFor(() => expect((plus as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' }).disabled).toBe(true);
    const patches = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches()).toHaveLength(1);
    expect(JSON.parse(patches()[0]![1]!.body as string)).toEqual({ quantity: 2 });
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('link', { name: 'My Bag (2)' })).toBeTruthy());
    expect(screen.getByTestId('bag-count').textContent).toBe('2 items');
    expect(screen.getAllByText('₦50,000.00').length).toBeGreaterThan(0);

    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity' });
    await waitFor(() => expect(minus.disabled).toBe(false));
    fireEvent.click(minus);
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(JSON.parse(patches()[1]![1]!.body as string)).toEqual({ quantity: 1 });
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy());
  });

  it('removes the line when − is pressed at 1 (quantity 0), showing the empty state', async () => {
    const fetch = mockFetch({
      '/api/bag': bagOf(line({ quantity: 1 })),
      'PATCH /api/bag/line-1': bagOf(),
    });
    renderBag(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity' }));
    expect(await screen.findByText('Your bag is empty')).toBeTruthy();
    expect(screen.getByText("Looks like you haven't added any items yet.")).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch).toBeTruthy();
    expect(JSON.parse(patch[1]!.body as string)).toEqual({ quantity: 0 });
    expect(screen.getByRole('link', { name: 'My Bag' })).toBeTruthy();
  });

  it('removes a line with its remove button (DELETE)', async () => {
    const fetch = mockFetch({
      '/api/bag': bagOf(line(), line({ id: 'line-2', size: '43' })),
      'DELETE /api/bag/line-1': bagOf(line({ id: 'line-2', size: '43' })),
    });
    renderBag(2);
    const [first] = await screen.findAllByRole('button', { name: 'Remove Oxford Brogue' });
    fireEvent.click(first!);
    const list = screen.getByRole('list', { name: 'Items in your bag' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(fetch.mock.calls.some(([path, init]) => path === '/api/bag/line-1' && init?.method === 'DELETE')).toBe(true);
    expect(screen.getByTestId('bag-count').textContent).toBe('1 item');
  });

  it('shows the empty state with a way to shop, and no checkout button', async () => {
    mockFetch({ '/api/bag': bagOf() });
    renderBag(0);
    expect(await screen.findByRole('heading', { name: 'Your bag is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /checkout/i })).toBeNull();
  });

  it('shows the content it is given beneath the bag (featured products)', async () => {
    mockFetch({ '/api/bag': bagOf() });
    renderWithProviders(<BagPage below={<p>Featured here</p>} />, { path: '/mybag', session: session(0) });
    expect(await screen.findByText('Featured here')).toBeTruthy();
  });
});
