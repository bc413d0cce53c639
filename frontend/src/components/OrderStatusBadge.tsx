import { ORDER_STATUS_LABELS } from '@/lib/orders';
import type { OrderStatus } from '@/lib/types';
import './OrderStatusBadge.css';

/** An order's status as a coloured pill; each status has its own colour and always its name. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {ORDER_STATUS_LABELS[status] ?? status}
    </span>
  );
}
