import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import ProductPage from './ProductPage';
import { bagItem, bagOf, collection, deliveryOptions, image, product, variants } from '@/test/fixtures';
import { Header } from '@/components/Header';
import type { Bag, SavedItem, Session, SessionUser } from '@/lib/types';
import { queryKeys } from '@/lib/queryKeys';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders, sessionOf } from '@/test/utils';

function renderProduct(session: Partial<Session> = { user: null }) {
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      <Route path="/product/:id">
        <ProductPage />
      </Route>
    </>,
    { path: '/product/oxford-brogue', session },
  );
}

const signedIn = (user: SessionUser = customer): Session => ({
  user,
  expiresAt: null,
  counts: { bag: 0, saved: 0, newOrders: 0 },
  guestCheckout: false,
  guest: false,
});
const bag = (count: number): Bag => bagOf(bagItem({ id: 'l1', quantity: count }));

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
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '42' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Brown' })).toBeTruthy();
    expect(document.title).toBe('Oxford Brogue — Ankara');
  });

  it('shows a whole rating one way, "4.0", in the header as in the reviews block', async () => {
    mockFetch({ '/api/products/oxford-brogue': product({ rating: 4, reviewCount: 3 }) });
    renderProduct();
    const near = await screen.findByRole('link', { name: /^Rated 4 out of 5/ });
    expect(near.querySelector('.star-rating__value')?.textContent).toBe('4.0');
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

  it('lets a visitor add to the bag when the shop takes guests (saving still asks to log in)', async () => {
    const bag = bagOf(bagItem());
    const fetch = mockFetch({ '/api/products/oxford-brogue': product(), 'POST /api/bag': bag });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { queryClient } = renderProduct({ ...sessionOf(null), guestCheckout: true });
    fireEvent.click(await screen.findByRole('radio', { name: '42' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Bag' }));
    expect(await screen.findByText('Item added to your bag successfully!')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/bag' && init?.method === 'POST')).toBe(true);
    expect(queryClient.getQueryData<Session>(queryKeys.session)).toMatchObject({ guest: true, counts: { bag: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(alert).toHaveBeenLastCalledWith('Please log in or sign up to save products.');
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

  it('shows the page skeleton (not a bare spinner) while loading', () => {
    mockFetch({ '/api/products/oxford-brogue': () => new Promise<Response>(() => {}) });
    const { container } = renderProduct();
    expect(screen.getByRole('status').textContent).toContain('Loading product');
    expect(container.querySelector('.product-skeleton__media')).toBeTruthy();
    expect(container.querySelector('.spinner')).toBeNull();
  });
});

describe('ProductPage heart', () => {
  it('saves with PUT and unsaves with DELETE, with aria-pressed, messages and the saved badge', async () => {
    let saved: SavedItem[] = [];
    const fetch = mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': () => jsonResponse(saved),
      'PUT /api/saved/oxford-brogue': () => {
        saved = [{ product: product(), savedAt: 1 }];
        return jsonResponse(saved);
      },
      'DELETE /api/saved/oxford-brogue': () => {
        saved = [];
        return jsonResponse(saved);
      },
    });
    renderProduct(signedIn());
    const heart = await screen.findByRole('button', { name: 'Save product' });
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart);
    expect(await screen.findByText('Product saved successfully')).toBeTruthy();
    const pressed = screen.getByRole('button', { name: 'Remove from saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Saved Items (1)' })).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect((put[1]!.headers as Record<string, string>)['X-Requested-With']).toBe('ankara');

    await waitFor(() => expect((pressed as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pressed);
    expect(await screen.findByText('Product removed from saved items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save product' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Saved Items' })).toBeTruthy();
  });

  it('says Failed to save/unsave product. Please try again. when the request fails', async () => {
    mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': [],
      'PUT /api/saved/oxford-brogue': () => jsonResponse({ error: 'internal', message: 'boom' }, 500),
    });
    renderProduct(signedIn());
    const heart = await screen.findByRole('button', { name: 'Save product' });
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(heart);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save/unsave product. Please try again.');
  });
});

describe('ProductPage add to bag', () => {
  it('asks for a size and a colour beside their options, and clears each message once chosen', async () => {
    const fetch = mockFetch({ '/api/products/oxford-brogue': product(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Bag' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please choose a size.',
      'Please choose a colour.',
    ]);
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(sizes.getAttribute('aria-describedby')).toBe(within(sizes).getByRole('alert').id);
    // The button points at both messages.
    const describedBy = screen.getByRole('button', { name: 'Add to Bag' }).getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Please choose a size.',
      'Please choose a colour.',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '42' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please choose a colour.']);
    expect(within(screen.getByRole('group', { name: /Colour/ })).getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('posts the choices, updates the bag badge and shows the banner for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': [],
      'POST /api/bag': bag(1),
    });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('radio', { name: '42' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Black' }));
    const button = screen.getByRole('button', { name: 'Add to Bag' });
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await screen.findByText('Item added to your bag successfully!')).toBeTruthy();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]![1]!.body as string)).toEqual({
      productId: 'oxford-brogue',
      size: '42',
      color: 'Black',
      quantity: 1,
    });
    expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(2800));
    expect(screen.getByText('Item added to your bag successfully!')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(250));
    expect(screen.queryByText('Item added to your bag successfully!')).toBeNull();
  });

  it('sends no size or colour for a product without them', async () => {
    const plain = product({ sizes: [], colors: [] });
    const fetch = mockFetch({ '/api/products/oxford-brogue': plain, 'GET /api/saved': [], 'POST /api/bag': bag(1) });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Bag' }));
    expect(await screen.findByText('Item added to your bag successfully!')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      productId: 'oxford-brogue',
      size: null,
      color: null,
      quantity: 1,
    });
  });

  it('adds once for a double click, even when the first add has already answered', async () => {
    const plain = product({ sizes: [], colors: [] });
    const fetch = mockFetch({ '/api/products/oxford-brogue': plain, 'GET /api/saved': [], 'POST /api/bag': bag(1) });
    renderProduct(signedIn());
    const button = await screen.findByRole('button', { name: 'Add to Bag' });
    fireEvent.click(button, { detail: 1 });
    expect(await screen.findByText('Item added to your bag successfully!')).toBeTruthy();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    // The same double click's second click, after the answer: not a second add.
    fireEvent.click(button, { detail: 2 });
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    expect(posts()).toBe(1);
    // A press of its own adds again.
    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(posts()).toBe(2));
  });

  it('says Failed to add product to bag. Please try again. when it fails', async () => {
    mockFetch({
      '/api/products/oxford-brogue': product({ sizes: [], colors: [] }),
      'GET /api/saved': [],
      'POST /api/bag': () => jsonResponse({ error: 'internal', message: 'boom' }, 500),
    });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Bag' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add product to bag. Please try again.');
  });
});

describe('ProductPage variants and stock', () => {
  // 41 is sold out in every colour, 43 in Black; 42 has two left in Black and is not made in Brown.
  const stocked = () =>
    product({
      colors: ['Black', 'Brown'],
      variants: variants(['41', '42', '43'], ['Black', 'Brown'], 10, {
        '41/Black': 0,
        '41/Brown': 0,
        '42/Black': 2,
        '43/Black': 0,
      }).filter((v) => v.id !== 'v-42-Brown'),
      colorImages: [{ color: 'Brown', images: [image('brown-1'), image('brown-2')] }],
    });
  const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

  it('shows a sold-out size disabled and marked Sold out, and what is sold out given the colour', async () => {
    mockFetch({ '/api/products/oxford-brogue': stocked(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    const sold = await screen.findByRole<HTMLInputElement>('radio', { name: '41, Sold out' });
    expect(sold.disabled).toBe(true);
    expect(radio('42').disabled).toBe(false);
    fireEvent.click(radio('Black'));
    expect(radio('43, Sold out').disabled).toBe(true);
    expect(radio('42').disabled).toBe(false);
    fireEvent.click(radio('Brown'));
    fireEvent.click(radio('43'));
    expect(radio('43').checked).toBe(true);
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
  });

  it('says Only 2 left for a chosen variant with few left', async () => {
    mockFetch({ '/api/products/oxford-brogue': stocked(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('radio', { name: '42' }));
    expect(screen.queryByText('Only 2 left')).toBeNull();
    fireEvent.click(radio('Black'));
    expect(screen.getByText('Only 2 left').closest('[role="status"]')).toBeTruthy();
    fireEvent.click(radio('Brown'));
    expect(screen.queryByText('Only 2 left')).toBeNull();
  });

  it('clears a size that is not made in the colour chosen next', async () => {
    mockFetch({ '/api/products/oxford-brogue': stocked(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('radio', { name: '42' }));
    fireEvent.click(radio('Brown'));
    expect(radio('Brown').checked).toBe(true);
    expect(radio('42').checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Size' })).toBeTruthy();
  });

  it('offers a disabled Sold out instead of Add to Bag when nothing is left', async () => {
    mockFetch({
      '/api/products/oxford-brogue': product({ variants: variants(['41', '42', '43'], ['Black', 'Brown'], 0) }),
      'GET /api/saved': [],
    });
    renderProduct(signedIn());
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Sold out' });
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add to Bag' })).toBeNull();
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
  });

  it("swaps the gallery to the chosen colour's pictures, and back for a colour without any", async () => {
    mockFetch({ '/api/products/oxford-brogue': stocked(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    const firstSlide = () => screen.getAllByTestId('product-slide')[0]!.querySelector('img')!.getAttribute('src');
    await screen.findByRole('radio', { name: 'Brown' });
    expect(firstSlide()).toContain('brogue-1');
    fireEvent.click(radio('Brown'));
    expect(firstSlide()).toContain('brown-1');
    expect(screen.getByText('1 / 2')).toBeTruthy();
    fireEvent.click(radio('Black'));
    expect(firstSlide()).toContain('brogue-1');
  });

  it("shows the server's refusal (Only 1 left.) and refreshes the product", async () => {
    let reads = 0;
    mockFetch({
      '/api/products/oxford-brogue': () => {
        reads += 1;
        return jsonResponse(stocked());
      },
      'GET /api/saved': [],
      'POST /api/bag': () => jsonResponse({ error: 'validation', message: 'Only 1 left.' }, 400),
    });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('radio', { name: '43' }));
    fireEvent.click(radio('Brown'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Bag' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 left.');
    await waitFor(() => expect(reads).toBe(2));
  });

  it.each([
    'You can buy at most 5 of one item in one order.',
    'You can buy at most 20 items in one order.',
    'The last one is already in your bag.',
    'All 3 left are already in your bag.',
  ])("shows the merchant's limit as the server says it: %s", async (message) => {
    mockFetch({
      '/api/products/oxford-brogue': stocked(),
      'GET /api/saved': [],
      'POST /api/bag': () => jsonResponse({ error: 'validation', message }, 400),
    });
    renderProduct(signedIn());
    fireEvent.click(await screen.findByRole('radio', { name: '43' }));
    fireEvent.click(radio('Brown'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Bag' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Add to Bag' }).getAttribute('aria-describedby')).toContain(alert.id);
  });
});

describe('ProductPage admin edit', () => {
  it('is not offered to customers', async () => {
    mockFetch({ '/api/products/oxford-brogue': product(), 'GET /api/saved': [] });
    renderProduct(signedIn());
    await screen.findByRole('heading', { level: 1, name: 'Oxford Brogue' });
    expect(screen.queryByRole('button', { name: 'Edit Product' })).toBeNull();
  });

  it('edits name, price (as typed) and description, then says Product updated successfully!', async () => {
    const fetch = mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': [],
      'PATCH /api/products/oxford-brogue': product({ name: 'Oxford Brogue II', price: 3_000_050 }),
    });
    renderProduct(signedIn(admin));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Product' }));
    const price = await screen.findByLabelText<HTMLInputElement>('Price (₦)');
    expect(price.value).toBe('25000.00');
    expect(price.getAttribute('step')).toBe('0.01');
    expect(price.getAttribute('min')).toBe('0');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oxford Brogue II' } });
    fireEvent.change(price, { target: { value: '30000.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated successfully!')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    // (The variants it sends are ProductEditForm.test.tsx's.)
    expect(JSON.parse(patch[1]!.body as string)).toMatchObject({
      name: 'Oxford Brogue II',
      price: '30000.5',
      description: 'Hand-finished leather brogues.',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Oxford Brogue II' })).toBeTruthy();
    expect(screen.getByText('₦30,000.50')).toBeTruthy();
  });

  it('Cancel leaves edit mode without saving; a failure says Failed to update product. Please try again.', async () => {
    const fetch = mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': [],
      'PATCH /api/products/oxford-brogue': () =>
        jsonResponse({ error: 'validation', message: 'Please enter a valid price.' }, 400),
    });
    renderProduct(signedIn(admin));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Product' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Price (₦)')).toBeNull();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Product' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // The server's reason alone: it says what to fix, so no "Please try again." before it.
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid price.');
  });

  it('says what to fix for a negative price, without asking the server', async () => {
    const fetch = mockFetch({ '/api/products/oxford-brogue': product(), 'GET /api/saved': [] });
    renderProduct(signedIn(admin));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Product' }));
    fireEvent.change(await screen.findByLabelText('Price (₦)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The price cannot be negative. Enter ₦0.00 or more.');
    expect(screen.getByLabelText('Price (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('a visitor who chose a state sees delivery there for this product, and what more is free', async () => {
    window.localStorage.setItem('ankara.deliverTo', 'Lagos');
    mockFetch({ '/api/products/oxford-brogue': product(), '/api/delivery': deliveryOptions() });
    renderProduct();
    expect(await screen.findByText('Delivery to Lagos: ₦2,500.00, 1–2 working days')).toBeTruthy();
    expect(screen.getByText('Add ₦75,000.00 more for free delivery')).toBeTruthy();
    window.localStorage.clear();
  });

  it("signed in: delivery to the last address's state, for the bag with this product added", async () => {
    mockFetch({
      '/api/products/oxford-brogue': product(),
      '/api/delivery': deliveryOptions(),
      '/api/bag': bag(1),
      '/api/checkout': {
        customer: { name: 'Ada Obi', email: 'ada@example.com', phone: '' },
        address: { street: '1 Ring Road', city: 'Ibadan', state: 'oyo', country: 'Nigeria', postalCode: '200001' },
        mode: 'sandbox',
        publicKey: 'pk_test_sandbox',
      },
    });
    renderProduct(signedIn());
    expect(await screen.findByText('Delivery to Oyo: ₦4,000.00, 2–3 working days')).toBeTruthy();
    expect(screen.getByText('Add ₦100,000.00 more for free delivery')).toBeTruthy();
  });

  it('without a known state, the general promise', async () => {
    mockFetch({ '/api/products/oxford-brogue': product(), '/api/delivery': deliveryOptions() });
    renderProduct();
    expect(await screen.findByText('Delivery to every state in Nigeria')).toBeTruthy();
  });

  it('shows a sale price struck through with the percentage off', async () => {
    mockFetch({ '/api/products/oxford-brogue': product({ price: 4_000_000, compareAtPrice: 5_000_000 }) });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Oxford Brogue' });
    const summary = screen.getByText('₦40,000.00').closest('.sale-price')!;
    expect(summary.textContent).toBe('₦40,000.00Was ₦50,000.0020% off');
  });

  it("opens the collection's size guide from the size choice in a dialog, and closes it with Escape", async () => {
    const guide = {
      columns: ['EU', 'UK', 'Foot length'],
      rows: [
        ['42', '8', '26.6 cm'],
        ['43', '9', '27.3 cm'],
      ],
    };
    mockFetch({
      '/api/products/oxford-brogue': product(),
      '/api/collections': [collection({ sizeGuide: guide }), collection({ id: 'suits', name: 'Suits' })],
    });
    renderProduct();
    const sizes = await screen.findByRole('group', { name: 'Size' });
    const open = await within(sizes).findByRole('button', { name: 'Size guide' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Size guide: Formal Shoes' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['EU', 'UK', 'Foot length']);
    expect(within(dialog).getByRole('rowheader', { name: '42' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8', '26.6 cm', '9', '27.3 cm']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close size guide' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('offers no size guide when the collection has none', async () => {
    mockFetch({ '/api/products/oxford-brogue': product(), '/api/collections': [collection()] });
    renderProduct();
    await screen.findByRole('group', { name: 'Size' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Size guide' })).toBeNull());
  });
});
