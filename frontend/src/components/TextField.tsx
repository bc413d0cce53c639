import { useId, type InputHTMLAttributes, type Ref } from 'react';
import './TextField.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  /** Marks the field invalid and links it to the message that explains why (the form's error box). */
  errorId?: string | null;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled input in the shared form style; an invalid field points at its error with aria-describedby. */
export function TextField({ label, errorId, hint, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
