import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomePage from './HomePage';
import { collection, image, product, release } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

describe('HomePage', () => {
  it('shows hero, collections, new releases and featured products in order', async () => {
    mockFetch({
      '/api/hero': [image('h1'), image('h2'), image('h3')],
      '/api/collections': [collection(), collection({ id: 'suits', name: 'Suits', description: 'Two-piece suits.' })],
      '/api/releases': [release(1)],
      '/api/products/featured': [
        product(),
        product({ id: 'watch', name: 'Steel Watch', price: 1_999_999, images: [image('w')] }),
      ],
    });
    renderWithProviders(<HomePage />);
    expect(document.title).toBe('Ankara');

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Our Collections', 'New Releases', 'Featured Products']);

    const explore = await screen.findByRole('link', { name: /Explore Collection: Suits/ });
    expect(explore.getAttribute('href')).toBe('/collections/suits');
    expect(screen.getByText('Two-piece suits.')).toBeTruthy();

    // Below the fold, the featured cards come once the page has settled (useNearViewport).
    const featured = await screen.findByRole('list', { name: 'Featured Products' }, { timeout: 5000 });
    const watch = await within(featured).findByRole('link', { name: /Steel Watch/ });
    expect(watch.getAttribute('href')).toBe('/product/watch');
    expect(watch.textContent).toContain('₦19,999.99');
    expect(await screen.findByRole('heading', { name: 'Release 1' })).toBeTruthy();
  });

  it('moves to the collections when Explore is pressed', async () => {
    mockFetch({ '/api/hero': [], '/api/collections': [], '/api/releases': [], '/api/products/featured': [] });
    renderWithProviders(<HomePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Our Collections' }));
  });

  it('says why the collections are missing when they cannot be fetched', async () => {
    mockFetch({
      '/api/hero': [],
      '/api/collections': () => jsonResponse({ error: 'internal', message: 'Database unavailable' }, 500),
      '/api/releases': [],
      '/api/products/featured': [],
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Could not fetch collections: Database unavailable')).toBeTruthy();
  });
});
