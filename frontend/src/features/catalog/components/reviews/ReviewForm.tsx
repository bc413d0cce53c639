import { useId, useRef, useState, type FormEvent } from 'react';
import { useSaveReview } from '../../api/reviews';
import { StarInput } from './StarInput';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { useFormProblem, type FormProblem } from '@/components/forms/useFormProblem';
import { Field, fieldHintId, TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { Review, ReviewPage, ReviewRequest } from '@/lib/types';
import { formatCount } from '@/lib/money';

/** The server's limits and its own words for them (contract of issue 14). */
export const TITLE_MAX = 100;
export const BODY_MAX = 2000;
export const RATING_REQUIRED = 'Choose from 1 to 5 stars.';
export const TITLE_TOO_LONG = 'Please keep the title under 100 characters.';
export const BODY_TOO_LONG = 'Please keep your review under 2,000 characters.';
export const HTML_REFUSED = 'Please remove the HTML from your review.';
export const REVIEW_SAVE_FAILED = "We couldn't save your review. Please check your connection and try again.";

export type ReviewField = 'rating' | 'title' | 'body';
export type ReviewDraft = { rating: number; title: string; body: string };

/** Characters as the server counts them (code points: an emoji is one). */
export function charCount(text: string): number {
  return [...text].length;
}

/** As the server sees HTML: a `<` followed by a letter or one of `/!?` ("<3" is fine). */
const HTML_TAG = /<[a-z/!?]/i;

/** What is wrong with a draft, in the server's words, or null when it can be sent. */
export function validateReview(draft: ReviewDraft): FormProblem<ReviewField> | null {
  const title = draft.title.trim();
  const body = draft.body.trim();
  if (!Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) {
    return { message: RATING_REQUIRED, field: 'rating' };
  }
  if (charCount(title) > TITLE_MAX) return { message: TITLE_TOO_LONG, field: 'title' };
  if (charCount(body) > BODY_MAX) return { message: BODY_TOO_LONG, field: 'body' };
  if (HTML_TAG.test(title)) return { message: HTML_REFUSED, field: 'title' };
  if (HTML_TAG.test(body)) return { message: HTML_REFUSED, field: 'body' };
  return null;
}

/** The field a refusal from the server is about, when it names one. */
function fieldOf(message: string): ReviewField | undefined {
  if (message === RATING_REQUIRED) return 'rating';
  if (message === TITLE_TOO_LONG) return 'title';
  if (message === BODY_TOO_LONG || message === HTML_REFUSED) return 'body';
  return undefined;
}

/** The request for a valid draft: the rating, and the title and text when there are any. */
export function reviewRequest(draft: ReviewDraft): ReviewRequest {
  const title = draft.title.trim();
  const body = draft.body.trim();
  return { rating: draft.rating, ...(title ? { title } : {}), ...(body ? { body } : {}) };
}

type ReviewFormProps = {
  productId: string;
  /** The customer's review when editing it: the form starts with it. */
  mine: Review | null;
  onSaved: (page: ReviewPage) => void;
  onCancel: () => void;
};

/**
 * Write or edit a review: 1–5 stars (required), an optional title (up to 100 characters) and an
 * optional text (up to 2,000, with a counter). Checked here with the server's own messages, then
 * sent with PUT; a refusal from the server shows in the same error box.
 */
export function ReviewForm({ productId, mine, onSaved, onCancel }: ReviewFormProps) {
  const [draft, setDraft] = useState<ReviewDraft>(() => ({
    rating: mine?.rating ?? 0,
    title: mine?.title ?? '',
    body: mine?.body ?? '',
  }));
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<ReviewField>();
  const save = useSaveReview(productId);
  const headingId = useId();
  const bodyId = useId();
  const refs = {
    rating: useRef<HTMLInputElement>(null),
    title: useRef<HTMLInputElement>(null),
    body: useRef<HTMLTextAreaElement>(null),
  };
  const bodyCount = charCount(draft.body.trim());
  const over = bodyCount > BODY_MAX;

  const change = (part: Partial<ReviewDraft>) => {
    setDraft((d) => ({ ...d, ...part }));
    // Changing the field at fault takes its message away (it is checked again on Submit).
    if (problem?.field && problem.field in part) setProblem(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (report(validateReview(draft), refs)) return;
    save.mutate(reviewRequest(draft), {
      onSuccess: onSaved,
      onError: (error) => {
        const message = failureMessage(error, REVIEW_SAVE_FAILED);
        report({ message, field: fieldOf(message) }, refs);
      },
    });
  };

  return (
    <form className="review-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h3 id={headingId} className="review-form__heading">
        {mine ? 'Edit your review' : 'Write a review'}
      </h3>
      <FormError id={errorId} message={problem?.message} />
      <StarInput
        value={draft.rating}
        onChange={(rating) => change({ rating })}
        errorId={errorIdFor('rating')}
        inputRef={refs.rating}
      />
      <TextField
        label="Title"
        optional
        name="title"
        value={draft.title}
        onValueChange={(title) => change({ title })}
        inputRef={refs.title}
        errorId={errorIdFor('title')}
        placeholder="Sum it up in a few words"
        autoComplete="off"
      />
      <Field
        id={bodyId}
        label="Your review"
        optional
        hint={
          <span className={over ? 'review-form__counter is-over' : 'review-form__counter'}>
            {formatCount(bodyCount)} / {formatCount(BODY_MAX)} characters
          </span>
        }
      >
        <textarea
          ref={refs.body}
          id={bodyId}
          className="field__input review-form__body"
          name="body"
          rows={5}
          value={draft.body}
          onChange={(e) => change({ body: e.target.value })}
          placeholder="What did you like or not? How is the fit, the feel, the finish?"
          aria-invalid={errorIdFor('body') || over ? true : undefined}
          aria-describedby={[errorIdFor('body'), fieldHintId(bodyId)].filter(Boolean).join(' ')}
        />
      </Field>
      <div className="review-form__buttons">
        <SubmitButton pending={save.isPending}>{mine ? 'Save changes' : 'Submit review'}</SubmitButton>
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
