import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomePage from './HomePage';
import { collection, image, product, release, seedHome } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

describe('HomePage', () => {
  it('shows hero, collections, new releases and featured products in order', async () => {
    mockFetch({
      '/api/home': seedHome(),
      '/api/collections': [collection(), collection({ id: 'suits', name: 'Suits', description: 'Two-piece suits.' })],
      '/api/releases': [release(1)],
      '/api/products/featured': [
        product(),
        product({ id: 'watch', name: 'Steel Watch', price: 1_999_999, images: [image('w')] }),
      ],
    });
    renderWithProviders(<HomePage />);
    expect(document.title).toBe('Ankara');
    await screen.findByRole('heading', { level: 2, name: 'Our Collections' });

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
    mockFetch({ '/api/home': seedHome([]), '/api/collections': [], '/api/releases': [], '/api/products/featured': [] });
    renderWithProviders(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Explore' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Our Collections' }));
  });

  it('says why the collections are missing when they cannot be fetched', async () => {
    mockFetch({
      '/api/home': seedHome([]),
      '/api/collections': () => jsonResponse({ error: 'internal', message: 'Database unavailable' }, 500),
      '/api/releases': [],
      '/api/products/featured': [],
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('Could not fetch collections: Database unavailable')).toBeTruthy();
  });

  it("draws the merchant's own sections in her order, her words and links", async () => {
    mockFetch({
      '/api/home': {
        sections: [
          { type: 'announcement', text: 'Free delivery in Lagos over ₦50,000', href: '/pages/shipping' },
          {
            type: 'hero',
            slides: [
              {
                picture: image('s1'),
                kicker: 'New in',
                line: 'Adire maxi dresses',
                button: { label: 'Shop dresses', href: '/collections/dresses' },
              },
            ],
          },
          { type: 'featured', heading: 'Loved by Lagos', blurb: 'Our picks.' },
          {
            type: 'banner',
            picture: image('b1'),
            heading: 'Made to measure',
            text: 'Book a fitting.',
            button: { label: 'Read more', href: '/pages/fittings' },
          },
          { type: 'whatsapp', heading: 'Order on WhatsApp', text: 'We reply fast.', number: '2348035550100' },
        ],
      },
      '/api/products/featured': [],
    });
    renderWithProviders(<HomePage />);
    const announcement = await screen.findByRole('link', { name: 'Free delivery in Lagos over ₦50,000' });
    expect(announcement.getAttribute('href')).toBe('/pages/shipping');
    expect(screen.getByRole('link', { name: 'Shop dresses' }).getAttribute('href')).toBe('/collections/dresses');
    expect(screen.getByText('Adire maxi dresses')).toBeTruthy();
    // One slide: no dots, no pause button.
    expect(screen.queryByRole('button', { name: 'Go to slide 1' })).toBeNull();
    // The banners come in their own chunk.
    await screen.findByRole('heading', { level: 2, name: 'Order on WhatsApp' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Loved by Lagos', 'Made to measure', 'Order on WhatsApp']);
    expect(screen.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe('/pages/fittings');
    expect(screen.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/2348035550100',
    );
    expect(screen.queryByText(/Our Collections|Ankara stylists/)).toBeNull();
  });

  it('keeps a heading with the shop name when the merchant has no hero', async () => {
    mockFetch({ '/api/home': { sections: [{ type: 'releases' }] }, '/api/releases': [] });
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ankara' })).toBeTruthy();
  });
});
