import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useAdminReviews, useSetReviewHidden, type AdminReview, type ReviewFilter } from '../api/reviews';
import { FilterBar } from '../components/FilterBar';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { Pager } from '../components/Pager';
import { adminTime } from '../lib/time';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { failureMessage } from '@/lib/api';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import './ReviewsPage.css';

export const REVIEW_UPDATE_FAILED = 'Could not change the review. Please try again.';

const FILTERS: { show: ReviewFilter; label: string }[] = [
  { show: 'all', label: 'All' },
  { show: 'visible', label: 'Visible' },
  { show: 'hidden', label: 'Hidden' },
];

function parseFilter(value: string | null): ReviewFilter {
  return value === 'visible' || value === 'hidden' ? value : 'all';
}

function listPath(show: ReviewFilter, page = 1): string {
  const params = new URLSearchParams();
  if (show !== 'all') params.set('show', show);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/reviews${query ? `?${query}` : ''}`;
}

function emptyTitle(show: ReviewFilter): string {
  if (show === 'hidden') return 'No hidden reviews.';
  if (show === 'visible') return 'No visible reviews.';
  return 'No reviews yet.';
}

/**
 * /admin/reviews (admins only): customers' reviews, newest first, all or only the visible or the
 * hidden ones, ten a page. A hidden review no longer shows on its product page nor counts in its
 * rating; Unhide puts it back.
 */
export default function ReviewsPage() {
  const search = new URLSearchParams(useSearch());
  const show = parseFilter(search.get('show'));
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const reviews = useAdminReviews(show, page);

  return (
    <PageShell title="Reviews" eyebrow="Admin">
      <PageBar
        state="Hide a review that breaks the rules: it leaves the product page and its rating."
        refresh={reviews}
      />

      <FilterBar
        label="Filter reviews"
        filters={FILTERS.map((f) => ({
          key: f.show,
          label: f.label,
          href: listPath(f.show),
          current: f.show === show,
        }))}
      />

      <Loaded
        query={reviews}
        loading="Loading reviews…"
        empty={(data) => data.reviews.length === 0 && <Message title={emptyTitle(show)} />}
      >
        {(data) => (
          <div aria-busy={reviews.isPlaceholderData}>
            <p className="admin-reviews__count muted">
              {data.total} {data.total === 1 ? 'review' : 'reviews'}
            </p>
            <ol className="admin-stack admin-reviews" aria-label="Reviews">
              {data.reviews.map((review) => (
                <ReviewRow key={review.id} review={review} />
              ))}
            </ol>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} href={(page) => listPath(show, page)} />
          </div>
        )}
      </Loaded>
    </PageShell>
  );
}

/** "★★★★☆", read out as "4 out of 5 stars". */
function Stars({ rating }: { rating: number }) {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="admin-stars" role="img" aria-label={`${full} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span className="admin-stars__empty" aria-hidden="true">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const update = useSetReviewHidden();
  const latch = useInFlight();
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = `review-${review.id}-title`;
  const what = review.title ? `“${review.title}”` : `${review.author}’s review`;

  const toggle = () => {
    if (!latch.begin()) return;
    setProblem(null);
    update.mutate(
      { id: review.id, hidden: !review.hidden },
      {
        onError: (error) => setProblem(failureMessage(error, REVIEW_UPDATE_FAILED)),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <li className={`admin-stack__item admin-review-card${review.hidden ? ' is-hidden' : ''}`} aria-labelledby={titleId}>
      <div className="admin-review-card__content">
        <div className="admin-review-card__head">
          <Link href={`/product/${encodeURIComponent(review.productId)}`} className="admin-review-card__product">
            {review.productName}
          </Link>
          {review.hidden && <span className="admin-badge admin-review-card__hidden">Hidden</span>}
        </div>
        <div className="admin-review-card__rating">
          <Stars rating={review.rating} />
          <h2 id={titleId} className="admin-review-card__title">
            {review.title ?? <span className="visually-hidden">{what}</span>}
          </h2>
        </div>
        {review.body && <p className="admin-review-card__body">{review.body}</p>}
        <p className="admin-meta admin-review-card__meta">
          <span className="admin-review-card__author">
            {review.author}
            {review.verified && <span className="admin-review-card__verified"> · Verified purchase</span>}
          </span>
          <a href={`mailto:${review.customerEmail}`} className="admin-review-card__email">
            {review.customerEmail}
          </a>
          <time dateTime={new Date(review.createdAt).toISOString()}>
            {adminTime.format(new Date(review.createdAt))}
          </time>
          {review.updatedAt !== review.createdAt && <span>edited {adminTime.format(new Date(review.updatedAt))}</span>}
        </p>
      </div>
      <div className="admin-review-card__actions">
        <button
          type="button"
          className={`btn btn--sm ${review.hidden ? 'btn--dark' : 'btn--outline admin-review-card__hide'}`}
          disabled={update.isPending}
          aria-label={`${review.hidden ? 'Unhide' : 'Hide'} ${what}`}
          onClick={toggle}
        >
          {review.hidden ? 'Unhide' : 'Hide'}
        </button>
        {update.isPending && <Spinner size="sm" label="Saving..." />}
        {problem && (
          <p className="admin-inline__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </li>
  );
}
