import { useId, useState, type FormEvent } from 'react';
import { useAssignRider, useNewDeliveryCode, useOrderDelivery, useRiders } from '../api/riders';
import { AdminCard, FormNotice, type Notice } from './AdminPanel';
import { ADMIN_FIELD } from './Fields';
import { Select } from '@/components/forms/Select';
import { Field } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { eventTime } from '@/lib/orders';
import type { StaffOrder } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const GIVEN = (name: string) => `Given to ${name}. It is on his round.`;
export const TAKEN_BACK = 'Taken back: no rider has this order now.';
export const CODE_SENT = 'A new code was sent to the customer. The old one no longer works.';
export const RIDER_FAILED = 'That did not go through. Please try again.';
/** The select's value for "no rider". */
const NONE = '';

/** Whether an order may go to one of the shop's riders: delivered to an address and still on its way. */
export function mayGoToRider(order: Pick<StaffOrder, 'deliveryMethod' | 'status' | 'shippedBy'>): boolean {
  if (order.deliveryMethod !== 'delivery') return false;
  if (order.status === 'shipped') return order.shippedBy === 'rider';
  return order.status === 'placed' || order.status === 'paid' || order.status === 'processing';
}

/**
 * The order's rider: choose one of the shop's riders (the order goes at the end of his round),
 * see when he left and how many wrong codes were tried at the door, and send the customer a new
 * code. The code itself is never shown to the shop.
 */
export function RiderPanel({ order }: { order: Pick<StaffOrder, 'id' | 'deliveryMethod' | 'status' | 'shippedBy'> }) {
  const delivery = useOrderDelivery(order.id);
  const riders = useRiders();
  const assign = useAssignRider(order.id);
  const newCode = useNewDeliveryCode(order.id);
  const latch = useInFlight();
  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const current = delivery.data ?? null;
  const chosen = choice ?? current?.riderId ?? NONE;
  const open = mayGoToRider(order) && !current?.deliveredAt;
  const options = [
    { value: NONE, label: 'No rider' },
    ...(riders.data ?? []).map((r) => ({ value: r.id, label: r.name })),
  ];

  const onGive = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    setNotice(null);
    const riderId = chosen === NONE ? null : chosen;
    const name = riders.data?.find((r) => r.id === riderId)?.name ?? '';
    assign.mutate(riderId, {
      onSuccess: () => {
        setChoice(null);
        setNotice({ tone: 'success', text: riderId ? GIVEN(name) : TAKEN_BACK });
      },
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  const onNewCode = () => {
    if (!latch.begin()) return;
    setNotice(null);
    newCode.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: CODE_SENT }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  if (!current && !open) return null;
  return (
    <AdminCard headingId="order-rider-heading" title="Rider">
      <FormNotice notice={notice} />
      {current && (
        <p className="admin-order__lines">
          <strong>{current.riderName}</strong>
          <span className="muted">
            {current.deliveredAt
              ? `Delivered ${eventTime(current.deliveredAt)} with the customer’s code`
              : current.leftAt
                ? `Left ${eventTime(current.leftAt)}`
                : `Given ${eventTime(current.assignedAt)}; not left yet`}
          </span>
          {current.codeTries > 0 && !current.deliveredAt && (
            <span>
              {current.codeTries} wrong {current.codeTries === 1 ? 'code' : 'codes'} tried at the door
            </span>
          )}
        </p>
      )}
      {open && (
        <form onSubmit={onGive} noValidate aria-label="Give to a rider" className="admin-order__rider">
          <Field id={selectId} label="Rider" className={ADMIN_FIELD}>
            <Select id={selectId} value={chosen} onValueChange={setChoice} options={options} />
          </Field>
          <button
            type="submit"
            className="btn btn--dark btn--sm"
            disabled={assign.isPending || chosen === (current?.riderId ?? NONE)}
          >
            {assign.isPending ? 'Saving…' : chosen === NONE ? 'Take back' : 'Give to rider'}
          </button>
          {riders.data?.length === 0 && (
            <p className="muted">No riders yet: invite one from the Staff screen with the role Rider.</p>
          )}
        </form>
      )}
      {current?.leftAt && !current.deliveredAt && order.status === 'shipped' && (
        <button type="button" className="btn btn--outline btn--sm" onClick={onNewCode} disabled={newCode.isPending}>
          {newCode.isPending ? 'Sending…' : 'Send the customer a new code'}
        </button>
      )}
    </AdminCard>
  );
}
