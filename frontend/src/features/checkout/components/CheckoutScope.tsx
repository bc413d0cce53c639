import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { refreshAfterPayment, usePaymentFollow } from '../api/checkout';
import { FOLLOW_FOR_MS } from '../lib/follow';
import { KeepDetails } from './KeepDetails';
import { ConfirmOrderForm, confirmedText } from '@/components/ConfirmOrderForm';
import { readLastCheckout, writeLastCheckout } from '@/lib/lastCheckout';
import { formatNaira } from '@/lib/money';
import { confirmationText, orderTitle } from '@/lib/orders';
import { useSession } from '@/lib/session';
import type { Order } from '@/lib/types';
import { orderMessage, shopWhatsApp, whatsAppUrl } from '@/lib/whatsapp';

/** How a checkout ended, for the notice at the top of My Bag. */
export type CheckoutOutcome =
  /** Paid: "Payment successful! Reference: …", the order's number and, for a guest, the offer to keep their details. */
  | { kind: 'paid'; reference: string; order: Order | null; guest: boolean }
  /** A pay-on-delivery order placed: what to pay when it arrives, and its number. */
  | { kind: 'placed'; order: Order; guest: boolean }
  /**
   * A bank transfer or USSD payment on its way: the shop's waiting message, and the payment the
   * page follows until its order exists (then the notice becomes the paid one); for a guest, the
   * offer to keep her details (the order comes when the money does).
   */
  | { kind: 'waiting'; message: string; reference: string; guest: boolean; email?: string };

/** Where the checkout stands: the bag's own summary steps aside while it is open. */
export type CheckoutStep = 'closed' | 'details' | 'payment';

type Scope = {
  outcome: CheckoutOutcome | null;
  setOutcome: (outcome: CheckoutOutcome | null) => void;
  step: CheckoutStep;
  setStep: (step: CheckoutStep) => void;
};

const CheckoutContext = createContext<Scope | null>(null);

/** A stored outcome, when it has the shape this version writes. */
function storedOutcome(): CheckoutOutcome | null {
  const stored = readLastCheckout() as CheckoutOutcome | null;
  return stored && ['paid', 'placed', 'waiting'].includes(stored.kind) ? stored : null;
}

/**
 * Shares the outcome of a checkout between the panel (in the bag's summary, gone once the bag is
 * empty) and the notice at the top of the page, which outlives it (and a visit to another page:
 * it is kept for the tab); and the checkout's step, for the page around it.
 */
