import { SOURCE_LABELS } from '../lib/chatOrder';
import { formatNaira } from '@/lib/money';
import type { AdminOrder, Order, OrderSource } from '@/lib/types';

/** "Source: WhatsApp": where an order came from, beside its status. */
export function SourceBadge({ source }: { source: OrderSource }) {
  return <span className={`admin-source admin-source--${source}`}>Source: {SOURCE_LABELS[source]}</span>;
}

/**
 * What a pay-link order still owes, beside its status: "Part paid — ₦X balance" once some money
 * came in, "Unpaid — ₦X to pay by link" before; null when nothing is owed (or the order is not
 * paid by link: pay on delivery has its own panel).
 */
export function owedText(order: Pick<Order, 'paymentMethod' | 'paid' | 'balance'>): string | null {
  if (order.balance <= 0) return null;
  if (order.paid > 0) return `Part paid — ${formatNaira(order.balance)} balance`;
  return order.paymentMethod === 'pay_link' ? `Unpaid — ${formatNaira(order.balance)} to pay by link` : null;
}

/** The mark of an order with money still owed. */
export function OwedBadge({ order }: { order: Pick<AdminOrder, 'paymentMethod' | 'paid' | 'balance'> }) {
  const text = owedText(order);
  return text ? <span className="admin-owed">{text}</span> : null;
}
