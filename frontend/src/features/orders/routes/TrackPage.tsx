import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useTrackedOrder, type TrackRequest } from '../api/track-order';
import { itemsCurrency, OrderPrice } from '../components/OrderCard';
import { OrderTotal } from '../components/OrderTotal';
import { ReturnPanel } from '../components/ReturnPanel';
import { RefundAmounts, RefundList, reviewLinkFor } from '../components/Refunds';
import { ConfirmOrderForm } from '@/components/ConfirmOrderForm';
import { FormError } from '@/components/forms/FormError';
import { OrderItemList } from '@/components/OrderItemList';
import { OrderStatusBadge } from '@/components/OrderStatusBadge';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
import { EMAIL_PATTERN } from '@/lib/forms';
import { lastCheckoutSummary } from '@/lib/lastCheckout';
import { formatDate } from '@/lib/money';
import {
  confirmationText,
  eventText,
  eventTime,
  isStopped,
  ORDER_STATUS_LABELS,
  orderSteps,
  orderTitle,
  toPayText,
} from '@/lib/orders';
import { useSession } from '@/lib/session';
import type { TrackedOrder, TrackedShipment } from '@/lib/types';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './TrackPage.css';

export const TRACK_MISSING = 'Please enter your order number and the e-mail address or phone number you ordered with.';
export const TRACK_BAD_EMAIL = 'Please enter a valid email address.';
export const TRACK_FAILED = "We couldn't look up your order right now. Please check your connection and try again.";

type Field = 'number' | 'contact';

/**
 * /track (anyone, no login): the footer's Tracking link. The order number from the confirmation
 * e-mail or My Orders (8 characters, any case) and the e-mail or the phone it was placed with (a
 * chat customer may have given no e-mail) show the order's status, its history as it happened
 * (with the rider's first name once he left), tracking number, dates and items. `?number=` prefills the number (e-mail links); with
 * `&code=` (the link in a pay-on-delivery order's confirmation e-mail) the page offers to confirm
 * the order. A guest who came from her checkout is reminded she may keep her details.
 */
export default function TrackPage() {
  useDocumentTitle('Track your order');
  const [params] = useSearchParams();
  const { user } = useSession();
  const [number, setNumber] = useState(() => (params.get('number') ?? '').toUpperCase());
  const confirmCode = params.get('code');
  const fromCheckout = user ? null : lastCheckoutSummary();
  const [contact, setContact] = useState('');
  const [request, setRequest] = useState<TrackRequest | null>(null);
  const [problem, setProblem] = useState<{ message: string; field: Field } | null>(null);
  const refs = { number: useRef<HTMLInputElement>(null), contact: useRef<HTMLInputElement>(null) };
  const errorId = useId();
  const lookup = useTrackedOrder(request);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedNumber = number.trim().toUpperCase();
    const trimmed = contact.trim();
    // An e-mail has an @; anything else is read as a phone number (the server says if it is none).
    const isEmail = trimmed.includes('@');
    const found: { message: string; field: Field } | null = !trimmedNumber
      ? { message: TRACK_MISSING, field: 'number' }
      : !trimmed
        ? { message: TRACK_MISSING, field: 'contact' }
        : isEmail && !EMAIL_PATTERN.test(trimmed)
          ? { message: TRACK_BAD_EMAIL, field: 'contact' }
          : null;
    setProblem(found);
    if (found) {
      refs[found.field].current?.focus();
      return;
    }
    setRequest(
      isEmail ? { number: trimmedNumber, email: trimmed.toLowerCase() } : { number: trimmedNumber, phone: trimmed },
    );
  };

  const lookupError = lookup.isError ? (serverReason(lookup.error) ?? TRACK_FAILED) : null;
  // The problem goes once a field it is about changes (an order not found: either field).
  const edited = (field: Field) => {
    if (problem?.field === field) setProblem(null);
    if (!problem && lookupError) setRequest(null);
  };
  const message = problem?.message ?? lookupError;
  const invalid = (field: Field) => (problem ? problem.field === field : Boolean(lookupError));

  return (
    <div className="container page track">
      <header className="page-header">
        <span className="eyebrow">Tracking</span>
        <h1>Track your order</h1>
        <p>
          Enter your order number (for example K7M2QX9A) and the e-mail address or phone number you ordered with. No
          account needed.
        </p>
      </header>

      {confirmCode && number && <ConfirmOrderForm number={number.trim()} initialCode={confirmCode} />}
      {fromCheckout?.guest && (
        <p className="track__keep">
          <Link href="/mybag">Keep your details for next time</Link> — set a password and your next order takes seconds.
        </p>
      )}

      <div className="track__layout">
        <form className="track__form" onSubmit={onSubmit} noValidate aria-label="Track an order">
          <FormError id={errorId} message={message} />
          <TextField
            label="Order number"
            name="number"
            value={number}
            onValueChange={(value) => {
              setNumber(value.toUpperCase());
              edited('number');
            }}
            inputRef={refs.number}
            errorId={invalid('number') ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            className="track__number"
          />
          <TextField
            label="E-mail or phone number"
            name="contact"
            value={contact}
            onValueChange={(value) => {
              setContact(value);
              edited('contact');
            }}
            inputRef={refs.contact}
            errorId={invalid('contact') ? errorId : undefined}
            autoComplete="on"
            spellCheck={false}
            maxLength={254}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={lookup.isFetching}>
            {lookup.isFetching ? 'Looking up...' : 'Track Order'}
          </button>
          <p className="track__aside muted">
            Signed in? <Link href="/myorders">My Orders</Link> lists every order you have placed.
          </p>
        </form>

        {lookup.data && !lookup.isError && request && <TrackedOrderCard order={lookup.data} request={request} />}
      </div>
    </div>
  );
}

