import { Price } from './Price';
import type { Currency } from '@/lib/money';
import type { DeliveryMethod } from '@/lib/types';
import './PriceBreakdown.css';

type PriceBreakdownProps = {
  /** In `currency`'s minor unit (kobo), all of them. */
  subtotal: number;
  delivery: number;
  discount: number;
  total: number;
  method: DeliveryMethod;
  /** The discount code applied, if any. */
  code: string | null;
  /**
   * Every line even at zero (the checkout summary). Otherwise only the lines that apply: an order
   * from before delivery fees has neither a fee nor an estimate, and shows its total alone.
   */
  full?: boolean;
  /** The delivery estimate: set on orders priced with a zone, so their free delivery shows as Free. */
  estimate?: string | null;
  label?: string;
  className?: string;
  /** Naira unless said (a foreign order's charge, or a quote's in dollars or pounds). */
  currency?: Currency;
};

/** An order's figures as the server names them (an order, a tracked order, a pay link's order). */
type PricedOrder = {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  totalAmount: number;
  deliveryMethod: DeliveryMethod;
  discountCode: string | null;
  deliveryEstimate?: string | null;
};

/** The breakdown's figures from an order's. */
export function orderPrices(order: PricedOrder) {
  return {
    subtotal: order.subtotal,
    delivery: order.deliveryFee,
    discount: order.discount,
    total: order.totalAmount,
    method: order.deliveryMethod,
    code: order.discountCode,
    estimate: order.deliveryEstimate,
  };
}

/**
 * The parts of a price: Subtotal, Delivery (or Pick up in store), Discount with its code as a
 * negative amount, and Total: the checkout summary, My Orders and the order pages.
 */
export function PriceBreakdown({
  subtotal,
  delivery,
  discount,
  total,
  method,
  code,
  full = false,
  estimate = null,
  label,
  className,
  currency = 'NGN',
}: PriceBreakdownProps) {
  const pickup = method === 'pickup';
  const showDelivery = full || pickup || delivery > 0 || estimate !== null;
  const showDiscount = discount > 0 || (full && code !== null);
  const showSubtotal = showDelivery || showDiscount;
  // Nothing to break down: the total is shown where the order's facts are.
  if (!showSubtotal) return null;
  return (
    <dl className={className ? `breakdown ${className}` : 'breakdown'} aria-label={label}>
      {showSubtotal && (
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price kobo={subtotal} currency={currency} />
          </dd>
        </div>
      )}
      {showDelivery && (
        <div>
          <dt>{pickup ? 'Pick up in store' : 'Delivery'}</dt>
          <dd>{delivery === 0 ? 'Free' : <Price kobo={delivery} currency={currency} />}</dd>
        </div>
      )}
      {showDiscount && (
        <div className="breakdown__discount">
          <dt>{code ? `Discount (${code})` : 'Discount'}</dt>
          <dd>
            <Price kobo={-discount} currency={currency} />
          </dd>
        </div>
      )}
      <div className="breakdown__total">
        <dt>Total</dt>
        <dd>
          <Price kobo={total} currency={currency} />
        </dd>
      </div>
    </dl>
  );
}
