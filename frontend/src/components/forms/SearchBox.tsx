import { useId, type InputHTMLAttributes } from 'react';

type SearchBoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'type'> & {
  label: string;
  value: string;
  onValueChange: (text: string) => void;
};

/**
 * A labelled search input (no wrapper: it sits in the caller's `role="search"` form or grid cell),
 * which the browser's autofill leaves alone.
 */
export function SearchBox({ label, value, onValueChange, ...input }: SearchBoxProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        autoComplete="off"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
    </>
  );
}
