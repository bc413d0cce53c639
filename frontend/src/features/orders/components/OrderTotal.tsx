import { Price } from '@/components/Price';
import { nairaEquivalentText, type Charged } from '@/lib/orders';
import './Refunds.css';

/**
 * An order's total: in naira, or for an order paid in dollars or pounds, what was charged in that
 * currency and, once, its naira equivalent at the rate used ("£22.99 · ₦45,980.00 at ₦2,000.00 per £1").
 */
export function OrderTotal({
  order,
  className,
}: {
  order: { totalAmount: number; charged?: Charged | null };
  className?: string;
}) {
  const charged = order.charged ?? null;
  if (!charged) return <Price kobo={order.totalAmount} className={className} />;
  return (
    <>
      <Price kobo={charged.total} currency={charged.currency} className={className} />
      <span className="order-naira">{nairaEquivalentText(order.totalAmount, charged)}</span>
    </>
  );
}
