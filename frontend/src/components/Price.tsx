import { formatNaira } from '@/lib/money';

type PriceProps = { kobo: number; className?: string };

/** A price in naira with two decimals ("₦25,000.00"). */
export function Price({ kobo, className }: PriceProps) {
  return (
    <span className={className ? `price ${className}` : 'price'} data-kobo={kobo}>
      {formatNaira(kobo)}
    </span>
  );
}
