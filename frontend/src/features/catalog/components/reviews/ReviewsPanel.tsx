import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'wouter';
import { loadedReviews, useReviews } from '../../api/reviews';
import { ReviewsSkeleton } from '../ReviewsSkeleton';
import { ReviewForm } from './ReviewForm';
import { ReviewContent, ReviewList } from './ReviewList';
import { ReviewSummary } from './ReviewSummary';
import { loginPath } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import type { Product, Review, ReviewPage } from '@/lib/types';
import './Reviews.css';
import { formatCount } from '@/lib/money';

export const SIGN_IN_TO_REVIEW = 'Sign in to write a review';
export const REVIEW_AFTER_DELIVERY = 'You can review this product once it has been delivered to you.';
export const REVIEW_SAVED = 'Thank you! Your review is saved.';
export const REVIEWS_FAILED = "We couldn't load the reviews.";
export const MORE_REVIEWS_FAILED = "We couldn't load more reviews. Please try again.";

type PanelProps = {
  product: Product;
  /** Arrived by a link to the reviews (My Orders): open the form if the customer may write one. */
  openForm?: boolean;
};

/**
 * The Reviews section's content (its own chunk): the summary with the bar per star level, the
 * customer's own review or the form to write one, and the reviews, newest first, ten at a time.
 */
export default function ReviewsPanel({ product, openForm = false }: PanelProps) {
  const query = useReviews(product.id, true);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const focusRef = useRef<HTMLElement>(null);
  const reviews = loadedReviews(query.data);

  // After "More reviews", the first review of the new page takes the focus (the button may go).
  useEffect(() => {
    if (focusIndex !== null && focusIndex < reviews.length) focusRef.current?.focus();
  }, [focusIndex, reviews.length]);

  if (query.isPending) return <ReviewsSkeleton />;
  if (query.isError) {
    return (
      <div className="reviews__failed">
        <p>{REVIEWS_FAILED}</p>
        <button type="button" className="btn btn--dark btn--sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const first = query.data.pages[0]!;
  const last = query.data.pages[query.data.pages.length - 1]!;
  const shown = reviews.length;
  // The customer's own review shows in its box above the list, not a second time in it.
  const listed = first.mine ? reviews.filter((review) => review.id !== first.mine?.id) : reviews;
  const focusListed = focusIndex === null ? null : listed.length - (shown - focusIndex);

  const onMore = () => {
    setFocusIndex(shown);
    void query.fetchNextPage();
  };

  return (
    <div className="reviews__layout">
      <div className="reviews__aside">
        <ReviewSummary average={first.average} count={first.count} stars={first.stars} />
      </div>
      <div className="reviews__main">
        <ReviewComposer productId={product.id} page={first} openForm={openForm} />
        {listed.length > 0 && <ReviewList reviews={listed} focusIndex={focusListed} focusRef={focusRef} />}
        {query.isFetchNextPageError && (
          <p className="alert alert--error reviews__more-error" role="alert">
            {MORE_REVIEWS_FAILED}
          </p>
        )}
        {query.hasNextPage && (
          <div className="reviews__more">
            <button
              type="button"
              className="btn btn--outline"
              onClick={onMore}
              disabled={query.isFetchingNextPage}
              aria-describedby="reviews-shown"
            >
              {query.isFetchingNextPage ? 'Loading...' : 'More reviews'}
            </button>
            <p id="reviews-shown" className="reviews__shown">
              Showing {formatCount(shown)} of {formatCount(Math.max(last.total, shown))}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

type ComposerProps = { productId: string; page: ReviewPage; openForm: boolean };

/**
 * What the shopper can do: a visitor is asked to sign in; a customer with a delivered order writes
 * a review, or sees theirs with "Edit your review"; anyone else learns when they can review.
 */
function ReviewComposer({ productId, page, openForm }: ComposerProps) {
  const { user } = useSession();
  // The review as just saved, until the refreshed page (which has it) arrives.
  const [savedMine, setSavedMine] = useState<Review | null>(null);
  const mine = page.mine ?? savedMine;
  const { canReview } = page;
  const [editing, setEditing] = useState(() => openForm && canReview && !mine);
  const [saved, setSaved] = useState(false);
  // Where the focus goes when the form closes: the saved review, or back to the button that opened it.
  const [focusAfter, setFocusAfter] = useState<'mine' | 'opener' | 'form' | null>(null);
  const mineRef = useRef<HTMLElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusAfter) return;
    const form = formRef.current;
    const target =
      focusAfter === 'mine'
        ? mineRef.current
        : focusAfter === 'opener'
          ? openerRef.current
          : (form?.querySelector<HTMLInputElement>('input:checked') ?? form?.querySelector<HTMLInputElement>('input'));
    if (!target) return;
    target.focus();
    setFocusAfter(null);
  }, [focusAfter, editing, mine]);

  if (!user) {
    return (
      <p className="review-cta">
        <span>Bought this?</span>{' '}
        <Link href={loginPath(`/product/${productId}#reviews`)} className="text-link">
          {SIGN_IN_TO_REVIEW}
        </Link>
      </p>
    );
  }

  const open = () => {
    setSaved(false);
    setEditing(true);
    setFocusAfter('form');
  };

  if (editing && (canReview || mine)) {
    return (
      <div ref={formRef}>
        <ReviewForm
          productId={productId}
          mine={mine}
          onSaved={(answer) => {
            setSavedMine(answer.mine);
            setEditing(false);
            setSaved(true);
            setFocusAfter('mine');
          }}
          onCancel={() => {
            setEditing(false);
            setFocusAfter(mine ? 'mine' : 'opener');
          }}
        />
      </div>
    );
  }

  if (mine) {
    return (
      <MyReview review={mine} canEdit={canReview} saved={saved} onEdit={open} boxRef={mineRef} editRef={openerRef} />
    );
  }

  if (canReview) {
    return (
      <div className="review-cta review-cta--write">
        <p>You bought this. How is it? Your review helps other shoppers choose.</p>
        <button ref={openerRef} type="button" className="btn btn--primary" onClick={open}>
          Write a review
        </button>
      </div>
    );
  }

  return <p className="review-cta review-cta--note">{REVIEW_AFTER_DELIVERY}</p>;
}

type MyReviewProps = {
  review: Review;
  canEdit: boolean;
  /** Just saved: say thank you. */
  saved: boolean;
  onEdit: () => void;
  boxRef: Ref<HTMLElement>;
  editRef: Ref<HTMLButtonElement>;
};

/** The customer's own review, with "Edit your review". */
function MyReview({ review, canEdit, saved, onEdit, boxRef, editRef }: MyReviewProps) {
  return (
    <section className="my-review focus-target" ref={boxRef} tabIndex={-1} aria-labelledby="my-review-heading">
      <div className="my-review__head">
        <h3 id="my-review-heading" className="my-review__heading">
          Your review
        </h3>
        {canEdit && (
          <button ref={editRef} type="button" className="btn btn--outline btn--sm" onClick={onEdit}>
            Edit your review
          </button>
        )}
      </div>
      <p className="my-review__saved" role="status">
        {saved ? REVIEW_SAVED : ''}
      </p>
      {review.hidden && (
        <p className="my-review__hidden">The shop has hidden this review, so other shoppers don't see it.</p>
      )}
      <ReviewContent review={review} showAuthor={false} titleAs="h4" />
    </section>
  );
}
