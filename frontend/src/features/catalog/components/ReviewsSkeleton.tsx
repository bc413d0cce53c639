/** Placeholders in the shape of the summary and two reviews, so little moves when they arrive. */
export function ReviewsSkeleton() {
  return (
    <div className="reviews__layout" role="status" aria-label="Loading reviews">
      <div className="reviews__aside">
        <span className="skeleton reviews-skeleton__score" />
        <span className="skeleton reviews-skeleton__bars" />
      </div>
      <div className="reviews__main">
        <span className="skeleton reviews-skeleton__review" />
        <span className="skeleton reviews-skeleton__review" />
      </div>
    </div>
  );
}
