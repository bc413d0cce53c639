import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDeliver, useLeave, usePhotoInstead, useRound, type PhotoSent } from '../api/riders';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { COLLECT_METHODS } from '../components/PayOnDeliveryPanel';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage, type ApiError } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { eventTime } from '@/lib/orders';
import type { CollectedBy, Stop, StopAnswer } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './RoundPage.css';

export const LEFT = 'The customer has been sent her delivery code.';
export const DELIVERED = 'Delivered. Thank you!';
export const ROUND_FAILED = 'That did not go through. Please check your connection and try again.';
export const CODE_MISSING = 'Enter the four-digit code the customer gives you.';
export const PAID_BY_MISSING = 'Choose how the customer paid.';
export const PHOTO_MISSING = 'Take a photo of the parcel in the customer’s hands.';
export const PHOTO_SENT = 'Photo sent. The shop will check it: this delivery is not marked yet.';
export const WAITING_REVIEW = 'Photo sent: waiting for the shop’s review.';
export const REJECTED = (reason: string) =>
  `The shop did not accept your photo: ${reason} Use the customer’s code, or send another photo.`;

/** What a stop's buttons do: the signed-in rider's round, or a link rider's one delivery. */
export interface StopActions {
  leave: UseMutationResult<StopAnswer, ApiError, string>;
  deliver: UseMutationResult<StopAnswer, ApiError, { orderId: string; code: string; paidBy: CollectedBy | null }>;
  photo: UseMutationResult<StopAnswer, ApiError, PhotoSent>;
}

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
                <RoundStop stop={stop} place={i + 1} />
              </li>
            ))}
          </ol>
        )}
      </Loaded>
    </PageShell>
  );
}

/** A stop of the signed-in rider's round, with its own buttons' state. */
function RoundStop({ stop, place }: { stop: Stop; place: number }) {
  const actions: StopActions = { leave: useLeave(), deliver: useDeliver(), photo: usePhotoInstead() };
  return <StopCard stop={stop} place={place} actions={actions} />;
}

/**
 * One stop: the address with its landmark, call, WhatsApp and map buttons, the parcel and the
 * amount to collect; "Leaving now", then at the door the code (or, without one, a photo for the
 * shop to review). The link page shows its one stop with this card too.
 */
export function StopCard({ stop, place, actions }: { stop: Stop; place: number; actions: StopActions }) {
  const headingId = useId();
  const leave = actions.leave;
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
      {!done && stop.leftAt !== null && stop.photoSentAt !== null && (
        <p className="round__review" role="status">
          {WAITING_REVIEW}
        </p>
      )}
      {!done && stop.leftAt !== null && stop.photoSentAt === null && (
        <>
          {stop.rejectedReason && <p className="round__rejected">{REJECTED(stop.rejectedReason)}</p>}
          <DoorForm stop={stop} actions={actions} />
        </>
      )}
    </article>
  );
}

/** How the customer paid what was owed: cash, transfer or POS. */
function PaidBy({
  stop,
  paidBy,
  onChange,
  describedBy,
}: {
  stop: Stop;
  paidBy: CollectedBy | null;
  onChange: (value: CollectedBy) => void;
  describedBy?: string;
}) {
  const payId = useId();
  return (
    <fieldset className="round__paid-by" aria-describedby={describedBy}>
      <legend>How did the customer pay {formatNaira(stop.toCollect)}?</legend>
      {COLLECT_METHODS.map(({ value, label }) => (
        <label key={value} className="round__choice">
          <input
            type="radio"
            name={`${payId}-paid-by`}
            value={value}
            checked={paidBy === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** At the door: the customer's code and, when there is money to take, how she paid. */
function DoorForm({ stop, actions }: { stop: Stop; actions: StopActions }) {
  const deliver = actions.deliver;
  const [withPhoto, setWithPhoto] = useState(false);
  const latch = useInFlight();
  const [code, setCode] = useState('');
  const [paidBy, setPaidBy] = useState<CollectedBy | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState<'code' | 'paidBy' | null>(null);
  const errorId = useId();
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
    <>
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
          <PaidBy
            stop={stop}
            paidBy={paidBy}
            describedBy={invalid === 'paidBy' ? errorId : undefined}
            onChange={(value) => {
              setPaidBy(value);
              if (invalid === 'paidBy') setInvalid(null);
            }}
          />
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={deliver.isPending}>
          {deliver.isPending ? 'Checking…' : 'Delivered'}
        </button>
      </form>
      {withPhoto ? (
        <PhotoForm stop={stop} actions={actions} />
      ) : (
        <button type="button" className="btn btn--outline btn--block" onClick={() => setWithPhoto(true)}>
          No code? Send a photo
        </button>
      )}
    </>
  );
}

/**
 * Without the customer's code (her phone is dead, the message never came): a photo of the parcel
 * handed over, and how she paid. It marks nothing: the shop reviews it.
 */
function PhotoForm({ stop, actions }: { stop: Stop; actions: StopActions }) {
  const photo = actions.photo;
  const latch = useInFlight();
  const inputId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [paidBy, setPaidBy] = useState<CollectedBy | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const owed = stop.toCollect > 0;

  const onSend = () => {
    const problem = file === null ? PHOTO_MISSING : owed && paidBy === null ? PAID_BY_MISSING : null;
    if (problem || file === null) {
      setNotice({ tone: 'error', text: problem ?? PHOTO_MISSING });
      return;
    }
    if (!latch.begin()) return;
    setNotice(null);
    photo.mutate(
      { orderId: stop.orderId, photo: file, paidBy: owed ? paidBy : null },
      {
        onSuccess: () => setNotice({ tone: 'success', text: PHOTO_SENT }),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ROUND_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <fieldset className="round__photo" aria-describedby={errorId}>
      <legend>No code: a photo of the handover</legend>
      <p className="muted">The shop checks the photo before the delivery is marked.</p>
      <div id={errorId}>
        <FormNotice notice={notice} />
      </div>
      <label htmlFor={inputId} className="round__file">
        Photo of the parcel in the customer’s hands
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      {owed && <PaidBy stop={stop} paidBy={paidBy} onChange={setPaidBy} />}
      <button type="button" className="btn btn--dark btn--block" onClick={onSend} disabled={photo.isPending}>
        {photo.isPending ? 'Sending…' : 'Send the photo'}
      </button>
    </fieldset>
  );
}
