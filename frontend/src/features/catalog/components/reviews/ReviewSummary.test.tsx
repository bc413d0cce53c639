import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewSummary, starDistribution } from './ReviewSummary';

describe('starDistribution', () => {
  it('lists 5★ first with each level’s count and whole percent of all reviews', () => {
    expect(starDistribution([1, 0, 2, 5, 12])).toEqual([
      { stars: 5, count: 12, percent: 60 },
      { stars: 4, count: 5, percent: 25 },
      { stars: 3, count: 2, percent: 10 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 5 },
    ]);
  });

  it('is all zeros without reviews (no division by zero)', () => {
    expect(starDistribution([0, 0, 0, 0, 0]).map((r) => r.percent)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('ReviewSummary', () => {
  it('shows the average with one decimal, its stars, the count and a bar per level with accessible text', () => {
    const { container } = render(<ReviewSummary average={4} count={20} stars={[1, 0, 2, 5, 12]} />);
    expect(container.querySelector('.review-summary__average')?.textContent).toBe('4.0');
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(screen.getByText('Based on 20 reviews')).toBeTruthy();

    const bars = within(screen.getByRole('list', { name: 'Reviews by rating' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.querySelector('.visually-hidden')?.textContent)).toEqual([
      '5 stars: 12 reviews (60%)',
      '4 stars: 5 reviews (25%)',
      '3 stars: 2 reviews (10%)',
      '2 stars: 0 reviews (0%)',
      '1 star: 1 review (5%)',
    ]);
    expect((bars[0]!.querySelector('.review-bars__fill') as HTMLElement).style.width).toBe('60%');
    expect(bars[0]!.querySelector('.review-bars__count')?.textContent).toBe('12');
  });

  it('keeps a partial average: 4.6 shows as 4.6, its stars filled to 92%', () => {
    const { container } = render(<ReviewSummary average={4.6} count={5} stars={[0, 0, 0, 2, 3]} />);
    expect(container.querySelector('.review-summary__average')?.textContent).toBe('4.6');
    expect(screen.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeTruthy();
    expect((container.querySelector('.star-rating__row--full') as HTMLElement).style.width).toBe('92%');
    expect(screen.getByText('Based on 5 reviews')).toBeTruthy();
  });

  it('says "No reviews yet" without reviews, with no bars', () => {
    render(<ReviewSummary average={null} count={0} stars={[0, 0, 0, 0, 0]} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
