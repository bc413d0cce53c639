import { ratingFigure, Stars } from '../StarRating';
import { StarShape } from '@/components/moreIcons';
import { formatCount } from '@/lib/money';

type ReviewSummaryProps = {
  /** One decimal; null without reviews. */
  average: number | null;
  count: number;
  /** Reviews with 1★ … 5★, in that order. */
  stars: ReadonlyArray<number>;
};

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** Each star level, 5★ first, with its count and its share of the reviews in whole percent. */
export function starDistribution(stars: ReadonlyArray<number>): { stars: number; count: number; percent: number }[] {
  const total = stars.reduce((sum, n) => sum + n, 0);
  return [5, 4, 3, 2, 1].map((level) => {
    const count = stars[level - 1] ?? 0;
    return { stars: level, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

/**
 * The average (one decimal) with its stars and the number of reviews, and a bar per star level
 * (5★ … 1★) with its count; each bar is also a sentence for screen readers ("5 stars: 8 reviews").
 */
export function ReviewSummary({ average, count, stars }: ReviewSummaryProps) {
  if (count === 0 || average === null) {
    return (
      <div className="review-summary review-summary--empty">
        <p className="review-summary__none">No reviews yet</p>
        <p className="review-summary__hint">Reviews from shoppers who bought it will show here.</p>
      </div>
    );
  }
  return (
    <div className="review-summary">
      <div className="review-summary__head">
        <p className="review-summary__average" aria-hidden="true">
          {ratingFigure(average)}
        </p>
        <div className="review-summary__stars">
          <Stars rating={average} size={20} />
          <p className="review-summary__count">Based on {plural(count, 'review', 'reviews')}</p>
        </div>
      </div>
      <ul className="review-bars" aria-label="Reviews by rating">
        {starDistribution(stars).map((row) => (
          <li key={row.stars} className="review-bars__row">
            <span className="review-bars__label" aria-hidden="true">
              {row.stars}
              <StarShape size={13} />
            </span>
            <span className="review-bars__track" aria-hidden="true">
              <span className="review-bars__fill" style={{ width: `${row.percent}%` }} />
            </span>
            <span className="review-bars__count" aria-hidden="true">
              {formatCount(row.count)}
            </span>
            <span className="visually-hidden">
              {plural(row.stars, 'star', 'stars')}: {plural(row.count, 'review', 'reviews')} ({row.percent}%)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