function TrackedOrderCard({ order, request }: { order: TrackedOrder; request: TrackRequest }) {
  const headingId = useId();
  const [returning, setReturning] = useState(false);
  // The steps a delivered order goes through (a cancelled or refused order shows none).
  const steps = orderSteps(order);
  const reached = steps.indexOf(order.status);
  const toPay = toPayText(order);
  const waiting = confirmationText(order);
  const ref = useRef<HTMLElement>(null);
  // On a phone the result sits below the form, out of sight: bring it into view when it arrives.
  useEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || box.top < window.innerHeight * 0.6) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [order.number]);
  return (
    <section ref={ref} className="track__result" aria-labelledby={headingId} aria-live="polite">
      <header className="track__head">
        <h2 id={headingId} className="track__title">
          {orderTitle(order)}
        </h2>
        <OrderStatusBadge status={order.status} />
      </header>

      {waiting && <p className="alert alert--info track__confirm">{waiting}</p>}
      {!isStopped(order.status) && (
        <ol className="track__steps" aria-label="Progress">
          {steps.map((step, i) => (
            <li
              key={step}
              className={`track__step${i <= reached ? ' is-done' : ''}`}
              aria-current={i === reached ? 'step' : undefined}
            >
              <span className="track__dot" aria-hidden="true" />
              {ORDER_STATUS_LABELS[step]}
            </li>
          ))}
        </ol>
      )}

      {order.rider && order.status === 'shipped' && (
        <p className="alert alert--info track__rider">
          {order.rider.rider}, our rider, left with your order at {eventTime(order.rider.leftAt)}. Give him your
          delivery code only when you have your order.
        </p>
      )}

      <dl className="track__facts">
        <div>
          <dt>Tracking number</dt>
          <dd className="track__tracking">
            {order.trackingNumber ??
              (order.shippedBy === 'rider' ? 'On its way with our own rider' : 'Not yet shipped')}
          </dd>
        </div>
        <div>
          <dt>Ordered</dt>
          <dd>
            <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>
            <time dateTime={new Date(order.updatedAt).toISOString()}>{formatDate(order.updatedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd className="track__total">
            <OrderTotal order={order} />
            <RefundAmounts order={order} />
            {toPay && <span className="track__to-pay">{toPay}</span>}
          </dd>
        </div>
      </dl>
      <OrderPrice order={order} />
      <RefundList order={order} headingClassName="track__subhead" />
      {order.status === 'delivered' &&
        (returning ? (
          <ReturnPanel who={{ number: request.number ?? order.number, email: request.email, phone: request.phone }} />
        ) : (
          <p>
            <button type="button" className="btn btn--outline" onClick={() => setReturning(true)}>
              Return or exchange
            </button>
          </p>
        ))}
      {order.shipment && <CourierSteps shipment={order.shipment} />}
      {order.events.length > 0 && (
        <>
          <h3 className="track__subhead">History</h3>
          <Steps
            label="What happened to your order"
            steps={order.events.map((e) => ({ text: eventText(e.status, riderOf(order, e.status)), at: e.at }))}
          />
        </>
      )}
      <h3 className="track__subhead">Items</h3>
      <OrderItemList
        items={order.items}
        currency={itemsCurrency(order)}
        label={`Items in ${orderTitle(order)}`}
        lineAction={reviewLinkFor(order)}
      />
    </section>
  );
}

/** A courier's steps as the customer reads them. */
export const COURIER_STEPS: Record<TrackedShipment['status'], string> = {
  booked: 'Booked with the courier',
  picked_up: 'Picked up by the courier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed: 'The courier could not deliver it: they will call you',
  cancelled: 'Booking cancelled',
};

/** The courier carrying the order: its name, the tracking number, and what it told, newest first. */
function CourierSteps({ shipment }: { shipment: TrackedShipment }) {
  return (
    <>
      <h3 className="track__subhead">With {shipment.courier}</h3>
      <p>
        Tracking number <strong className="track__tracking">{shipment.trackingCode}</strong>
        {shipment.trackingUrl && (
          <>
            {' · '}
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
              Follow it on the courier’s site
            </a>
          </>
        )}
      </p>
      <Steps
        label="What the courier told us"
        steps={shipment.events.map((e) => ({ text: COURIER_STEPS[e.status], at: e.at }))}
      />
    </>
  );
}

/** Steps as they happened, newest first, each with its time. */
function Steps({ label, steps }: { label: string; steps: { text: string; at: number }[] }) {
  return (
    <ol className="track__events" aria-label={label}>
      {[...steps].reverse().map((step) => (
        <li key={`${step.text}-${step.at}`}>
          <span className="track__event">{step.text}</span>
          <time dateTime={new Date(step.at).toISOString()} className="muted">
            {eventTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The rider's first name for the "shipped" step of an order his own rider took. */
function riderOf(order: TrackedOrder, status: TrackedOrder['status']): string | null {
  return status === 'shipped' && order.shippedBy === 'rider' ? (order.rider?.rider ?? 'our rider') : null;
}
