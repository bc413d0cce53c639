import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  cancelPayment,
  useCheckoutDetails,
  useStartPayment,
  useVerifyPayment,
  type CheckoutDetails,
} from '../api/checkout';
import { focusAfter, isBusy, messageOf, startFailure, type CheckoutState } from '../lib/checkoutReducer';
import { openPaystackPopup } from '../lib/paystackInline';
import { useCheckoutMachine } from '../lib/useCheckoutMachine';
import { trimValues, type CheckoutValues } from '../lib/validate';
import { CheckoutForm } from './CheckoutForm';
import { paymentSuccessMessage, useCheckoutScope } from './CheckoutScope';
import { Spinner } from '@/components/Spinner';
import { formatNaira } from '@/lib/money';
import { addressLines } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { bagQueryOptions } from '@/lib/shopping';
import type { SessionUser } from '@/lib/types';
import './Checkout.css';

const SandboxPopup = lazy(() => import('./SandboxPopup').then((m) => ({ default: m.SandboxPopup })));

export const PAYMENT_CANCELLED = 'Payment cancelled';
export const START_FAILED = "We couldn't start the payment. Please try again in a moment.";
export const BAG_BLOCKED = 'Some items in your bag are sold out or no longer available. Remove them to check out.';
export const VERIFY_FAILED =
  'We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.';

function startingValues(details: CheckoutDetails | undefined, user: SessionUser | null): CheckoutValues {
  return {
    customer: details?.customer ?? {
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      phone: user?.phoneNumber ?? '',
    },
    address: details?.address ?? { street: '', city: '', state: '', country: 'Nigeria', postalCode: '' },
  };
}

/**
 * Checkout inside the bag's summary (SPEC section 4): Proceed to Checkout → customer details and
 * delivery address → Proceed to Payment → "Pay ₦…" → the payment pop-up (Paystack's, or the
 * built-in sandbox's) → the server verifies and creates the order. The steps are
 * `checkoutReducer`'s; this component renders them and reports what happens.
 */