export function CheckoutScope({ children }: { children: ReactNode }) {
  const [outcome, keepOutcome] = useState<CheckoutOutcome | null>(storedOutcome);
  const setOutcome = useCallback((next: CheckoutOutcome | null) => {
    writeLastCheckout(next);
    keepOutcome(next);
  }, []);
  const [step, setStep] = useState<CheckoutStep>('closed');
  const value = useMemo(() => ({ outcome, setOutcome, step, setStep }), [outcome, setOutcome, step]);
  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

export function useCheckoutScope(): Scope {
  const scope = useContext(CheckoutContext);
  if (!scope) throw new Error('useCheckoutScope needs a <CheckoutScope> around it');
  return scope;
}

export function paymentSuccessMessage(reference: string): string {
  return `Payment successful! Reference: ${reference}`;
}

/** "Order placed! Pay ₦87,550.00 when it arrives." ("when you pick it up" for pickup). */
export function orderPlacedMessage(order: Pick<Order, 'totalAmount' | 'deliveryMethod'>): string {
  const when = order.deliveryMethod === 'pickup' ? 'when you pick it up' : 'when it arrives';
  return `Order placed! Pay ${formatNaira(order.totalAmount)} ${when}.`;
}

/** /track?number=K7M2QX9A: the order's tracking page, its number filled in. */
export function trackingPath(number: string): string {
  return `/track?number=${encodeURIComponent(number)}`;
}

/** "Order #K7M2QX9A" and, beside it, the link to its tracking page. */
function OrderNumber({ order }: { order: Order }) {
  return (
    <p className="checkout-notice__order">
      <strong>{orderTitle(order)}</strong>{' '}
      <Link href={trackingPath(order.number)} className="checkout-notice__track">
        Track your order
      </Link>
    </p>
  );
}

/** "Message us on WhatsApp" about the order, when the shop has a number. */
function MessageUs({ number }: { number: string }) {
  const url = whatsAppUrl(shopWhatsApp(), orderMessage(number));
  if (!url) return null;
  return (
    <a
      href={url}
      className="btn btn--sm btn--outline checkout-notice__whatsapp"
      target="_blank"
      rel="noopener noreferrer"
    >
      Message us on WhatsApp
    </a>
  );
}

/**
 * A placed order waiting for confirmation: what happens next (the shop's call), or the form for
 * the code e-mailed to the customer.
 */
function AwaitingConfirmation({ order, onConfirmed }: { order: Order; onConfirmed: (order: Order) => void }) {
  const text = confirmationText(order);
  if (order.confirmation?.confirmedAt) return <p className="checkout-notice__text">{confirmedText(order.number)}</p>;
  if (!text || !order.confirmation) return null;
  return (
    <div className="checkout-notice__confirm">
      <p className="checkout-notice__text">{text}</p>
      {order.confirmation.channel === 'email' && (
        <ConfirmOrderForm
          number={order.number}
          onConfirmed={(answer) => onConfirmed({ ...order, confirmation: answer.confirmation ?? order.confirmation })}
        />
      )}
    </div>
  );
}

export const STILL_WAITING =
  'Your payment has not arrived yet. Your order will be in My Orders (or on the tracking page) as soon as it does.';
export const CHECK_AGAIN = 'Check again';

/**
 * While money sent later is on its way: the shop's words, and the payment followed (see
 * `usePaymentFollow`). When its order exists the notice turns into the paid one and the bag, the
 * badges and My Orders are read again; after an hour without it the page stops asking and says so.
 */
function WaitingForMoney({ outcome }: { outcome: Extract<CheckoutOutcome, { kind: 'waiting' }> }) {
  const { setOutcome } = useCheckoutScope();
  const client = useQueryClient();
  const follow = usePaymentFollow(outcome.reference);
  const paid = follow.data?.success ? follow.data : null;
  useEffect(() => {
    if (!paid) return;
    setOutcome({ kind: 'paid', reference: paid.reference, order: paid.order ?? null, guest: outcome.guest });
    void refreshAfterPayment(client, paid.order?.isNew ?? true);
  }, [paid, setOutcome, client, outcome.guest]);
  // After the schedule's hour the page stops asking (see `followInterval`) and says so.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), FOLLOW_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <p className="checkout-notice__text">{outcome.message}</p>
      {follow.isError || expired ? (
        <>
          <p className="checkout-notice__text">{STILL_WAITING}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void follow.refetch()}>
            {CHECK_AGAIN}
          </button>
        </>
      ) : (
        <p className="checkout-notice__waiting">
          <span className="spinner spinner--sm" aria-hidden="true">
            <span className="spinner__ring" />
          </span>{' '}
          This page updates when it arrives.
        </p>
      )}
    </>
  );
}

/** The checkout's outcome, at the top of My Bag; it takes the focus when it appears. */
export function CheckoutNotice() {
  const { outcome, setOutcome } = useCheckoutScope();
  const { user } = useSession();
  // Whether a guest opened this page: her "Your account is ready" stays once she has kept them.
  const guestHere = useRef(!user);
  const ref = useRef<HTMLDivElement>(null);
  // Only a new outcome takes the focus, not one kept from before the page opened.
  const first = useRef(outcome);
  useEffect(() => {
    if (outcome && outcome !== first.current) ref.current?.focus();
  }, [outcome]);

  let body: ReactNode = null;
  if (outcome?.kind === 'waiting') {
    body = (
      <div ref={ref} className="alert alert--info checkout-notice row-apart focus-target" tabIndex={-1}>
        <WaitingForMoney outcome={outcome} />
      </div>
    );
  } else if (outcome) {
    const order = outcome.order;
    body = (
      <div ref={ref} className="alert alert--success checkout-notice row-apart focus-target" tabIndex={-1}>
        <p className="checkout-notice__text">
          {outcome.kind === 'paid' ? paymentSuccessMessage(outcome.reference) : orderPlacedMessage(outcome.order)}
        </p>
        {order && <OrderNumber order={order} />}
        {outcome.kind === 'placed' && outcome.order.confirmation && (
          <AwaitingConfirmation order={outcome.order} onConfirmed={(order) => setOutcome({ ...outcome, order })} />
        )}
        {order && <MessageUs number={order.number} />}
        {!outcome.guest && (
          <Link href="/myorders" className="btn btn--sm btn--dark">
            View My Orders
          </Link>
        )}
      </div>
    );
  }
  // The offer to a guest sits outside the live region: its form is not news to announce. A
  // transfer payer may keep her details before the money (and the order) arrives. Signed in since
  // (by keeping them here, the form says so), it is not offered again.
  const offerTo =
    user && !guestHere.current
      ? null
      : outcome?.kind === 'waiting'
        ? outcome.guest && outcome.email
        : outcome?.guest && outcome.order?.customerEmail;
  return (
    <>
      <div role="status" className="checkout-notice-region">
        {body}
      </div>
      {offerTo && <KeepDetails email={offerTo} />}
    </>
  );
}
