import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CollectionFormSlot from './CollectionFormSlot';
import { imageFile, installFakeXHR, lastXhr } from '../test/fakeXhr';
import { collection } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const suits = collection({ id: 'suits', name: 'Suits', description: 'Two-piece suits.' });

function setup() {
  const fetchMock = mockFetch({ '/api/collections': [collection(), suits] });
  const XHR = installFakeXHR();
  const view = renderWithProviders(<CollectionFormSlot />, { session: { user: admin } });
  return { ...view, fetchMock, XHR };
}

function form() {
  return screen.getByRole('form', { name: 'Add a collection' });
}

describe('collection form', () => {
  it('asks for every field when adding, image included', async () => {
    const { XHR } = setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Agbada' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Flowing robes.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Collection' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(XHR.requests).toHaveLength(0);
  });

  it('adds a collection with an idempotency key and says so', async () => {
    const { XHR, fetchMock } = setup();
    await screen.findByRole('option', { name: 'Suits' });
    const image = imageFile('agbada.jpg');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Agbada ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Flowing robes.' } });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [image] } });
    fireEvent.submit(form());
    // A second submit while the first is in flight sends nothing more.
    fireEvent.submit(form());
    expect(XHR.requests).toHaveLength(1);
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/collections']);
    expect(xhr.headers['X-Requested-With']).toBe('ankara');
    expect(xhr.headers['Idempotency-Key']).toMatch(/.{8,}/);
    expect(xhr.form.get('name')).toBe('Agbada');
    expect(xhr.form.get('description')).toBe('Flowing robes.');
    expect(xhr.form.get('image')).toBe(image);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving...' }).disabled).toBe(true);
    act(() => xhr.progress(42, 100));
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    act(() =>
      xhr.respond(201, {
        message: 'New collection added successfully',
        collection: collection({ id: 'agbada', name: 'Agbada' }),
      }),
    );
    expect(await screen.findByText('New collection added successfully')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('New collection added successfully');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    // The collections list is fetched again, so the new one shows on the page.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/collections')).toHaveLength(2));
  });

  it('edits an existing collection without a new image', async () => {
    setup();
    const select = await screen.findByLabelText('Collection');
    await within(select).findByRole('option', { name: 'Suits' });
    fireEvent.change(select, { target: { value: 'suits' } });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Suits');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Two-piece suits.');
    expect(screen.getByText('Current image (kept unless you choose a new one)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Sharp suits.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Collection' }));
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/collections/suits']);
    expect(xhr.headers['Idempotency-Key']).toBeUndefined();
    expect(xhr.form.get('image')).toBeNull();
    act(() =>
      xhr.respond(200, {
        message: 'Collection updated successfully',
        collection: { ...suits, description: 'Sharp suits.' },
      }),
    );
    expect(await screen.findByText('Collection updated successfully')).toBeTruthy();
  });

  it('says "Please fill in all fields." when editing without a name', async () => {
    setup();
    const select = await screen.findByLabelText('Collection');
    await within(select).findByRole('option', { name: 'Suits' });
    fireEvent.change(select, { target: { value: 'suits' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Collection' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
  });

  it('says "Could not add document" when adding fails, and the server\'s message for a taken name', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Suits' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Again' } });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [imageFile()] } });
    fireEvent.submit(form());
    act(() => lastXhr().respond(409, { error: 'conflict', message: 'A collection with this name already exists.' }));
    expect(await screen.findByText('A collection with this name already exists.')).toBeTruthy();

    fireEvent.submit(form());
    act(() => lastXhr().respond(500, { error: 'internal', message: 'disk full' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not add document'));
  });

  it('says why the collections could not be fetched', async () => {
    mockFetch({ '/api/collections': () => jsonResponse({ error: 'internal', message: 'Database unavailable' }, 500) });
    renderWithProviders(<CollectionFormSlot />, { session: { user: admin } });
    expect(await screen.findByText('Could not fetch collections: Database unavailable')).toBeTruthy();
  });
});