export function CheckoutPanel() {
  const { user } = useSession();
  const { data: bag } = useQuery(bagQueryOptions);
  const { setSuccess } = useCheckoutScope();
  const [state, send] = useCheckoutMachine();
  const { mutateAsync: startPayment } = useStartPayment();
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const details = useCheckoutDetails(state.step !== 'closed' && state.values === null);

  // A new step takes the focus to its heading (keyboard and screen-reader users land there); back
  // from the pop-up, the focus returns to the pay button.
  const previous = useRef<CheckoutState>(state);
  useEffect(() => {
    const target = focusAfter(previous.current, state);
    previous.current = state;
    if (target === 'heading') headingRef.current?.focus();
    if (target === 'pay') payRef.current?.focus();
  }, [state]);

  const verify = useCallback(
    async (reference: string) => {
      if (!send({ type: 'paid', reference })) return;
      try {
        const result = await verifyPayment(reference);
        if (!result.success) {
          send({ type: 'failed', message: result.message });
          return;
        }
        setSuccess(paymentSuccessMessage(result.reference || reference));
        send({ type: 'verified' });
      } catch (error) {
        send({ type: 'failed', message: messageOf(error, VERIFY_FAILED) });
      }
    },
    [send, setSuccess, verifyPayment],
  );

  // Closed without paying: the payment's units go back on sale.
  const cancelled = useCallback(
    (reference: string) => {
      if (send({ type: 'cancelled' })) void cancelPayment(reference);
    },
    [send],
  );

  const pay = async (values: CheckoutValues) => {
    if (!send({ type: 'pay' })) return;
    setSuccess(null);
    let start;
    try {
      start = await startPayment(trimValues(values));
    } catch (error) {
      send(startFailure(error, START_FAILED));
      return;
    }
    send({ type: 'started', start });
    if (start.mode === 'sandbox') return;
    try {
      await openPaystackPopup(start.accessCode, start.reference, {
        onSuccess: (reference) => void verify(reference),
        onCancel: () => cancelled(start.reference),
        onError: (message) => send({ type: 'failed', message }),
      });
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? error.message : START_FAILED });
    }
  };

  const blocked = bag?.canCheckout === false;
  const blockedNote = blocked && (
    <p id="checkout-blocked" className="alert alert--warning checkout__notice">
      {BAG_BLOCKED}
    </p>
  );

  if (state.step === 'closed') {
    return (
      <div className="checkout">
        {blockedNote}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={blocked}
          aria-describedby={blocked ? 'checkout-blocked' : undefined}
          onClick={() => {
            setSuccess(null);
            send({ type: 'open' });
          }}
        >
          Proceed to Checkout
        </button>
      </div>
    );
  }

  if (state.step === 'details') {
    const waiting = state.values === null && details.isPending;
    return (
      <section className="checkout" aria-labelledby="checkout-heading">
        <p className="checkout__step">Step 1 of 2</p>
        <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title">
          Delivery details
        </h3>
        {waiting ? (
          <div className="checkout__loading">
            <Spinner label="Loading your details…" />
          </div>
        ) : (
          <CheckoutForm
            initial={state.values ?? startingValues(details.data, user)}
            initialProblem={state.problem}
            onSubmit={(values) => send({ type: 'submit', values })}
            onBack={() => send({ type: 'back' })}
          />
        )}
      </section>
    );
  }

  const { values: chosen, payment } = state;
  const busy = isBusy(payment);
  const total = bag?.total ?? 0;
  return (
    <section className="checkout" aria-labelledby="checkout-heading" aria-busy={busy}>
      <p className="checkout__step">Step 2 of 2</p>
      <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title">
        Payment
      </h3>
      <dl className="checkout__review">
        <div>
          <dt>Deliver to</dt>
          <dd>
            <span className="checkout__name">{chosen.customer.name}</span>
            {addressLines(trimValues(chosen).address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            <span>{chosen.customer.email}</span>
            <span>{chosen.customer.phone}</span>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn--outline btn--sm checkout__edit"
        disabled={busy}
        onClick={() => send({ type: 'edit' })}
      >
        Edit details
      </button>
      {blockedNote}
      <div role="alert" className="checkout__notice-region">
        {payment.status === 'error' && <p className="alert alert--error checkout__notice">{payment.message}</p>}
      </div>
      <div role="status" className="checkout__notice-region">
        {payment.status === 'cancelled' && <p className="alert alert--info checkout__notice">{PAYMENT_CANCELLED}</p>}
        {payment.status === 'verifying' && (
          <p className="checkout__verifying">
            <span className="spinner spinner--sm" aria-hidden="true">
              <span className="spinner__ring" />
            </span>
            Confirming your payment…
          </p>
        )}
      </div>
      <button
        ref={payRef}
        type="button"
        className="btn btn--primary btn--block checkout__pay"
        disabled={busy || total <= 0 || blocked}
        aria-describedby={blocked ? 'checkout-blocked' : undefined}
        aria-busy={payment.status === 'starting'}
        onClick={() => void pay(chosen)}
      >
        {payment.status === 'starting' && <Spinner size="sm" label="Starting payment…" />}
        Pay {formatNaira(total)}
      </button>
      <p className="checkout__secure">
        {details.data?.mode === 'sandbox'
          ? 'Test mode: pay with a test card, no money moves.'
          : 'Card payment in naira through Paystack.'}
      </p>
      {payment.status === 'popup' && payment.start.mode === 'sandbox' && (
        <Suspense fallback={null}>
          <SandboxPopup
            accessCode={payment.start.accessCode}
            amount={payment.start.amount}
            onSuccess={(reference) => void verify(reference)}
            onCancel={() => cancelled(payment.start.reference)}
          />
        </Suspense>
      )}
    </section>
  );
}
