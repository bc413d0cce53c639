import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import ProductPage from './ProductPage';
import type { Session } from '@/lib/types';
import { product, review, reviewPage } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function renderProduct(session: Partial<Session> = { user: null }) {
  return renderWithProviders(
    <Route path="/product/:id">
      <ProductPage />
    </Route>,
    { path: '/product/oxford-brogue', session },
  );
}

const REVIEWS = '/api/products/oxford-brogue/reviews';

// jsdom has no scrollIntoView: a test that records it puts it back as it was.
const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  window.history.replaceState(null, '', '/');
  if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('ProductPage reviews', () => {
  it('links the rating near the title to the reviews, and says "No reviews yet" without any', async () => {
    mockFetch({ '/api/products/oxford-brogue': product({ rating: 0, reviewCount: 0 }), [REVIEWS]: reviewPage([]) });
    renderProduct();
    const link = await screen.findByRole('link', { name: 'No reviews yet' });
    expect(link.getAttribute('href')).toBe('#reviews');
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(section.id).toBe('reviews');
    expect(await within(section).findByRole('link', { name: 'Sign in to write a review' })).toBeTruthy();
  });

  it('a customer’s new review changes the average and the count near the title', async () => {
    const user = userEvent.setup();
    let current = product({ rating: 5, reviewCount: 1 });
    const mine = review({ id: 'mine', rating: 1, title: null, body: null, author: 'Ada O.' });
    mockFetch({
      '/api/products/oxford-brogue': () => jsonResponse(current),
      'GET /api/saved': [],
      'GET /api/bag': { items: [], count: 0, total: 0, canCheckout: true },
      [REVIEWS]: reviewPage([review()], { canReview: true }),
      'PUT /api/products/oxford-brogue/review': () => {
        current = product({ rating: 3, reviewCount: 2 });
        return jsonResponse(reviewPage([mine, review()], { mine, canReview: true }));
      },
    });
    renderProduct({ user: customer });
    const near = await screen.findByRole('link', { name: /^Rated 5 out of 5/ });
    expect(within(near).getByText('1 review')).toBeTruthy();

    const section = screen.getByRole('region', { name: 'Reviews' });
    await user.click(await within(section).findByRole('button', { name: 'Write a review' }));
    await user.click(within(section).getByRole('radio', { name: '1 star' }));
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    const updated = await screen.findByRole('link', { name: /^Rated 3 out of 5/ });
    expect(within(updated).getByText('2 reviews')).toBeTruthy();
    expect(within(section).getByText('Based on 2 reviews')).toBeTruthy();
  });

  it('opened at #reviews: scrolls there, loads at once and opens the form for a customer who may review', async () => {
    window.history.replaceState(null, '', '/product/oxford-brogue#reviews');
    const scrolled: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      writable: true,
      value: vi.fn(function (this: Element) {
        scrolled.push(this);
      }),
    });
    mockFetch({
      '/api/products/oxford-brogue': product(),
      'GET /api/saved': [],
      'GET /api/bag': { items: [], count: 0, total: 0, canCheckout: true },
      [REVIEWS]: reviewPage([], { canReview: true }),
    });
    renderProduct({ user: customer });
    expect(await screen.findByRole('form', { name: 'Write a review' })).toBeTruthy();
    await waitFor(() => expect(scrolled.map((e) => e.id)).toContain('reviews'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Reviews' }));
  });

  it('waits to fetch the reviews until the section nears the screen', async () => {
    let watch: ((entries: Partial<IntersectionObserverEntry>[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          watch = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetch = mockFetch({ '/api/products/oxford-brogue': product(), [REVIEWS]: reviewPage() });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Oxford Brogue' });
    expect(screen.getByRole('status', { name: 'Loading reviews' })).toBeTruthy();
    const reviewCalls = () => fetch.mock.calls.filter(([url]) => (url as string).includes('/reviews')).length;
    expect(reviewCalls()).toBe(0);

    await waitFor(() => expect(watch).not.toBeNull());
    act(() => watch!([{ isIntersecting: true }]));
    expect(await screen.findByText('Worth every naira')).toBeTruthy();
    expect(reviewCalls()).toBe(1);
  });
});
