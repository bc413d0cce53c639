import { useId, type InputHTMLAttributes } from 'react';

type SearchBoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'type'> & {
  label: string;
  /** `visually-hidden` where the list around it says what it searches. */
  labelClassName?: string;
  value: string;
  onValueChange: (text: string) => void;
};

/**
 * A labelled search input (no wrapper: it sits in the caller's `role="search"` form or grid cell),
 * which the browser's autofill leaves alone.
 */
export function SearchBox({
  label,
  labelClassName = 'field__label',
  className,
  value,
  onValueChange,
  ...input
}: SearchBoxProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        type="search"
        autoComplete="off"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
    </>
  );
}
