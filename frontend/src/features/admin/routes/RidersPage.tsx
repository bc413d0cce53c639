import { useId, useState, type FormEvent } from 'react';
import { useRiders, useSettleRider } from '../api/riders';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { NairaField } from '../components/Fields';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { nairaProblem } from '../lib/naira';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { eventTime } from '@/lib/orders';
import type { Rider } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './RidersPage.css';

export const SETTLED = 'Cash handed in and counted.';
export const SETTLE_FAILED = 'The cash could not be recorded. Please try again.';

/** "2 to deliver · 1 out now · 1 photo to review". */
export function roundText(rider: Pick<Rider, 'open' | 'out' | 'toReview'>): string {
  if (rider.open === 0) return 'No deliveries';
  const open = rider.open === 1 ? '1 to deliver' : `${rider.open} to deliver`;
  const out = rider.out > 0 ? `${open} · ${rider.out} out now` : open;
  const review = rider.toReview === 1 ? '1 photo to review' : `${rider.toReview} photos to review`;
  return rider.toReview > 0 ? `${out} · ${review}` : out;
}

/**
 * /admin/riders (everyone who ships orders): the shop's riders with their rounds, and for those
 * who see money the cash each took at doors and has not handed in, settled at the end of the day
 * by counting it ("Hand in" needs the amount he holds, so a miscount is caught there). Riders are
 * members of staff with the rider role (Staff screen); orders are given to them on the order.
 */
export default function RidersPage() {
  const riders = useRiders();
  return (
    <PageShell title="Riders" eyebrow="Admin">
      <PageBar state="Your own riders: their deliveries and the cash they hold." refresh={riders} />
      <Loaded
        query={riders}
        loading="Loading riders…"
        empty={(list) =>
          list.length === 0 && (
            <p className="muted">No riders yet. Invite one from the Staff screen with the role Rider.</p>
          )
        }
      >
        {(list) => (
          <ul className="riders" aria-label="Riders">
            {list.map((rider) => (
              <li key={rider.id}>
                <RiderCard rider={rider} />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </PageShell>
  );
}

function RiderCard({ rider }: { rider: Rider }) {
  const headingId = useId();
  const settle = useSettleRider();
  const latch = useInFlight();
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState(false);
  const cash = rider.cashInHand;

  const onSettle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nairaProblem(amount, 'cash counted');
    if (problem) {
      setInvalid(true);
      setNotice({ tone: 'error', text: problem });
      return;
    }
    if (!latch.begin()) return;
    setInvalid(false);
    setNotice(null);
    settle.mutate(
      { riderId: rider.id, amount: amount.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setNotice({ tone: 'success', text: SETTLED });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, SETTLE_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <section className="riders__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="riders__name">
        {rider.name}
      </h2>
      {rider.link && <p className="muted riders__link">Rider by link (no account)</p>}
      <p className="riders__round">
        {roundText(rider)}
        {rider.phone && (
          <>
            {' · '}
            <a href={`tel:${rider.phone}`}>{rider.phone}</a>
          </>
        )}
      </p>
      {cash !== null && cash !== undefined && (
        <>
          <p className="riders__cash">
            Cash in hand: <strong>{formatNaira(cash)}</strong>
            {rider.lastSettledAt && <span className="muted"> · last handed in {eventTime(rider.lastSettledAt)}</span>}
          </p>
          <FormNotice notice={notice} />
          {cash > 0 && (
            <form className="riders__settle" onSubmit={onSettle} noValidate aria-label={`Cash from ${rider.name}`}>
              <NairaField
                label="Cash counted (₦)"
                value={amount}
                onValueChange={(value) => {
                  setAmount(value);
                  if (invalid) {
                    setInvalid(false);
                    setNotice(null);
                  }
                }}
                invalid={invalid}
              />
              <button type="submit" className="btn btn--dark" disabled={settle.isPending}>
                {settle.isPending ? 'Saving…' : 'Hand in'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
