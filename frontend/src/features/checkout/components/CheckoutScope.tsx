import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { KeepDetails } from './KeepDetails';
import { formatNaira } from '@/lib/money';
import { orderTitle } from '@/lib/orders';
import type { Order } from '@/lib/types';
import { orderMessage, shopWhatsApp, whatsAppUrl } from '@/lib/whatsapp';

/** How a checkout ended, for the notice at the top of My Bag. */
export type CheckoutOutcome =
  /** Paid: "Payment successful! Reference: …", the order's number and, for a guest, the offer to keep their details. */
  | { kind: 'paid'; reference: string; order: Order | null; guest: boolean }
  /** A pay-on-delivery order placed: what to pay when it arrives, and its number. */
  | { kind: 'placed'; order: Order; guest: boolean }
  /** A bank transfer or USSD payment on its way: the shop's waiting message. */
  | { kind: 'waiting'; message: string };

/** Where the checkout stands: the bag's own summary steps aside while it is open. */
export type CheckoutStep = 'closed' | 'details' | 'payment';

type Scope = {
  outcome: CheckoutOutcome | null;
  setOutcome: (outcome: CheckoutOutcome | null) => void;
  step: CheckoutStep;
  setStep: (step: CheckoutStep) => void;
};

const CheckoutContext = createContext<Scope | null>(null);

/**
 * Shares the outcome of a checkout between the panel (in the bag's summary, gone once the bag is
 * empty) and the notice at the top of the page, which outlives it; and the checkout's step, for
 * the page around it.
 */
export function CheckoutScope({ children }: { children: ReactNode }) {
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  const [step, setStep] = useState<CheckoutStep>('closed');
  const value = useMemo(() => ({ outcome, setOutcome, step, setStep }), [outcome, step]);
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

/** The checkout's outcome, at the top of My Bag; it takes the focus when it appears. */
export function CheckoutNotice() {
  const { outcome } = useCheckoutScope();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);

  let body: ReactNode = null;
  if (outcome?.kind === 'waiting') {
    body = (
      <div ref={ref} className="alert alert--info checkout-notice" tabIndex={-1}>
        <p className="checkout-notice__text">{outcome.message}</p>
      </div>
    );
  } else if (outcome) {
    const order = outcome.order;
    body = (
      <div ref={ref} className="alert alert--success checkout-notice" tabIndex={-1}>
        <p className="checkout-notice__text">
          {outcome.kind === 'paid' ? paymentSuccessMessage(outcome.reference) : orderPlacedMessage(outcome.order)}
        </p>
        {order && <OrderNumber order={order} />}
        {order && <MessageUs number={order.number} />}
        {!outcome.guest && (
          <Link href="/myorders" className="btn btn--sm btn--dark">
            View My Orders
          </Link>
        )}
      </div>
    );
  }
  // The offer to a guest sits outside the live region: its form is not news to announce.
  const offer = outcome && outcome.kind !== 'waiting' && outcome.guest && outcome.order;
  return (
    <>
      <div role="status" className="checkout-notice-region">
        {body}
      </div>
      {offer && <KeepDetails email={offer.customerEmail} />}
    </>
  );
}
