import { moneyData, Price } from './Price';
import { formatMoney, percentOff, type Currency } from '@/lib/money';

type SalePriceProps = {
  /** What it costs now, in the currency's minor unit. */
  kobo: number;
  /** On sale: what it cost before (shown struck through when above `kobo`). */
  compareAt?: number | null;
  /** Naira unless said. */
  currency?: Currency;
  className?: string;
  /** Class of the price itself. */
  priceClassName?: string;
};

/**
 * A price and, on sale, the price before struck through with the percentage off: "₦40,000.00
 * ₦50,000.00 20% off". Screen readers hear "Was ₦50,000.00" for the struck price.
 */
export function SalePrice({ kobo, compareAt, currency = 'NGN', className, priceClassName }: SalePriceProps) {
  const off = percentOff(kobo, compareAt);
  if (!compareAt || off === 0) return <Price kobo={kobo} currency={currency} className={priceClassName ?? className} />;
  return (
    <span className={className ? `sale-price ${className}` : 'sale-price'}>
      <Price
        kobo={kobo}
        currency={currency}
        className={priceClassName ? `sale-price__now ${priceClassName}` : 'sale-price__now'}
      />
      <del className="sale-price__was" {...moneyData(compareAt, currency)}>
        <span className="visually-hidden">Was </span>
        {formatMoney(compareAt, currency)}
      </del>
      <span className="sale-price__off">{off}% off</span>
    </span>
  );
}
