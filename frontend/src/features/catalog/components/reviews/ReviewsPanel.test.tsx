import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BODY_TOO_LONG,
  HTML_REFUSED,
  RATING_REQUIRED,
  TITLE_TOO_LONG,
  reviewRequest,
  validateReview,
} from './ReviewForm';
import ReviewsPanel, { REVIEW_AFTER_DELIVERY, REVIEW_SAVED, SIGN_IN_TO_REVIEW } from './ReviewsPanel';
import { queryKeys } from '@/lib/queryKeys';
import type { Product, ReviewPage, Session } from '@/lib/types';
import { product, review, reviewPage } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const signedIn: Partial<Session> = { user: customer };
const REVIEWS = '/api/products/oxford-brogue/reviews';
const PUT_REVIEW = 'PUT /api/products/oxford-brogue/review';

function renderPanel(session: Partial<Session> = { user: null }, openForm = false) {
  const result = renderWithProviders(<ReviewsPanel product={product()} openForm={openForm} />, {
    path: '/product/oxford-brogue',
    session,
  });
  result.queryClient.setQueryData(queryKeys.products.detail('oxford-brogue'), product());
  return result;
}

const older = review({
  id: 'review-2',
  rating: 3,
  title: null,
  body: 'Runs half a size small.',
  author: 'Tunde B.',
  verified: false,
  createdAt: Date.UTC(2025, 1, 2, 12),
});

beforeEach(() => {
  // user-event walks a radio group with CSS.escape, which jsdom lacks.
  if (typeof globalThis.CSS?.escape !== 'function') {
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  }
});

describe('validateReview', () => {
  const ok = { rating: 4, title: '', body: '' };
  it('needs 1 to 5 whole stars', () => {
    expect(validateReview({ ...ok, rating: 0 })?.message).toBe(RATING_REQUIRED);
    expect(validateReview({ ...ok, rating: 6 })?.field).toBe('rating');
    expect(validateReview(ok)).toBeNull();
  });

  it('keeps the title to 100 characters and the text to 2,000, counting an emoji as one', () => {
    expect(validateReview({ ...ok, title: 'a'.repeat(100) })).toBeNull();
    expect(validateReview({ ...ok, title: 'a'.repeat(101) })).toEqual({ message: TITLE_TOO_LONG, field: 'title' });
    expect(validateReview({ ...ok, body: '👞'.repeat(2000) })).toBeNull();
    expect(validateReview({ ...ok, body: 'a'.repeat(2001) })).toEqual({ message: BODY_TOO_LONG, field: 'body' });
    // Spaces around the text do not count.
    expect(validateReview({ ...ok, body: `  ${'a'.repeat(2000)}  ` })).toBeNull();
  });

  it('refuses HTML tags but not a plain "<3"', () => {
    expect(validateReview({ ...ok, body: 'Great <b>shoes</b>' })).toEqual({ message: HTML_REFUSED, field: 'body' });
    expect(validateReview({ ...ok, title: '<script>x</script>' })?.field).toBe('title');
    expect(validateReview({ ...ok, body: 'I <3 these, size 42 < 43' })).toBeNull();
    expect(validateReview({ ...ok, body: 'A <!-- comment -->' })?.message).toBe(HTML_REFUSED);
  });

  it('sends the rating and the trimmed title and text, leaving out empty ones', () => {
    expect(reviewRequest({ rating: 5, title: '  Lovely ', body: '   ' })).toEqual({ rating: 5, title: 'Lovely' });
  });
});

