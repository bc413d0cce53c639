import { formatMoney, type Currency } from '@/lib/money';

type PriceProps = {
  /** The amount in the currency's minor unit (kobo for naira). */
  kobo: number;
  /** Naira unless said: a shopper abroad sees dollars or pounds. */
  currency?: Currency;
  className?: string;
};

/**
 * A price with two decimals ("₦25,000.00", "£22.99"). A naira price carries its kobo in
 * `data-kobo` (what the browser tests read); a foreign one `data-minor` and `data-currency`, so
 * pence are never read as kobo.
 */
export function Price({ kobo, currency = 'NGN', className }: PriceProps) {
  return (
    <span className={className ? `price ${className}` : 'price'} {...moneyData(kobo, currency)}>
      {formatMoney(kobo, currency)}
    </span>
  );
}

/** The data attributes of an amount: `data-kobo` for naira, `data-minor` and `data-currency` otherwise. */
export const moneyData = (minor: number, currency: Currency) =>
  currency === 'NGN' ? { 'data-kobo': minor } : { 'data-minor': minor, 'data-currency': currency };
