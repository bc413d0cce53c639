import { useId, type ReactNode } from 'react';
import type { OptionChoice } from '@/lib/variants';
import './ChoiceGroup.css';

type ChoiceGroupProps = {
  legend: string;
  name: string;
  options: ReadonlyArray<OptionChoice>;
  value: string | null;
  onChange: (value: string) => void;
  /** Which option this is (the buy bar finds the group to bring into view by it). */
  option?: string;
  /** "Please choose a size.": shown under the chips, announced, and describing the group. */
  error?: string | null;
  /** The id the error gets, so the button that asked can point at it too. */
  errorId?: string;
  /** Beside the legend, on its line (the size guide's button). */
  action?: ReactNode;
};

/**
 * A radio group drawn as chips (sizes, colours). Native radios: arrow keys work as usual and skip
 * a sold-out value, which stays in view, disabled and marked Sold out.
 */
export function ChoiceGroup({
  legend,
  name,
  options,
  value,
  onChange,
  option,
  error,
  errorId,
  action,
}: ChoiceGroupProps) {
  const id = useId();
  const messageId = errorId ?? `${id}-error`;
  if (options.length === 0) return null;
  return (
    <fieldset
      className={`choice-group${error ? ' has-error' : ''}`}
      data-option={option}
      aria-describedby={error ? messageId : undefined}
    >
      <legend className="choice-group__legend">
        {legend}
        {value && <span className="choice-group__value">: {value}</span>}
      </legend>
      {action && <div className="choice-group__action">{action}</div>}
      <div className="choice-group__options">
        {options.map(({ value: choice, soldOut }) => (
          <label key={choice} className={`choice-chip${soldOut ? ' is-sold-out' : ''}`}>
            <input
              type="radio"
              className="choice-chip__input"
              name={`${name}-${id}`}
              value={choice}
              checked={value === choice}
              disabled={soldOut}
              aria-label={soldOut ? `${choice}, Sold out` : undefined}
              onChange={() => onChange(choice)}
            />
            <span className="choice-chip__label">
              <span className="choice-chip__text">{choice}</span>
              {soldOut && <span className="choice-chip__note">Sold out</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={messageId} className="choice-group__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
