import { chargedAbroad, rateLine } from '../lib/abroadOrder';
import { CURRENCY_NAMES } from '../lib/moneyAbroad';
import { formatNaira, formatMoney } from '@/lib/money';
import type { AdminOrder } from '@/lib/types';

type Props = {
  order: Pick<AdminOrder, 'charged' | 'items' | 'subtotal' | 'deliveryFee' | 'discount' | 'totalAmount'>;
};

/**
 * An order paid in dollars or pounds: what the customer was charged in that currency, line by
 * line, beside its naira equivalent (what the shop's books, dashboard and exports count), and the
 * rate it was charged at. Nothing for an order in naira.
 */
export function ChargedBreakdown({ order }: Props) {
  const charged = chargedAbroad(order);
  if (!charged) return null;
  const { currency } = charged;
  // Each line at the unit price it was sold at in that currency (when the order kept it).
  const lines = order.items.every((item) => typeof item.priceAbroad === 'number')
    ? order.items.map((item, i) => ({
        key: `line-${i}`,
        label: `${item.name} × ${item.quantity}`,
        minor: (item.priceAbroad ?? 0) * item.quantity,
        kobo: item.price * item.quantity,
        line: true,
      }))
    : [];
  const rows: { key: string; label: string; minor: number; kobo: number; less?: boolean; line?: boolean }[] = [
    ...lines,
    { key: 'subtotal', label: 'Subtotal', minor: charged.subtotal, kobo: order.subtotal },
    { key: 'delivery', label: 'Delivery', minor: charged.delivery, kobo: order.deliveryFee },
    ...(charged.discount > 0 || order.discount > 0
      ? [{ key: 'discount', label: 'Discount', minor: charged.discount, kobo: order.discount, less: true }]
      : []),
  ];
  return (
    <table className="admin-charged">
      <caption className="admin-charged__caption">
        Charged in {CURRENCY_NAMES[currency]}s ({currency}) at {rateLine(charged)}
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Line</span>
          </th>
          <th scope="col">{currency}</th>
          <th scope="col">Naira</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.line ? 'admin-charged__line' : undefined}>
            <th scope="row">{row.label}</th>
            <td>
              {row.less ? '−' : ''}
              {formatMoney(row.minor, currency)}
            </td>
            <td>
              {row.less ? '−' : ''}
              {formatNaira(row.kobo)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="admin-charged__total">
          <th scope="row">Total</th>
          <td>{formatMoney(charged.total, currency)}</td>
          <td>{formatNaira(order.totalAmount)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
