import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './TextField.css';

type FieldProps = {
  /** The control's id: the label points at it, and the hint's id is `${id}-hint`. */
  id: string;
  label: string;
  hint?: ReactNode;
  /** Adds a muted "(optional)" to the label. */
  optional?: boolean;
  /** More classes on the wrapper, beside `field`. */
  className?: string;
  children: ReactNode;
};

/** A label, its control and an optional hint, in the shared form style. */
export function Field({ id, label, hint, optional, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={fieldHintId(id)} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function fieldHintId(id: string): string {
  return `${id}-hint`;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/**
 * What is wrong with one field, under it, announced when it appears; the control points at `id`
 * with aria-describedby. Nothing while there is no message.
 */
export function FieldAlert({ id, message }: { id?: string; message: ReactNode }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  /** Marks the field invalid and links it to the message that explains why (the form's error box). */
  errorId?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Gets the new value on each change (instead of `onChange`'s event). */
  onValueChange?: (value: string) => void;
  /** More classes on the wrapper, beside `field`. */
  className?: string;
};

/**
 * A labelled input in the shared form style; an invalid field points at its error, and a hinted
 * one at its hint, with aria-describedby.
 */
export function TextField({
  label,
  errorId,
  hint,
  optional,
  inputRef,
  onValueChange,
  className,
  onChange,
  ...input
}: TextFieldProps) {
  const id = useId();
  const describedBy = [errorId, hint ? fieldHintId(id) : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field id={id} label={label} hint={hint} optional={optional} className={className}>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        onChange={onValueChange ? (event) => onValueChange(event.target.value) : onChange}
        {...input}
      />
    </Field>
  );
}

/** The bounds of each kind of count: a quantity on an order line, or units in stock. */
const BOUNDS = {
  quantity: { min: 1, max: 999 },
  stock: { min: 0, step: 1 },
} as const;

type CountInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'min' | 'max' | 'step' | 'onChange' | 'value'
> & {
  count: keyof typeof BOUNDS;
  value: string;
  onValueChange: (value: string) => void;
};

/** A whole number typed on the number pad: a quantity to order (1 to 999) or a stock count (0 or more). */
export function CountInput({ count, className, onValueChange, ...input }: CountInputProps) {
  return (
    <input
      {...input}
      className={className ? `field__input ${className}` : 'field__input'}
      type="number"
      inputMode="numeric"
      {...BOUNDS[count]}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}
