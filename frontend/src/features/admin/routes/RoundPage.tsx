import { useId, useState, type FormEvent } from 'react';
import { useDeliver, useLeave, useRound } from '../api/riders';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { COLLECT_METHODS } from '../components/PayOnDeliveryPanel';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { eventTime } from '@/lib/orders';
import type { CollectedBy, Stop } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './RoundPage.css';

export const LEFT = 'The customer has been sent her delivery code.';
export const DELIVERED = 'Delivered. Thank you!';
export const ROUND_FAILED = 'That did not go through. Please check your connection and try again.';
export const CODE_MISSING = 'Enter the four-digit code the customer gives you.';
export const PAID_BY_MISSING = 'Choose how the customer paid.';

/** "+2348031234567" as wa.me wants it: the digits alone. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}

/** A map search for the stop's address (the landmark helps a person, not the map). */
export function mapLink(stop: Pick<Stop, 'street' | 'city' | 'state'>): string {
  const query = [stop.street, stop.city, stop.state, 'Nigeria'].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * /admin/deliveries (riders): the rider's round on his phone, in the order the shop gave it. Each
 * stop shows the address with its landmark, call, WhatsApp and map buttons, what is in the parcel
 * and the amount to collect. "Leaving now" sends the customer her code; at the door her four
 * digits (and, when there is money to take, how she paid) mark it delivered. Nothing else of the
 * shop is on this page.
 */
export default function RoundPage() {
  const round = useRound();
  const stops = round.data ?? [];
  const toMake = stops.filter((s) => s.deliveredAt === null).length;
  return (
    <PageShell title="My deliveries" eyebrow="Rider">
      <PageBar
        state={round.data ? (toMake === 1 ? '1 delivery to make.' : `${toMake} deliveries to make.`) : 'Your round.'}
        refresh={round}
      />
      <Loaded
        query={round}
        loading="Loading your round…"
        empty={(list) => list.length === 0 && <p className="muted">No deliveries for you right now.</p>}
      >
        {(list) => (
          <ol className="round" aria-label="Your deliveries">
            {list.map((stop, i) => (
              <li key={stop.orderId}>
                <StopCard stop={stop} place={i + 1} />
              </li>
            ))}
          </ol>
        )}
      </Loaded>
    </PageShell>
  );
}

function StopCard({ stop, place }: { stop: Stop; place: number }) {
  const headingId = useId();
  const leave = useLeave();
  const latch = useInFlight();
  const [notice, setNotice] = useState<Notice>(null);
  const done = stop.deliveredAt !== null;
  const phone = stop.customerPhone;

  const onLeave = () => {
    if (!latch.begin()) return;
    setNotice(null);
    leave.mutate(stop.orderId, {
      onSuccess: () => setNotice({ tone: 'success', text: LEFT }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ROUND_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <article className={`round__stop${done ? ' is-done' : ''}`} aria-labelledby={headingId}>
      <header className="round__head">
        <h2 id={headingId} className="round__title">
          <span className="round__place">{place}</span> {stop.customerName}
        </h2>
        <span className="round__number">Order #{stop.number}</span>
      </header>
      <address className="round__address">
        <span>{stop.street}</span>
        <span>
          {stop.city}, {stop.state}
        </span>
        {stop.landmark && <span className="round__landmark">Landmark: {stop.landmark}</span>}
      </address>
      {!done && (
        <div className="round__contact">
          <a className="btn btn--outline btn--sm" href={`tel:${phone}`}>
            Call
          </a>
          <a className="btn btn--outline btn--sm" href={whatsappLink(phone)} target="_blank" rel="noreferrer">
            WhatsApp
          </a>
          <a className="btn btn--outline btn--sm" href={mapLink(stop)} target="_blank" rel="noreferrer">
            Map
          </a>
        </div>
      )}
      <ul className="round__items" aria-label="In the parcel">
        {stop.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {stop.note && <p className="round__note">Customer’s note: {stop.note}</p>}
      <p className={`round__collect${stop.toCollect > 0 ? ' is-owed' : ''}`}>
        {stop.toCollect > 0 ? `Collect ${formatNaira(stop.toCollect)}` : done ? 'Paid' : 'Paid: nothing to collect'}
      </p>
      <FormNotice notice={notice} />
      {done && stop.deliveredAt !== null && <p className="round__delivered">Delivered {eventTime(stop.deliveredAt)}</p>}
      {!done && stop.leftAt === null && (
        <button type="button" className="btn btn--primary btn--block" onClick={onLeave} disabled={leave.isPending}>
          {leave.isPending ? 'Sending the code…' : 'Leaving now'}
        </button>
      )}
      {!done && stop.leftAt !== null && <DoorForm stop={stop} />}
    </article>
  );
}

/** At the door: the customer's code and, when there is money to take, how she paid. */
function DoorForm({ stop }: { stop: Stop }) {
  const deliver = useDeliver();
  const latch = useInFlight();
  const [code, setCode] = useState('');
  const [paidBy, setPaidBy] = useState<CollectedBy | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState<'code' | 'paidBy' | null>(null);
  const errorId = useId();
  const payId = useId();
  const owed = stop.toCollect > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    const problem = !/^\d{4}$/.test(typed) ? 'code' : owed && paidBy === null ? 'paidBy' : null;
    if (problem) {
      setInvalid(problem);
      setNotice({ tone: 'error', text: problem === 'code' ? CODE_MISSING : PAID_BY_MISSING });
      return;
    }
    if (!latch.begin()) return;
    setInvalid(null);
    setNotice(null);
    deliver.mutate(
      { orderId: stop.orderId, code: typed, paidBy: owed ? paidBy : null },
      {
        onSuccess: () => setNotice({ tone: 'success', text: DELIVERED }),
        onError: (e) => {
          setInvalid('code');
          setNotice({ tone: 'error', text: failureMessage(e, ROUND_FAILED) });
        },
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <form className="round__door" onSubmit={onSubmit} noValidate aria-label={`Deliver order #${stop.number}`}>
      <p className="muted round__left">
        Left {eventTime(stop.leftAt ?? 0)}. {stop.triesLeft < 5 && `${stop.triesLeft} tries left.`}
      </p>
      <div id={errorId}>
        <FormNotice notice={notice} />
      </div>
      <TextField
        label="Customer’s code"
        value={code}
        onValueChange={(value) => {
          setCode(value.replace(/\D/g, '').slice(0, 4));
          if (invalid === 'code') setInvalid(null);
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        errorId={invalid === 'code' ? errorId : undefined}
        className="round__code"
      />
      {owed && (
        <fieldset className="round__paid-by" aria-describedby={invalid === 'paidBy' ? errorId : undefined}>
          <legend>How did the customer pay {formatNaira(stop.toCollect)}?</legend>
          {COLLECT_METHODS.map(({ value, label }) => (
            <label key={value} className="round__choice">
              <input
                type="radio"
                name={`${payId}-paid-by`}
                value={value}
                checked={paidBy === value}
                onChange={() => {
                  setPaidBy(value);
                  if (invalid === 'paidBy') setInvalid(null);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={deliver.isPending}>
        {deliver.isPending ? 'Checking…' : 'Delivered'}
      </button>
    </form>
  );
}
