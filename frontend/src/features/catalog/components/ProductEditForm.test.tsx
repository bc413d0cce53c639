import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ProductEditForm from './ProductEditForm';
import { image, product, variants } from '@/test/fixtures';
import { queryKeys } from '@/lib/queryKeys';
import { admin, createTestQueryClient, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const brogue = () =>
  product({
    sizes: ['41', '42'],
    colors: ['Black', 'Brown'],
    // 42 in Brown is not sold; 41 in Black has a SKU.
    variants: variants(['41', '42'], ['Black', 'Brown'], 4, { '41/Black': 7 })
      .filter((v) => !(v.size === '42' && v.color === 'Brown'))
      .map((v) => (v.size === '41' && v.color === 'Black' ? { ...v, sku: 'BRG-41-BLK' } : v)),
    colorImages: [{ color: 'Black', images: [image('brogue-black-1'), image('brogue-black-2')] }],
  });

function patchBody(fetch: ReturnType<typeof mockFetch>) {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
  return call ? (JSON.parse(call[1]!.body as string) as Record<string, unknown>) : null;
}

function renderForm(onSaved = vi.fn()) {
  renderWithProviders(<ProductEditForm product={brogue()} onSaved={onSaved} onCancel={vi.fn()} />, {
    session: { user: admin },
  });
  return onSaved;
}

describe('ProductEditForm variants', () => {
  it('shows each variant with its stock and SKU, and the combination not sold', () => {
    mockFetch({});
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>(/Sizes/).value).toBe('41, 42');
    expect(screen.getByLabelText<HTMLInputElement>(/Colours/).value).toBe('Black, Brown');
    expect(screen.getByLabelText<HTMLInputElement>('Stock for 41, Black').value).toBe('7');
    expect(screen.getByLabelText<HTMLInputElement>('SKU for 41, Black').value).toBe('BRG-41-BLK');
    expect(screen.getByLabelText<HTMLInputElement>('Stock for 42, Black').value).toBe('4');
    expect(screen.queryByLabelText('Stock for 42, Brown')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sell 42, Brown again' })).toBeTruthy();
  });

  it('sends the variants with the PATCH: changed stock, a new size, a combination taken out', async () => {
    const fetch = mockFetch({ 'PATCH /api/products/oxford-brogue': brogue() });
    const onSaved = renderForm();
    fireEvent.change(screen.getByLabelText('Stock for 41, Black'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Sizes/), { target: { value: '41, 42, 43' } });
    fireEvent.change(screen.getByLabelText('Stock for 43, Black'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop selling 41, Brown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patchBody(fetch)).toEqual({
      name: 'Oxford Brogue',
      price: '25000.00',
      compareAtPrice: null,
      description: 'Hand-finished leather brogues.',
      category: 'Shoes',
      variants: [
        { size: '41', color: 'Black', sku: 'BRG-41-BLK', stock: 12 },
        { size: '42', color: 'Black', sku: null, stock: 4 },
        { size: '43', color: 'Black', sku: null, stock: 3 },
        { size: '43', color: 'Brown', sku: null, stock: 0 },
      ],
    });
  });

  it('changes the category and the collection, and removes the category when emptied', async () => {
    const fetch = mockFetch({
      'PATCH /api/products/oxford-brogue': brogue(),
      '/api/collections': [
        { id: 'formal-shoes', name: 'Formal Shoes' },
        { id: 'sneakers', name: 'Sneakers' },
      ],
    });
    const onSaved = renderForm();
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: '  ' } });
    await screen.findByRole('option', { name: 'Sneakers' });
    fireEvent.change(screen.getByLabelText('Collection'), { target: { value: 'sneakers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patchBody(fetch)).toMatchObject({ category: null, collectionId: 'sneakers' });
  });

  it('checks stock and SKUs as the server does, before sending', () => {
    const fetch = mockFetch({});
    renderForm();
    fireEvent.change(screen.getByLabelText('Stock for 42, Black'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Stock must be a whole number from 0 to 1000000. (42, Black)');
    fireEvent.change(screen.getByLabelText('Stock for 42, Black'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('SKU for 42, Black'), { target: { value: 'BRG-41-BLK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Each variant needs its own SKU.');
    expect(patchBody(fetch)).toBeNull();
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'PATCH /api/products/oxford-brogue': () =>
        jsonResponse({ error: 'conflict', message: 'The SKU BRG-41-BLK is already used by another variant.' }, 409),
    });
    const onSaved = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The SKU BRG-41-BLK is already used by another variant.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ProductEditForm colour pictures', () => {
  it('shows the current pictures and replaces one colour\u2019s with PUT color-images', async () => {
    const fetch = mockFetch({
      'PUT /api/products/oxford-brogue/color-images': {
        ...brogue(),
        colorImages: [
          { color: 'Black', images: [image('brogue-black-1'), image('brogue-black-2')] },
          { color: 'Brown', images: [image('brogue-brown-1')] },
        ],
      },
    });
    renderForm();
    const pictures = screen.getByRole('region', { name: 'Pictures by colour' });
    expect(within(pictures).getAllByRole('img', { name: /Black, picture/ })).toHaveLength(2);
    fireEvent.click(within(pictures).getByRole('button', { name: 'Upload pictures of Brown' }));
    expect(within(pictures).getByRole('alert').textContent).toBe('Choose one or more pictures first.');

    const file = new File(['x'], 'brown.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(pictures).getByLabelText('New pictures for Brown'), { target: { files: [file] } });
    fireEvent.click(within(pictures).getByRole('button', { name: 'Upload pictures of Brown' }));
    expect((await within(pictures).findByRole('status')).textContent).toBe('Pictures saved.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const form = put[1]!.body as FormData;
    expect(form.get('color')).toBe('Brown');
    expect(form.getAll('images')).toEqual([file]);
  });

  it('removes a colour\u2019s pictures by sending none', async () => {
    const fetch = mockFetch({ 'PUT /api/products/oxford-brogue/color-images': { ...brogue(), colorImages: [] } });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove pictures of Black' }));
    const pictures = screen.getByRole('region', { name: 'Pictures by colour' });
    expect((await within(pictures).findByRole('status')).textContent).toBe(
      'Pictures removed: this colour shows the main pictures.',
    );
    const form = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')![1]!.body as FormData;
    expect([form.get('color'), form.getAll('images')]).toEqual(['Black', []]);
  });
});

describe('ProductEditForm sale price', () => {
  it('sends the compare-at price as typed, and empty to end the sale', async () => {
    const fetch = mockFetch({ 'PATCH /api/products/oxford-brogue': brogue() });
    const onSaved = renderForm();
    const compareAt = screen.getByLabelText<HTMLInputElement>(/Compare-at price/);
    expect(compareAt.value).toBe('');
    fireEvent.change(compareAt, { target: { value: '31250.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patchBody(fetch)).toMatchObject({ price: '25000.00', compareAtPrice: '31250.50' });
  });

  it("starts from the product's compare-at price and refuses one not above the price before sending", () => {
    const fetch = mockFetch({});
    renderWithProviders(
      <ProductEditForm product={{ ...brogue(), compareAtPrice: 3_000_000 }} onSaved={vi.fn()} onCancel={vi.fn()} />,
      { session: { user: admin } },
    );
    const compareAt = screen.getByLabelText<HTMLInputElement>(/Compare-at price/);
    expect(compareAt.value).toBe('30000.00');
    fireEvent.change(compareAt, { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The compare-at price must be above the price: it is what the product cost before the sale. Clear it to end the sale.',
    );
    expect(compareAt.getAttribute('aria-invalid')).toBe('true');
    expect(patchBody(fetch)).toBeNull();
  });
});

describe('ProductEditForm photos', () => {
  const url = (name: string) => `/media/${name}-640.jpg`;
  /** The photos as listed, by their thumbnails' address (a chosen file by its name). */
  const listed = () =>
    within(screen.getByRole('list', { name: /^Photos/ }))
      .getAllByRole('img')
      .map((img) => {
        const src = img.getAttribute('src');
        return src?.startsWith('/media/') ? src : (img.getAttribute('alt') ?? img.getAttribute('aria-label'));
      });
  const put = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls.find(([, init]) => init?.method === 'PUT' && init.body instanceof FormData)?.[1]?.body as
      FormData | undefined;
  /** The PUT's fields as sent: the order as a list, and the files by name. */
  const putFields = (fetch: ReturnType<typeof mockFetch>) => {
    const form = put(fetch)!;
    return {
      order: JSON.parse(form.get('order') as string) as string[],
      images: form.getAll('images').map((f) => (f as File).name),
    };
  };
  const methods = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls.map(([, init]) => init?.method ?? 'GET').filter((m) => m !== 'GET');
  const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

  it('lists the photos in order, the first as the card picture, and moves them with the buttons', () => {
    mockFetch({});
    renderForm();
    expect(listed()).toEqual([url('brogue-1'), url('brogue-2'), url('brogue-3')]);
    const items = within(screen.getByRole('list', { name: /^Photos/ })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Card picture')).toBeTruthy();
    expect(within(items[1]!).queryByText('Card picture')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move up (photo 1)' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move down (photo 3)' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move up (photo 2)' }));
    expect(listed()).toEqual([url('brogue-2'), url('brogue-1'), url('brogue-3')]);
    expect(screen.getByRole('status').textContent).toBe('Photo 2 moved to position 1.');
    // The moved photo keeps the focus: at the top, on its Move down button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down (photo 1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down (photo 1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down (photo 2)' }));
    expect(listed()).toEqual([url('brogue-1'), url('brogue-3'), url('brogue-2')]);
  });

  it('reorders by drag and drop', () => {
    mockFetch({});
    renderForm();
    const items = within(screen.getByRole('list', { name: /^Photos/ })).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.dragEnter(items[0]!, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    expect(listed()).toEqual([url('brogue-3'), url('brogue-1'), url('brogue-2')]);
  });

  it('saves a move and a removal in one PUT before the PATCH, and refreshes the product', async () => {
    const saved = { ...brogue(), images: [image('brogue-2'), image('brogue-1')] };
    const fetch = mockFetch({
      'PUT /api/products/oxford-brogue/images': saved,
      'PATCH /api/products/oxford-brogue': saved,
    });
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.products.featured, [brogue()]);
    const onSaved = vi.fn();
    renderWithProviders(<ProductEditForm product={brogue()} onSaved={onSaved} onCancel={vi.fn()} />, {
      session: { user: admin },
      client,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move up (photo 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(listed()).toEqual([url('brogue-2'), url('brogue-1')]);
    // The focus is not lost with the removed photo: the last one left takes it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(methods(fetch)).toEqual(['PUT', 'PATCH']);
    expect(putFields(fetch)).toEqual({ order: [url('brogue-2'), url('brogue-1')], images: [] });
    expect(client.getQueryData(queryKeys.products.detail('oxford-brogue'))).toEqual(saved);
    expect(client.getQueryState(queryKeys.products.featured)?.isInvalidated).toBe(true);
  });

  it('sends added and replacing files as "new" entries, the files in their order', async () => {
    const fetch = mockFetch({
      'PUT /api/products/oxford-brogue/images': brogue(),
      'PATCH /api/products/oxford-brogue': brogue(),
    });
    const onSaved = renderForm();
    fireEvent.change(screen.getByLabelText('New file for photo 1'), { target: { files: [jpeg('front.jpg')] } });
    fireEvent.change(screen.getByLabelText('Photos to add'), {
      target: { files: [jpeg('side.jpg'), jpeg('sole.jpg')] },
    });
    expect(screen.getByRole('status').textContent).toBe('Added 2 photos.');
    fireEvent.click(screen.getByRole('button', { name: 'Move up (photo 5)' }));
    expect(listed()).toEqual([
      'Photo 1: front.jpg',
      url('brogue-2'),
      url('brogue-3'),
      'Photo 4: sole.jpg',
      'Photo 5: side.jpg',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(putFields(fetch)).toEqual({
      order: ['new', url('brogue-2'), url('brogue-3'), 'new', 'new'],
      images: ['front.jpg', 'sole.jpg', 'side.jpg'],
    });
  });

  it('adds at most eight photos in all and refuses a file that is not a picture', () => {
    mockFetch({});
    renderForm();
    const files = Array.from({ length: 6 }, (_, i) => jpeg(`extra-${i}.jpg`));
    fireEvent.change(screen.getByLabelText('Photos to add'), { target: { files } });
    expect(screen.getByRole('alert').textContent).toBe('Added 5 of 6: a product may have at most 8 photos.');
    expect(listed()).toHaveLength(8);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add photos' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New file for photo 2'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('Selected file must be an image.');
    expect(listed()[1]).toBe(url('brogue-2'));
  });

  it('sends no photos when they did not change', async () => {
    const fetch = mockFetch({ 'PATCH /api/products/oxford-brogue': brogue() });
    const onSaved = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Move up (photo 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move down (photo 1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(methods(fetch)).toEqual(['PATCH']);
  });

  it('refuses to save without a photo, before sending', () => {
    const fetch = mockFetch({});
    renderForm();
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('A product needs at least one photo.');
    expect(methods(fetch)).toEqual([]);
  });

  it("shows the server's refusal of the photos in the form's error box and saves nothing else", async () => {
    const fetch = mockFetch({
      'PUT /api/products/oxford-brogue/images': () =>
        jsonResponse(
          { error: 'conflict', message: "The product's photos changed meanwhile. Reload the page and try again." },
          409,
        ),
    });
    const onSaved = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The product's photos changed meanwhile. Reload the page and try again.",
    );
    expect(methods(fetch)).toEqual(['PUT']);
    expect(onSaved).not.toHaveBeenCalled();
    expect(listed()).toEqual([url('brogue-1'), url('brogue-3')]);
  });
});
