import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AddReleaseSlot from './AddReleaseSlot';
import { imageFile, installFakeXHR, lastXhr } from '../test/fakeXhr';
import { queryKeys } from '@/lib/queryKeys';
import { collection, product, release } from '@/test/fixtures';
import { admin, mockFetch, renderWithProviders } from '@/test/utils';
import type { Release } from '@/lib/types';

const suits = collection({ id: 'suits', name: 'Suits' });
const navy = product({ id: 'navy-suit', name: 'Navy Suit', price: 25_000_050, collectionId: 'suits' });

function setup() {
  mockFetch({
    '/api/collections': [collection(), suits],
    '/api/collections/suits': { collection: suits, products: [navy], page: 1, pageSize: 24, total: 1 },
  });
  const XHR = installFakeXHR();
  const view = renderWithProviders(<AddReleaseSlot />, { session: { user: admin } });
  view.queryClient.setQueryData<Release[]>(queryKeys.releases, [release(1)]);
  return { ...view, XHR };
}

async function fillAll() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Harmattan Edit' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Linen for the dry season.' } });
  const collectionSelect = screen.getByLabelText('Collection');
  await within(collectionSelect).findByRole('option', { name: 'Suits' });
  fireEvent.change(collectionSelect, { target: { value: 'suits' } });
  const productSelect = screen.getByLabelText('Product');
  await within(productSelect).findByRole('option', { name: /Navy Suit/ });
  fireEvent.change(productSelect, { target: { value: 'navy-suit' } });
}

describe('add release form', () => {
  it('asks for every field', async () => {
    const { XHR } = setup();
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Add Release' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(XHR.requests).toHaveLength(0);
  });

  it('refuses a background that is not an image', async () => {
    setup();
    await fillAll();
    fireEvent.change(screen.getByLabelText('Background image'), {
      target: { files: [imageFile('a.txt', 'text/plain')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Release' }));
    expect(screen.getByRole('alert').textContent).toBe('Selected file must be an image.');
    expect(screen.getByLabelText<HTMLInputElement>('Background image').accept).toBe('image/*');
  });

  it("offers the collection's products, starts the price from the product's, and posts the release", async () => {
    const { queryClient } = setup();
    await fillAll();
    // The product's own price as a starting point, in naira as typed.
    expect(screen.getByLabelText<HTMLInputElement>('Price (₦)').value).toBe('250000.50');
    fireEvent.change(screen.getByLabelText('Price (₦)'), { target: { value: '199999.99' } });
    const price = screen.getByLabelText<HTMLInputElement>('Price (₦)');
    expect([price.type, price.step]).toEqual(['number', '0.01']);
    const image = imageFile('bg.jpg');
    fireEvent.change(screen.getByLabelText('Background image'), { target: { files: [image] } });
    fireEvent.click(screen.getByLabelText('Featured'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Release' }));

    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/releases']);
    expect(xhr.headers['Idempotency-Key']).toBeTruthy();
    expect(
      Object.fromEntries(
        ['name', 'description', 'price', 'collectionId', 'productId', 'featured'].map((k) => [k, xhr.form.get(k)]),
      ),
    ).toEqual({
      name: 'Harmattan Edit',
      description: 'Linen for the dry season.',
      price: '199999.99',
      collectionId: 'suits',
      productId: 'navy-suit',
      featured: 'on',
    });
    expect(xhr.form.get('image')).toBe(image);
    const added = release(9, { name: 'Harmattan Edit' });
    act(() => xhr.respond(201, added));
    expect(await screen.findByText('New release added successfully')).toBeTruthy();
    // The showcase shows it at once: first in the releases cache.
    expect(queryClient.getQueryData<Release[]>(queryKeys.releases)?.[0]?.name).toBe('Harmattan Edit');
  });

  it('sends no featured field when unchecked, and says "Error adding release: " with the message on failure', async () => {
    setup();
    await fillAll();
    fireEvent.change(screen.getByLabelText('Background image'), { target: { files: [imageFile()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Release' }));
    const xhr = lastXhr();
    expect(xhr.form.get('featured')).toBeNull();
    act(() => xhr.respond(400, { error: 'validation', message: 'The product is not in the chosen collection.' }));
    expect(await screen.findByText('Error adding release: The product is not in the chosen collection.')).toBeTruthy();
  });
});
