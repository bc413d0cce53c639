import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AddProductSlot from './AddProductSlot';
import { imageFile, installFakeXHR, lastXhr } from '../test/fakeXhr';
import { product } from '@/test/fixtures';
import { admin, renderWithProviders } from '@/test/utils';

function setup() {
  const XHR = installFakeXHR();
  renderWithProviders(<AddProductSlot collectionId="formal-shoes" />, { session: { user: admin } });
  return XHR;
}

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Suede Loafer' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Soft suede.' } });
  fireEvent.change(screen.getByLabelText('Price (₦)'), { target: { value: '45000.50' } });
}

describe('add product', () => {
  it('opens with Add Product and closes with Cancel', () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Add Product' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Cancel');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Add Product' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Add Product');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks for name, description, price and at least one image', () => {
    const XHR = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fill();
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    fireEvent.change(screen.getByLabelText('Images'), {
      target: { files: [imageFile(), imageFile('x.gif', 'application/zip')] },
    });
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));
    expect(screen.getByRole('alert').textContent).toBe('Selected file must be an image.');
    expect(XHR.requests).toHaveLength(0);
  });

  it('uploads with a whole-percent progress bar, locks the form meanwhile, then closes', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fill();
    fireEvent.change(screen.getByLabelText(/Category/), { target: { value: 'Loafers' } });
    fireEvent.change(screen.getByLabelText(/Sizes/), { target: { value: '41, 42' } });
    fireEvent.change(screen.getByLabelText(/Colours/), { target: { value: 'Tan' } });
    const images = [imageFile('a.jpg'), imageFile('b.png', 'image/png')];
    const input = screen.getByLabelText<HTMLInputElement>('Images');
    expect([input.multiple, input.accept]).toEqual([true, 'image/*']);
    fireEvent.change(input, { target: { files: images } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));

    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/collections/formal-shoes/products']);
    expect(xhr.headers['X-Requested-With']).toBe('ankara');
    expect(xhr.headers['Idempotency-Key']).toBeTruthy();
    expect(xhr.form.get('price')).toBe('45000.50');
    expect(xhr.form.get('category')).toBe('Loafers');
    expect(xhr.form.get('sizes')).toBe('41, 42');
    expect(xhr.form.get('colors')).toBe('Tan');
    expect(JSON.parse(xhr.form.get('variants') as string)).toEqual([
      { size: '41', color: 'Tan', sku: null, stock: 0 },
      { size: '42', color: 'Tan', sku: null, stock: 0 },
    ]);
    expect(xhr.form.getAll('images')).toEqual(images);

    act(() => xhr.progress(4237, 10000));
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42.37');
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' }).disabled).toBe(true);

    act(() => xhr.respond(201, product({ id: 'suede', name: 'Suede Loafer' })));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Product added successfully: Suede Loafer');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeTruthy();
  });

  it('says "Error adding product: " with the message, and keeps what was typed', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fill();
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [imageFile()] } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));
    act(() => lastXhr().respond(400, { error: 'validation', message: 'The picture could not be read.' }));
    expect(await screen.findByText('Error adding product: The picture could not be read.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Suede Loafer');
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(false);
  });

  it('sends the variant grid: stock and SKU per size × colour, without the combinations taken out', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    fill();
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [imageFile()] } });
    fireEvent.change(screen.getByLabelText(/Sizes/), { target: { value: '41, 42' } });
    fireEvent.change(screen.getByLabelText(/Colours/), { target: { value: 'Black, Tan' } });
    expect(screen.getAllByRole('row')).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Stock for 41, Black'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('SKU for 41, Black'), { target: { value: 'LOAF-41-BLK' } });
    fireEvent.change(screen.getByLabelText('Stock for 42, Tan'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop selling 41, Tan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop selling 42, Black' }));
    expect(screen.getByRole('button', { name: 'Sell 41, Tan again' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Stock for 42, Tan'), { target: { value: '2.5' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));
    expect(screen.getByRole('alert').textContent).toBe('Stock must be a whole number from 0 to 1000000. (42, Tan)');

    fireEvent.change(screen.getByLabelText('Stock for 42, Tan'), { target: { value: '2' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add Product' }));
    const xhr = lastXhr();
    expect(JSON.parse(xhr.form.get('variants') as string)).toEqual([
      { size: '41', color: 'Black', sku: 'LOAF-41-BLK', stock: 5 },
      { size: '42', color: 'Tan', sku: null, stock: 2 },
    ]);
    expect([xhr.form.get('sizes'), xhr.form.get('colors')]).toEqual(['41, 42', 'Black, Tan']);
  });
});
