import { Price } from '@/components/Price';
import type { AdminOrder } from '@/lib/types';

type BreakdownProps = {
  order: Pick<
    AdminOrder,
    'subtotal' | 'deliveryFee' | 'deliveryMethod' | 'deliveryEstimate' | 'discount' | 'discountCode' | 'totalAmount'
  >;
};

/** Subtotal, Delivery (or Pick up in store), Discount (code) and Total, as priced at checkout. */
export function OrderBreakdown({ order }: BreakdownProps) {
  const pickup = order.deliveryMethod === 'pickup';
  return (
    <dl className="order-breakdown">
      <div>
        <dt>Subtotal</dt>
        <dd>
          <Price kobo={order.subtotal} />
        </dd>
      </div>
      <div>
        <dt>
          {pickup ? 'Pick up in store' : 'Delivery'}
          {!pickup && order.deliveryEstimate && (
            <span className="order-breakdown__note"> ({order.deliveryEstimate})</span>
          )}
        </dt>
        <dd>{order.deliveryFee === 0 ? 'Free' : <Price kobo={order.deliveryFee} />}</dd>
      </div>
      {(order.discount > 0 || order.discountCode) && (
        <div className="order-breakdown__discount">
          <dt>
            Discount
            {order.discountCode && (
              <>
                {' '}
                <span className="order-breakdown__code">({order.discountCode})</span>
              </>
            )}
          </dt>
          <dd>
            −<Price kobo={order.discount} />
          </dd>
        </div>
      )}
      <div className="order-breakdown__total">
        <dt>Total</dt>
        <dd>
          <Price kobo={order.totalAmount} />
        </dd>
      </div>
    </dl>
  );
}
