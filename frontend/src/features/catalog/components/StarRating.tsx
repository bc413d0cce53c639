import { StarShape } from '@/components/icons';
import './StarRating.css';

type StarRatingProps = { rating: number; reviewCount: number };

/** "Rated 4.5 out of 5": five stars filled to the rating (partial fill), then the review count. */
export function StarRating({ rating, reviewCount }: StarRatingProps) {
  const clamped = Math.max(0, Math.min(5, rating));
  const shown = clamped.toFixed(1).replace(/\.0$/, '');
  return (
    <div className="star-rating">
      <span className="star-rating__stars" role="img" aria-label={`Rated ${shown} out of 5`}>
        <span className="star-rating__row star-rating__row--empty" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <StarShape key={i} size={18} />
          ))}
        </span>
        <span
          className="star-rating__row star-rating__row--full"
          aria-hidden="true"
          style={{ width: `${(clamped / 5) * 100}%` }}
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <StarShape key={i} size={18} />
          ))}
        </span>
      </span>
      <span className="star-rating__value" aria-hidden="true">
        {shown}
      </span>
      <span className="star-rating__count">
        {reviewCount.toLocaleString('en-NG')} {reviewCount === 1 ? 'review' : 'reviews'}
      </span>
    </div>
  );
}
