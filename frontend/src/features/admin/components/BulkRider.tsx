import { useId, useState, type FormEvent } from 'react';
import { useGiveMany, useRiders } from '../api/riders';
import { FormNotice, type Notice } from './AdminPanel';
import { ADMIN_FIELD } from './Fields';
import { mayGoToRider } from './RiderPanel';
import { Select } from '@/components/forms/Select';
import { Field } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import type { GivenOne, StaffOrder } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

/** The most orders one "Give to a rider" sends (the server's bound). */
export const MAX_BULK = 100;
export const CHOOSE_RIDER = 'Choose a rider.';
export const CHOOSE_ORDERS = 'Choose at least one order.';
export const BULK_FAILED = 'The orders could not be given. Please try again.';

/** "3 given to Tunde Bakare." / "2 given to Tunde Bakare; 1 could not go:". */
export function bulkSummary(results: ReadonlyArray<GivenOne>, rider: string): string {
  const given = results.filter((r) => r.given).length;
  const refused = results.length - given;
  const head = `${given} given to ${rider}`;
  return refused === 0 ? `${head}.` : `${head}; ${refused} could not go:`;
}

type BulkOrder = Pick<StaffOrder, 'id' | 'number' | 'customerName' | 'deliveryMethod' | 'status' | 'shippedBy'>;

/**
 * "Give to a rider" on the orders list: the orders shown that may go to a rider, each ticked (the
 * selection), one rider, and one request; each order is decided on its own and the answer lists
 * those that could not go, with why.
 */
export function BulkRider({ orders }: { orders: ReadonlyArray<BulkOrder> }) {
  const riders = useRiders();
  const give = useGiveMany();
  const latch = useInFlight();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [riderId, setRiderId] = useState('');
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [refused, setRefused] = useState<ReadonlyArray<GivenOne & { number: string }>>([]);
  const eligible = orders.filter(mayGoToRider).slice(0, MAX_BULK);
  const accountRiders = (riders.data ?? []).filter((r) => !r.link);
  if (eligible.length === 0 && refused.length === 0) return null;

  if (!open) {
    return (
      <button type="button" className="btn btn--sm btn--outline" onClick={() => setOpen(true)}>
        Give to a rider
      </button>
    );
  }

  const chosen = eligible.filter((o) => !unticked.has(o.id));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rider = accountRiders.find((r) => r.id === riderId);
    if (!rider) return setNotice({ tone: 'error', text: CHOOSE_RIDER });
    if (chosen.length === 0) return setNotice({ tone: 'error', text: CHOOSE_ORDERS });
    if (!latch.begin()) return;
    setNotice(null);
    setRefused([]);
    give.mutate(
      { riderId: rider.id, orderIds: chosen.map((o) => o.id) },
      {
        onSuccess: ({ results }) => {
          const numbers = new Map(chosen.map((o) => [o.id, o.number]));
          setRefused(
            results.filter((r) => !r.given).map((r) => ({ ...r, number: numbers.get(r.orderId) ?? r.orderId })),
          );
          setNotice({
            tone: results.every((r) => r.given) ? 'success' : 'error',
            text: bulkSummary(results, rider.name),
          });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, BULK_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <form className="admin-bulk-rider" onSubmit={onSubmit} noValidate aria-label="Give orders to a rider">
      <FormNotice notice={notice} />
      {refused.length > 0 && (
        <ul className="admin-bulk-rider__refused" aria-label="Could not go">
          {refused.map((r) => (
            <li key={r.orderId}>
              #{r.number}: {r.message}
            </li>
          ))}
        </ul>
      )}
      <Field id={selectId} label="Rider" className={ADMIN_FIELD}>
        <Select
          id={selectId}
          value={riderId}
          onValueChange={setRiderId}
          options={[
            { value: '', label: 'Choose a rider' },
            ...accountRiders.map((r) => ({ value: r.id, label: r.name })),
          ]}
        />
      </Field>
      <fieldset className="admin-bulk-rider__orders">
        <legend>Orders ({chosen.length})</legend>
        {eligible.map((o) => (
          <label key={o.id} className="admin-bulk-rider__order">
            <input
              type="checkbox"
              checked={!unticked.has(o.id)}
              onChange={(e) => {
                const next = new Set(unticked);
                if (e.target.checked) next.delete(o.id);
                else next.add(o.id);
                setUnticked(next);
              }}
            />
            #{o.number} · {o.customerName}
          </label>
        ))}
      </fieldset>
      <div className="admin-bulk-rider__actions">
        <button type="submit" className="btn btn--dark btn--sm" disabled={give.isPending}>
          {give.isPending ? 'Giving…' : `Give ${chosen.length} ${chosen.length === 1 ? 'order' : 'orders'}`}
        </button>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}
