import { useOrderMessages } from '../api/orderUpdates';
import { EVENT_LABELS } from '../routes/OrderUpdatesPage';
import { adminTime } from '../lib/time';
import { AdminCard } from './AdminPanel';
import type { OrderMessage } from '@/lib/types';

const CHANNEL_LABELS: Record<string, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
const STATUS_LABELS: Record<string, string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };

/** One message's line: channel, event, status and time (sent, or when it is due). */
export function messageLine(m: OrderMessage): string {
  const when =
    m.status === 'sent' && m.sentAt
      ? adminTime.format(m.sentAt)
      : m.status === 'pending'
        ? `due ${adminTime.format(m.nextAt)}`
        : '';
  return [
    `${CHANNEL_LABELS[m.channel] ?? m.channel}: ${EVENT_LABELS[m.event]}`,
    STATUS_LABELS[m.status] ?? m.status,
    when,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The order's SMS and WhatsApp messages (its e-mails are not listed here). */
export function OrderMessages({ orderId }: { orderId: string }) {
  const { data: messages, isError } = useOrderMessages(orderId);
  return (
    <AdminCard headingId="order-messages-heading" title="SMS and WhatsApp">
      {isError ? (
        <p className="admin-order__muted">Could not load the messages.</p>
      ) : !messages ? (
        <p className="admin-order__muted">Loading…</p>
      ) : messages.length === 0 ? (
        <p className="admin-order__muted">None for this order.</p>
      ) : (
        <ol className="admin-order__messages" aria-label="Order messages">
          {messages.map((m) => (
            <li key={m.id}>
              {messageLine(m)}
              {m.status === 'failed' && m.lastError && <span className="admin-order__muted"> ({m.lastError})</span>}
            </li>
          ))}
        </ol>
      )}
    </AdminCard>
  );
}
