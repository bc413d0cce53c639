import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ReviewsPage from './ReviewsPage';
import { Sidebar } from '@/components/Sidebar';
import type { AdminReview } from '@/lib/types';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 'rv-1',
    productId: 'oxford-brogue',
    productName: 'Oxford Brogue',
    rating: 4,
    title: 'Smart and comfortable',
    body: 'Wore them to a wedding in Ikoyi.\nNo blisters.',
    author: 'Adaeze O.',
    customerEmail: 'adaeze@example.com',
    verified: true,
    hidden: false,
    createdAt: Date.UTC(2026, 10, 20, 10),
    updatedAt: Date.UTC(2026, 10, 20, 10),
    ...overrides,
  };
}

/** The server: lists by `hidden` and page (10 a page), and PATCH hides or unhides. */
function server(start: AdminReview[], total = start.length) {
  let reviews = start;
  const fetch = mockFetch({
    '/api/admin/reviews': (url) => {
      const hidden = url.searchParams.get('hidden');
      const shown = hidden === null ? reviews : reviews.filter((r) => String(r.hidden) === hidden);
      return jsonResponse({ reviews: shown, page: Number(url.searchParams.get('page') ?? 1), pageSize: 10, total });
    },
    'PATCH /api/admin/reviews/rv-1': (_url, init) => {
      const { hidden } = JSON.parse(init!.body as string) as { hidden: boolean };
      reviews = reviews.map((r) => (r.id === 'rv-1' ? { ...r, hidden } : r));
      return jsonResponse(reviews.find((r) => r.id === 'rv-1'));
    },
    'PATCH /api/admin/reviews/rv-2': () => jsonResponse({ error: 'not_found', message: 'Review not found.' }, 404),
  });
  return fetch;
}

const patches = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([path, init]) => [path, init!.body]);

describe('reviews moderation', () => {
  it('lists each review with its product, stars, words, author, e-mail and date', async () => {
    server([
      review(),
      review({ id: 'rv-2', rating: 1, title: null, body: null, author: 'Tunde B.', verified: false, hidden: true }),
    ]);
    renderWithProviders(<ReviewsPage />, { path: '/admin/reviews', session: { user: admin } });
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Oxford Brogue' }).getAttribute('href')).toBe(
      '/product/oxford-brogue',
    );
    expect(within(first!).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(first!).getByRole('heading', { name: 'Smart and comfortable' })).toBeTruthy();
    expect(within(first!).getByText(/Wore them to a wedding in Ikoyi/)).toBeTruthy();
    expect(within(first!).getByText(/Adaeze O\./)).toBeTruthy();
    expect(within(first!).getByText(/Verified purchase/)).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'adaeze@example.com' }).getAttribute('href')).toBe(
      'mailto:adaeze@example.com',
    );
    expect(within(first!).getByText(/20 Nov 2026/)).toBeTruthy();
    expect(within(first!).queryByText('Hidden')).toBeNull();
    expect(within(first!).getByRole('button', { name: 'Hide “Smart and comfortable”' })).toBeTruthy();

    expect(within(second!).getByText('Hidden')).toBeTruthy();
    expect(within(second!).getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Unhide Tunde B.’s review' })).toBeTruthy();
    expect(within(second!).queryByText(/Verified purchase/)).toBeNull();
    expect(screen.getByText('2 reviews')).toBeTruthy();
    expect(document.title).toBe('Reviews — Ankara');
  });

  it('hides a review, then unhides it, in place; a double click sends once', async () => {
    const fetch = server([review()]);
    renderWithProviders(<ReviewsPage />, { path: '/admin/reviews?show=visible', session: { user: admin } });
    const hide = await screen.findByRole('button', { name: /^Hide/ });
    fireEvent.click(hide);
    fireEvent.click(hide);
    const unhide = await screen.findByRole('button', { name: /^Unhide/ });
    // It stays on the Visible list, marked Hidden, so it can be put back at once.
    const card = unhide.closest('li')!;
    expect(within(card).getByText('Hidden')).toBeTruthy();
    expect(card.className).toContain('is-hidden');
    fireEvent.click(unhide);
    await screen.findByRole('button', { name: /^Hide/ });
    expect(within(card).queryByText('Hidden')).toBeNull();
    expect(patches(fetch)).toEqual([
      ['/api/admin/reviews/rv-1', JSON.stringify({ hidden: true })],
      ['/api/admin/reviews/rv-1', JSON.stringify({ hidden: false })],
    ]);
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/reviews?hidden=false');
  });

  it('shows a refused change on the review', async () => {
    server([review({ id: 'rv-2' })]);
    renderWithProviders(<ReviewsPage />, { path: '/admin/reviews', session: { user: admin } });
    fireEvent.click(await screen.findByRole('button', { name: /^Hide/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Review not found.');
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Hide/ }).disabled).toBe(false));
  });

  it('filters All / Visible / Hidden and pages through the address', async () => {
    const fetch = server(
      Array.from({ length: 10 }, (_, i) => review({ id: `rv-${i + 10}`, hidden: true })),
      23,
    );
    const { currentLocation } = renderWithProviders(<ReviewsPage />, {
      path: '/admin/reviews',
      session: { user: admin },
    });
    const filter = await screen.findByRole('navigation', { name: 'Filter reviews' });
    const links = within(filter).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All', '/admin/reviews'],
      ['Visible', '/admin/reviews?show=visible'],
      ['Hidden', '/admin/reviews?show=hidden'],
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    fireEvent.click(links[2]!);
    await waitFor(() => expect(currentLocation()).toBe('/admin/reviews?show=hidden'));
    await waitFor(() => expect(fetch.mock.calls.map(([p]) => p)).toContain('/api/admin/reviews?hidden=true'));
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    const next = within(pages).getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/admin/reviews?show=hidden&page=2');
    fireEvent.click(next);
    await waitFor(() => expect(fetch.mock.calls.map(([p]) => p)).toContain('/api/admin/reviews?hidden=true&page=2'));
    expect(await within(pages).findByText('Page 2 of 3')).toBeTruthy();
  });

  it('says when there is nothing to show', async () => {
    server([]);
    renderWithProviders(<ReviewsPage />, { path: '/admin/reviews?show=hidden', session: { user: admin } });
    expect(await screen.findByText('No hidden reviews.')).toBeTruthy();
  });

  it('is linked from the sidebar for admins only', () => {
    const { unmount } = renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={{ current: null }} />, {
      session: { user: admin },
    });
    expect(screen.getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/admin/reviews');
    unmount();
    renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={{ current: null }} />, {
      session: { user: customer },
    });
    expect(screen.queryByRole('link', { name: 'Reviews' })).toBeNull();
  });
});
