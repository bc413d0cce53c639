import type { ComponentPropsWithRef } from 'react';

export type SelectOption<T extends string = string> = { value: T; label: string; disabled?: boolean };

type SelectProps<T extends string> = Omit<ComponentPropsWithRef<'select'>, 'onChange' | 'value'> & {
  value: T;
  /** Gets the chosen option's value (one of `options`', or '' for the placeholder). */
  onValueChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  /** A first option with the empty value ("Choose…", "All collections"). */
  placeholder?: string;
};

/**
 * A native select in the shared form style (`field__input`, plus `className`), its options from
 * value/label pairs. The caller labels it (a `Field` with the same `id`).
 */
export function Select<T extends string>({
  value,
  onValueChange,
  options,
  placeholder,
  className,
  ...rest
}: SelectProps<T>) {
  return (
    <select
      className={className ? `field__input ${className}` : 'field__input'}
      value={value}
      onChange={(e) => onValueChange(e.target.value as T)}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Options from a value → label record (`ORDER_STATUS_LABELS`), in the record's order. */
export function optionsOf<T extends string>(labels: Readonly<Record<T, string>>): SelectOption<T>[] {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
}

/** Options from things with an id and a name (collections): the id is the value. */
export function namedOptions(items: ReadonlyArray<{ id: string; name: string }>): SelectOption[] {
  return items.map((item) => ({ value: item.id, label: item.name }));
}

/** Options whose label is their value (the states). */
export function plainOptions(values: ReadonlyArray<string>): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}
