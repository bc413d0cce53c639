import { useId, useState, type Ref } from 'react';
import { StarShape } from '@/components/moreIcons';

/** What each rating means, shown beside the stars. */
export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

type StarInputProps = {
  value: number;
  onChange: (rating: number) => void;
  /** The form's error box, when the rating is what is wrong. */
  errorId?: string;
  /** The first star's input: the form focuses it when no rating is chosen. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A 1–5 star choice built from five native radios ("1 star" … "5 stars"): Tab reaches the group,
 * the arrow keys move between the stars and choose, and each star is a 44px target. Hovering
 * previews a rating; the word for the rating shows beside the stars.
 */
export function StarInput({ value, onChange, errorId, inputRef }: StarInputProps) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className={`bare-fieldset star-input${errorId ? ' has-error' : ''}`}
      aria-describedby={errorId}
      onMouseLeave={() => setHover(0)}
    >
      <legend className="field__label star-input__legend">Your rating</legend>
      <div className="star-input__row">
        <div className="star-input__stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`star-input__star${n <= shown ? ' is-on' : ''}`} onMouseEnter={() => setHover(n)}>
              <input
                ref={n === 1 ? inputRef : undefined}
                type="radio"
                className="star-input__radio"
                name={name}
                value={n}
                checked={value === n}
                required
                aria-invalid={errorId ? true : undefined}
                onChange={() => onChange(n)}
              />
              <StarShape size={34} />
              <span className="visually-hidden">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        <span className={shown ? 'star-input__word' : 'star-input__word is-empty'} aria-hidden="true">
          {shown ? RATING_WORDS[shown] : 'Choose stars'}
        </span>
      </div>
    </fieldset>
  );
}
