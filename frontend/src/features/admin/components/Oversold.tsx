/** An order paid for after its units had sold out: the merchant must restock or refund. */
export const OVERSOLD_HINT = 'Paid after its items sold out — restock or refund the customer';

/** The orders list's banner when some orders (not cancelled) are oversold. */
export function oversoldBanner(count: number): string {
  return count === 1
    ? '1 order was paid after its items sold out: restock or refund the customer. It is marked Oversold below.'
    : `${count} orders were paid after their items sold out: restock or refund those customers. They are marked Oversold below.`;
}

/** The mark of an oversold order, beside its status. */
export function OversoldBadge() {
  return (
    <span className="admin-oversold-badge" title={OVERSOLD_HINT}>
      Oversold
    </span>
  );
}

/** An order paid with a discount code whose uses had run out: the merchant honours or settles the discount. */
export const CODE_OVER_LIMIT_HINT = 'Code over its limit — the customer paid with a code whose uses had run out';
/** The order screen's note under its title. */
export const CODE_OVER_LIMIT_NOTE =
  'The customer paid with a code whose uses had run out: honour the discount, or settle it with them.';

/** The mark of an order paid with a code past its limits, beside its status. */
export function CodeOverLimitBadge() {
  return (
    <span className="admin-oversold-badge admin-code-badge" title={CODE_OVER_LIMIT_HINT}>
      Code over limit
    </span>
  );
}
