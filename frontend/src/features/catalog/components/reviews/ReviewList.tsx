import type { Ref } from 'react';
import { Stars } from '../StarRating';
import { formatDate } from '@/lib/money';
import type { Review } from '@/lib/types';

const CheckIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="m5 12.5 4.5 4.5L19 7.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** One review's stars, title, text, author, "Verified purchase" and date. */
type ReviewContentProps = {
  review: Review;
  showAuthor?: boolean;
  /** The title's heading level: h3 in the list, h4 under "Your review". */
  titleAs?: 'h3' | 'h4';
};

export function ReviewContent({ review, showAuthor = true, titleAs: Title = 'h3' }: ReviewContentProps) {
  return (
    <>
      <div className="review__top">
        <Stars rating={review.rating} size={16} className="review__stars" />
        {review.title && <Title className="review__title">{review.title}</Title>}
      </div>
      {review.body && <p className="review__body">{review.body}</p>}
      <p className="review__meta">
        {showAuthor && <span className="review__author">{review.author}</span>}
        {review.verified && (
          <span className="review__verified">
            <CheckIcon />
            Verified purchase
          </span>
        )}
        <time className="review__date" dateTime={new Date(review.createdAt).toISOString()}>
          {formatDate(review.createdAt)}
        </time>
      </p>
    </>
  );
}

type ReviewListProps = {
  reviews: ReadonlyArray<Review>;
  /** The review that gets the focus after "More reviews" (the first of the new page). */
  focusIndex?: number | null;
  focusRef?: Ref<HTMLElement>;
};

/** The reviews loaded so far, newest first. */
export function ReviewList({ reviews, focusIndex, focusRef }: ReviewListProps) {
  return (
    <ol className="review-list" aria-label="Reviews, newest first">
      {reviews.map((review, index) => (
        <li key={review.id}>
          <article
            className="review focus-target"
            aria-label={`${review.author}, ${review.rating} out of 5`}
            tabIndex={index === focusIndex ? -1 : undefined}
            ref={index === focusIndex ? focusRef : undefined}
          >
            <ReviewContent review={review} />
          </article>
        </li>
      ))}
    </ol>
  );
}
