import { StarShape } from '@/components/moreIcons';
import './StarRating.css';
import { formatCount } from '@/lib/money';

/** "4.5" for 4.5, "4" for 4.0: the rating as it is read out. */
export function ratingText(rating: number): string {
  return ratingFigure(rating).replace(/\.0$/, '');
}

/** "4.5", "4.0": the rating as it is shown, one way everywhere (the header and the reviews block). */
export function ratingFigure(rating: number): string {
  return Math.max(0, Math.min(5, rating)).toFixed(1);
}

type StarsProps = {
  rating: number;
  /** Each star's size in pixels. */
  size?: number;
  className?: string;
};

/** Five stars filled to `rating` (partial fill), read out as "Rated 4.5 out of 5". */
export function Stars({ rating, size = 18, className }: StarsProps) {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span
      className={className ? `star-rating__stars ${className}` : 'star-rating__stars'}
      role="img"
      aria-label={`Rated ${ratingText(clamped)} out of 5`}
    >
      <span className="star-rating__row star-rating__row--empty" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <StarShape key={i} size={size} />
        ))}
      </span>
      <span
        className="star-rating__row star-rating__row--full"
        aria-hidden="true"
        style={{ width: `${(clamped / 5) * 100}%` }}
      >
        {[0, 1, 2, 3, 4].map((i) => (
          <StarShape key={i} size={size} />
        ))}
      </span>
    </span>
  );
}

type StarRatingProps = { rating: number; reviewCount: number };

/** "Rated 4.5 out of 5": five stars filled to the rating (partial fill), then the review count. */
export function StarRating({ rating, reviewCount }: StarRatingProps) {
  return (
    <span className="star-rating">
      <Stars rating={rating} />
      <span className="star-rating__value" aria-hidden="true">
        {ratingFigure(rating)}
      </span>
      <span className="star-rating__count">
        {formatCount(reviewCount)} {reviewCount === 1 ? 'review' : 'reviews'}
      </span>
    </span>
  );
}
