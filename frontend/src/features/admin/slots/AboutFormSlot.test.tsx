import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AboutFormSlot from './AboutFormSlot';
import { imageFile, installFakeXHR, lastXhr } from '../test/fakeXhr';
import { queryKeys } from '@/lib/queryKeys';
import { image } from '@/test/fixtures';
import { admin, renderWithProviders } from '@/test/utils';
import type { About } from '@/lib/types';

const about: About = {
  title: 'Our story',
  description1: 'Founded in Lagos.',
  description2: 'Made to last.',
  image1: image('about-1'),
  image2: null,
  createdAt: 1,
  updatedAt: 1,
};

describe('About Us form', () => {
  it('is in create mode when there is no About Us yet', () => {
    installFakeXHR();
    renderWithProviders(<AboutFormSlot about={null} />, { session: { user: admin } });
    expect(screen.getByRole('heading', { name: 'Create the About Us page' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(screen.getByRole('button', { name: 'Create About Us' })).toBeTruthy();
  });

  it('is in update mode, prefilled, with the current pictures, when it exists', () => {
    installFakeXHR();
    renderWithProviders(<AboutFormSlot about={about} />, { session: { user: admin } });
    expect(screen.getByRole('heading', { name: 'Edit the About Us page' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Our story');
    expect(screen.getByLabelText<HTMLTextAreaElement>('First description').value).toBe('Founded in Lagos.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Second description').value).toBe('Made to last.');
    expect(document.querySelector('.admin-thumbs img')?.getAttribute('src')).toBe('/media/about-1-640.jpg');
    expect(screen.getByRole('button', { name: 'Update About Us' })).toBeTruthy();
  });

  it('says "Please fill in all text fields." when a text is missing', () => {
    const XHR = installFakeXHR();
    renderWithProviders(<AboutFormSlot about={about} />, { session: { user: admin } });
    fireEvent.change(screen.getByLabelText('Second description'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update About Us' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all text fields.');
    expect(XHR.requests).toHaveLength(0);
  });

  it('saves with progress at two decimals, keeps stored pictures, and refreshes the page', async () => {
    installFakeXHR();
    const { queryClient } = renderWithProviders(<AboutFormSlot about={about} />, { session: { user: admin } });
    queryClient.setQueryData(queryKeys.about, about);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Our new story' } });
    const second = imageFile('two.jpg');
    fireEvent.change(screen.getByLabelText(/Second image/), { target: { files: [second] } });
    fireEvent.click(screen.getByRole('button', { name: 'Update About Us' }));
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/about']);
    expect(xhr.headers['X-Requested-With']).toBe('ankara');
    expect(xhr.form.get('title')).toBe('Our new story');
    expect(xhr.form.get('image1')).toBeNull();
    expect(xhr.form.get('image2')).toBe(second);
    act(() => xhr.progress(4237, 10000));
    expect(screen.getByText('Uploading… 42.37%')).toBeTruthy();
    act(() => xhr.respond(200, { message: 'About Us page updated successfully' }));
    expect(await screen.findByText('About Us page updated successfully')).toBeTruthy();
    // The page above reads ['about']: it is fetched again.
    expect(queryClient.getQueryState(['about'])?.isInvalidated).toBe(true);
  });

  it('says "Error updating About Us page: " with the message on failure', async () => {
    installFakeXHR();
    renderWithProviders(<AboutFormSlot about={null} />, { session: { user: admin } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('First description'), { target: { value: 'One' } });
    fireEvent.change(screen.getByLabelText('Second description'), { target: { value: 'Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create About Us' }));
    expect(lastXhr().form.get('description2')).toBe('Two');
    act(() =>
      lastXhr().respond(413, { error: 'payload_too_large', message: 'Image file size must be less than 10MB.' }),
    );
    expect(
      await screen.findByText('Error updating About Us page: Image file size must be less than 10MB.'),
    ).toBeTruthy();
  });
});
