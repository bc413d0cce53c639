import { useState } from 'react';
import { Link } from 'wouter';
import { useBookCourier, useCancelCourier, useMoveTestParcel, useOrderShipment } from '../api/couriers';
import { useOrderDelivery } from '../api/riders';
import { AdminCard, FormNotice, type Notice } from './AdminPanel';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { eventTime } from '@/lib/orders';
import type { ShipmentStatus, StaffOrder } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const COURIER_FAILED = 'That did not go through. Please try again.';
export const BOOKED = (courier: string, tracking: string) => `Booked with ${courier}: tracking number ${tracking}.`;
export const BOOKING_CANCELLED = 'The booking is cancelled. You may book again.';

/** Each step as the shop reads it. */
export const STEP_LABELS: Record<ShipmentStatus, string> = {
  booked: 'Booked',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed: 'Could not deliver',
  cancelled: 'Cancelled',
};

/** The sandbox courier's moves, in the order a parcel makes them ("completed" is Shipbubble's delivered). */
const TEST_MOVES: { status: string; label: string }[] = [
  { status: 'picked_up', label: 'Picked up' },
  { status: 'in_transit', label: 'In transit' },
  { status: 'out_for_delivery', label: 'Out for delivery' },
  { status: 'completed', label: 'Delivered' },
  { status: 'failed', label: 'Could not deliver' },
];

/** The order as the card needs it: the packing view has no money in it (no balance). */
type CourierOrder = Pick<StaffOrder, 'id' | 'deliveryMethod' | 'status' | 'shippedBy'> & { balance?: number };

/**
 * Whether a courier may be booked for an order now: paid, on its way to an address. Without the
 * balance (a packer's view) a placed order is not offered: the server decides the rest.
 */
export function mayBookCourier(order: Omit<CourierOrder, 'id'>): boolean {
  if (order.deliveryMethod !== 'delivery' || (order.balance ?? 0) > 0) return false;
  if (order.status === 'placed') return order.balance === 0;
  return order.status === 'paid' || order.status === 'processing';
}

/**
 * The order's courier: one click books the cheapest courier for the address; then the courier,
 * the tracking number, what it costs (for those who see money), each step the courier told, the
 * label to print, and cancelling before pickup. With the sandbox courier, its test moves.
 */
export function CourierPanel({ order }: { order: CourierOrder }) {
  const booking = useOrderShipment(order.id);
  const hasRider = useOrderDelivery(order.id).data != null;
  const book = useBookCourier(order.id);
  const cancel = useCancelCourier(order.id);
  const move = useMoveTestParcel(order.id);
  const latch = useInFlight();
  const [notice, setNotice] = useState<Notice>(null);
  const shipment = booking.data?.shipment ?? null;
  const live = shipment && shipment.status !== 'cancelled' ? shipment : null;
  const bookable = !live && !hasRider && mayBookCourier(order);

  const failed = (e: unknown) => setNotice({ tone: 'error', text: failureMessage(e, COURIER_FAILED) });
  const begin = () => {
    if (!latch.begin()) return false;
    setNotice(null);
    return true;
  };
  const onBook = () => {
    if (!begin()) return;
    book.mutate(undefined, {
      onSuccess: ({ shipment: s }) => setNotice({ tone: 'success', text: BOOKED(s.courier, s.trackingCode) }),
      onError: failed,
      onSettled: () => latch.end(),
    });
  };
  const onCancel = () => {
    if (!begin()) return;
    cancel.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: BOOKING_CANCELLED }),
      onError: failed,
      onSettled: () => latch.end(),
    });
  };
  const onMove = (parcel: string, status: string, label: string) => {
    if (!begin()) return;
    move.mutate(
      { parcel, status },
      {
        onSuccess: () => setNotice({ tone: 'success', text: `The test courier says: ${label}.` }),
        onError: failed,
        onSettled: () => latch.end(),
      },
    );
  };

  if (!live && !bookable) return null;
  return (
    <AdminCard headingId="order-courier-heading" title="Courier">
      <FormNotice notice={notice} />
      {live ? (
        <>
          <p className="admin-order__lines">
            <strong>{live.courier}</strong>
            <span>
              Tracking number{' '}
              {live.trackingUrl ? (
                <a href={live.trackingUrl} target="_blank" rel="noreferrer">
                  {live.trackingCode}
                </a>
              ) : (
                <strong>{live.trackingCode}</strong>
              )}
            </span>
            {live.fee !== null && live.fee !== undefined && (
              <span className="muted">Costs {formatNaira(live.fee)}</span>
            )}
          </p>
          <ol className="courier-steps" aria-label="What the courier told">
            {live.events.map((event, i) => (
              <li key={i}>
                <strong>{STEP_LABELS[event.status]}</strong> <span className="muted">{eventTime(event.at)}</span>
              </li>
            ))}
          </ol>
          <p className="courier-actions">
            <Link href={`/admin/orders/${encodeURIComponent(order.id)}/label`} className="btn btn--outline btn--sm">
              Print the label
            </Link>
            {live.labelUrl && (
              <a href={live.labelUrl} target="_blank" rel="noreferrer" className="btn btn--outline btn--sm">
                The courier’s waybill
              </a>
            )}
            {live.status === 'booked' && (
              <button type="button" className="btn btn--outline btn--sm" onClick={onCancel} disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling…' : 'Cancel the booking'}
              </button>
            )}
          </p>
          {booking.data?.sandbox && live.status !== 'delivered' && (
            <div className="courier-sandbox" role="group" aria-label="Test courier">
              <p className="muted">
                Test courier: move the parcel as the courier would. The shop hears of it by a signed webhook.
              </p>
              {TEST_MOVES.map((m) => (
                <button
                  key={m.status}
                  type="button"
                  className="btn btn--outline btn--sm"
                  onClick={() => onMove(live.id, m.status, m.label)}
                  disabled={move.isPending}
                >
                  {m.label}
                </button>
              ))}
            </div>
          )}
        </>
      ) : (
        <>
          {shipment?.status === 'cancelled' && (
            <p className="muted">
              The booking with {shipment.courier} ({shipment.trackingCode}) was cancelled.
            </p>
          )}
          <p className="muted">
            Books the cheapest courier for the customer’s address; the courier collects from the shop.
          </p>
          <button type="button" className="btn btn--dark btn--sm" onClick={onBook} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book with a courier'}
          </button>
        </>
      )}
    </AdminCard>
  );
}
