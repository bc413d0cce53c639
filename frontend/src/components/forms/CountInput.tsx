import type { InputHTMLAttributes } from 'react';

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