describe('ReviewsPanel', () => {
  it('shows the summary and the reviews newest first with stars, title, text, author, badge and date', async () => {
    mockFetch({ [REVIEWS]: reviewPage([review(), older]) });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    const [first, second] = within(list).getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(within(first).getByRole('heading', { name: 'Worth every naira' })).toBeTruthy();
    expect(within(first).getByText('Comfortable from the first day.')).toBeTruthy();
    expect(within(first).getByText('Adaeze O.')).toBeTruthy();
    expect(within(first).getByText('Verified purchase')).toBeTruthy();
    expect(within(first).getByText('10 March 2025')).toBeTruthy();
    expect(within(second).getByText('Tunde B.')).toBeTruthy();
    expect(within(second).queryByText('Verified purchase')).toBeNull();
    expect(within(second).queryByRole('heading')).toBeNull();
    expect(screen.getByText('Based on 2 reviews')).toBeTruthy();
  });

  it('asks a visitor to sign in, and comes back to the reviews afterwards', async () => {
    mockFetch({ [REVIEWS]: reviewPage() });
    renderPanel();
    const link = await screen.findByRole('link', { name: SIGN_IN_TO_REVIEW });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fproduct%2Foxford-brogue%23reviews');
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('tells a customer without a delivered order when they can review, with no form', async () => {
    mockFetch({ [REVIEWS]: reviewPage([review()], { canReview: false }) });
    renderPanel(signedIn);
    expect(await screen.findByText(REVIEW_AFTER_DELIVERY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('pages with "More reviews", moving the focus to the first new review', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => review({ id: `r${i}`, author: `Shopper ${i}` }));
    const calls: string[] = [];
    mockFetch({
      [REVIEWS]: (url) => {
        calls.push(url.search);
        return url.searchParams.get('page') === '2'
          ? jsonResponse(reviewPage([older], { page: 2, total: 11, count: 11 }))
          : jsonResponse(reviewPage(firstPage, { total: 11, count: 11 }));
      },
    });
    renderPanel();
    const more = await screen.findByRole('button', { name: 'More reviews' });
    expect(screen.getByText('Showing 10 of 11')).toBeTruthy();
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(11));
    expect(calls).toEqual(['?page=1', '?page=2']);
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Tunde B., 3 out of 5' }));
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
  });
});

describe('Writing a review', () => {
  it('checks the form, sends it with PUT, and shows the new review, summary and product average', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const mine = review({ id: 'mine', rating: 1, title: 'Fell apart', body: 'The sole came off.', author: 'Ada O.' });
    const after: ReviewPage = reviewPage([mine, review()], { mine, canReview: true });
    mockFetch({
      [REVIEWS]: reviewPage([review()], { canReview: true }),
      [PUT_REVIEW]: (_url, init) => {
        sent = JSON.parse(init?.body as string);
        return jsonResponse(after);
      },
    });
    const { queryClient } = renderPanel(signedIn);
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });

    // No stars: the server's message, and the stars are marked.
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('alert').textContent).toBe(RATING_REQUIRED);
    expect(within(form).getByRole('group', { name: 'Your rating' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(sent).toBeNull();

    // The counter follows the text; too long is refused before sending.
    await user.click(within(form).getByRole('radio', { name: '1 star' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    const text = within(form).getByLabelText(/Your review/);
    fireEvent.change(text, { target: { value: 'x'.repeat(2001) } });
    expect(within(form).getByText('2,001 / 2,000 characters').className).toContain('is-over');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('alert').textContent).toBe(BODY_TOO_LONG);
    expect(document.activeElement).toBe(text);

    fireEvent.change(text, { target: { value: 'The sole came off.' } });
    expect(within(form).getByText('18 / 2,000 characters')).toBeTruthy();
    await user.type(within(form).getByLabelText(/Title/), 'Fell apart');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    const box = await screen.findByRole('region', { name: 'Your review' });
    expect(sent).toEqual({ rating: 1, title: 'Fell apart', body: 'The sole came off.' });
    expect(within(box).getByRole('status').textContent).toBe(REVIEW_SAVED);
    expect(within(box).getByRole('img', { name: 'Rated 1 out of 5' })).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Based on 2 reviews')).toBeTruthy();
    // Shown once: in its own box, not again in the list below.
    expect(screen.getAllByText('The sole came off.')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(1);
    // The product near the title takes the new average and count at once.
    const shown = queryClient.getQueryData<Product>(queryKeys.products.detail('oxford-brogue'));
    expect([shown?.rating, shown?.reviewCount]).toEqual([3, 2]);
  });

  it('chooses stars with the keyboard: Tab into the group, arrows move and choose', async () => {
    const user = userEvent.setup();
    mockFetch({ [REVIEWS]: reviewPage([], { canReview: true }) });
    renderPanel(signedIn, true);
    // Arrived by the link from My Orders: the form is open already.
    const form = await screen.findByRole('form', { name: 'Write a review' });
    const star = (n: number) =>
      within(form).getByRole<HTMLInputElement>('radio', { name: n === 1 ? '1 star' : `${n} stars` });
    expect(within(form).getAllByRole('radio')).toHaveLength(5);
    await user.tab();
    expect(document.activeElement).toBe(star(1));
    expect(star(1).checked).toBe(false);
    await user.keyboard('{ArrowRight}');
    expect(star(2).checked).toBe(true);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(star(4).checked).toBe(true);
    expect(document.activeElement).toBe(star(4));
    expect(within(form).getByText('Very good')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(star(3).checked).toBe(true);
    expect(within(form).getByText('Good')).toBeTruthy();
    // The group is one tab stop: Tab goes on to the title.
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByLabelText(/Title/));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(star(3));
  });

  it('shows the customer’s review with "Edit your review", which opens the form filled in', async () => {
    const user = userEvent.setup();
    const mine = review({ id: 'mine', rating: 4, title: 'Smart', body: 'Good for the office.' });
    let sent: unknown = null;
    mockFetch({
      [REVIEWS]: reviewPage([mine], { mine, canReview: true }),
      [PUT_REVIEW]: (_url, init) => {
        sent = JSON.parse(init?.body as string);
        return jsonResponse(reviewPage([{ ...mine, rating: 5 }], { mine: { ...mine, rating: 5 }, canReview: true }));
      },
    });
    renderPanel(signedIn);
    const box = await screen.findByRole('region', { name: 'Your review' });
    expect(within(box).getByText('Good for the office.')).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Edit your review' }));

    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>(/Title/).value).toBe('Smart');
    expect(within(form).getByLabelText<HTMLTextAreaElement>(/Your review/).value).toBe('Good for the office.');
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '4 stars' }));

    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(REVIEW_SAVED);
    expect(sent).toEqual({ rating: 5, title: 'Smart', body: 'Good for the office.' });
  });

  it('shows the server’s refusal inline and keeps what was typed', async () => {
    const user = userEvent.setup();
    mockFetch({
      [REVIEWS]: reviewPage([], { canReview: true }),
      [PUT_REVIEW]: () =>
        jsonResponse(
          { error: 'forbidden', message: 'You can review a product once it has been delivered to you.' },
          403,
        ),
    });
    renderPanel(signedIn);
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByLabelText(/Title/), 'Lovely');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'You can review a product once it has been delivered to you.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>(/Title/).value).toBe('Lovely');
  });
});
