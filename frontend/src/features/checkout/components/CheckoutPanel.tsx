import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  startPayment,
  useCheckoutDetails,
  verifyPayment,
  type CheckoutDetails,
  type PaymentStart,
} from '../api/checkout';
import { openPaystackPopup } from '../lib/paystackInline';
import { trimValues, type CheckoutValues } from '../lib/validate';
import { CheckoutForm } from './CheckoutForm';
import { paymentSuccessMessage, useCheckoutScope } from './CheckoutScope';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { formatNaira } from '@/lib/money';
import { addressLines } from '@/lib/orders';
import { queryKeys } from '@/lib/queryKeys';
import { fetchSession, setSessionCounts, useSession } from '@/lib/session';
import { bagQueryOptions } from '@/lib/shopping';
import type { Session, SessionUser } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import './Checkout.css';

const SandboxPopup = lazy(() => import('./SandboxPopup').then((m) => ({ default: m.SandboxPopup })));

export const PAYMENT_CANCELLED = 'Payment cancelled';
export const START_FAILED = "We couldn't start the payment. Please try again in a moment.";
export const VERIFY_FAILED =
  'We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.';

type Step = 'closed' | 'details' | 'payment';
type Phase = 'idle' | 'starting' | 'popup' | 'verifying';
type Notice = { tone: 'error' | 'info'; text: string } | null;

/** The server's message for a refused request; `fallback` when there is none worth showing. */
function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.code.startsWith('http_') && error.code !== 'invalid_response') return error.message;
  return fallback;
}

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

/** After a paid checkout: the bag (now empty), the badges, the orders and the saved address. */
async function refreshAfterPayment(client: QueryClient, orderIsNew: boolean): Promise<void> {
  void client.invalidateQueries({ queryKey: queryKeys.orders });
  void client.invalidateQueries({ queryKey: queryKeys.checkout });
  const bag = client.invalidateQueries({ queryKey: queryKeys.bag });
  try {
    const session = await fetchSession();
    if (session.user) setSessionCounts(client, session.counts!);
  } catch {
    const counts = client.getQueryData<Session>(queryKeys.session)?.counts;
    setSessionCounts(client, { bag: 0, newOrders: (counts?.newOrders ?? 0) + (orderIsNew ? 1 : 0) });
  }
  await bag;
}

/**
 * Checkout inside the bag's summary (SPEC section 4): Proceed to Checkout → customer details and
 * delivery address → Proceed to Payment → "Pay ₦…" → the payment pop-up (Paystack's, or the
 * built-in sandbox's) → the server verifies and creates the order.
 */
export function CheckoutPanel() {
  const client = useQueryClient();
  const { user } = useSession();
  const { data: bag } = useQuery(bagQueryOptions);
  const { setSuccess } = useCheckoutScope();
  const [step, setStep] = useState<Step>('closed');
  const [values, setValues] = useState<CheckoutValues | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<Notice>(null);
  const [sandbox, setSandbox] = useState<PaymentStart | null>(null);
  const [focusPay, setFocusPay] = useState(false);
  const latch = useInFlight();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const details = useCheckoutDetails(step !== 'closed' && values === null);

  // A new step takes the focus to its heading (keyboard and screen-reader users land there).
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current !== step && step !== 'closed') headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  // Back from the pop-up: the focus returns to the pay button.
  useEffect(() => {
    if (focusPay && phase === 'idle') {
      payRef.current?.focus();
      setFocusPay(false);
    }
  }, [focusPay, phase]);

  const total = bag?.total ?? 0;
  const busy = phase !== 'idle';

  const finish = useCallback(
    (next: Notice) => {
      latch.end();
      setPhase('idle');
      setNotice(next);
      setFocusPay(true);
    },
    [latch],
  );

  const verify = useCallback(
    async (reference: string) => {
      setSandbox(null);
      setPhase('verifying');
      setNotice(null);
      try {
        const result = await verifyPayment(reference);
        if (!result.success) {
          finish({ tone: 'error', text: result.message });
          return;
        }
        setSuccess(paymentSuccessMessage(result.reference || reference));
        latch.end();
        setPhase('idle');
        setStep('closed');
        setValues(null);
        await refreshAfterPayment(client, result.order?.isNew ?? true);
      } catch (error) {
        finish({ tone: 'error', text: messageOf(error, VERIFY_FAILED) });
      }
    },
    [client, finish, latch, setSuccess],
  );

  const cancelled = useCallback(() => {
    setSandbox(null);
    finish({ tone: 'info', text: PAYMENT_CANCELLED });
  }, [finish]);

  const pay = async () => {
    if (!values || !latch.begin()) return;
    setPhase('starting');
    setNotice(null);
    setSuccess(null);
    let start: PaymentStart;
    try {
      start = await startPayment(trimValues(values), newIdempotencyKey());
    } catch (error) {
      latch.end();
      setPhase('idle');
      const text = messageOf(error, START_FAILED);
      if (isApiError(error) && error.status === 400 && error.code !== 'too_many_requests') {
        // The server refused the details: back to the form, with its reason.
        setFormProblem(text);
        setStep('details');
        return;
      }
      if (isApiError(error) && error.status === 409) void client.invalidateQueries({ queryKey: queryKeys.bag });
      setNotice({ tone: 'error', text });
      return;
    }
    setPhase('popup');
    if (start.mode === 'sandbox') {
      setSandbox(start);
      return;
    }
    try {
      await openPaystackPopup(start.accessCode, start.reference, {
        onSuccess: (reference) => void verify(reference),
        onCancel: cancelled,
        onError: (message) => finish({ tone: 'error', text: message }),
      });
    } catch (error) {
      finish({ tone: 'error', text: error instanceof Error ? error.message : START_FAILED });
    }
  };

  if (step === 'closed') {
    return (
      <div className="checkout">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => {
            setSuccess(null);
            setNotice(null);
            setStep('details');
          }}
        >
          Proceed to Checkout
        </button>
      </div>
    );
  }

  if (step === 'details') {
    const waiting = values === null && details.isPending;
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
            initial={values ?? startingValues(details.data, user)}
            initialProblem={formProblem}
            onSubmit={(next) => {
              setValues(next);
              setFormProblem(null);
              setNotice(null);
              setStep('payment');
            }}
            onBack={() => {
              setFormProblem(null);
              setStep('closed');
            }}
          />
        )}
      </section>
    );
  }

  const chosen = values!;
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
        onClick={() => {
          setNotice(null);
          setStep('details');
        }}
      >
        Edit details
      </button>
      <div role="alert" className="checkout__notice-region">
        {notice?.tone === 'error' && <p className="alert alert--error checkout__notice">{notice.text}</p>}
      </div>
      <div role="status" className="checkout__notice-region">
        {notice?.tone === 'info' && <p className="alert alert--info checkout__notice">{notice.text}</p>}
        {phase === 'verifying' && (
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
        disabled={busy || total <= 0}
        aria-busy={phase === 'starting'}
        onClick={() => void pay()}
      >
        {phase === 'starting' && <Spinner size="sm" label="Starting payment…" />}
        Pay {formatNaira(total)}
      </button>
      <p className="checkout__secure">
        {details.data?.mode === 'sandbox'
          ? 'Test mode: pay with a test card, no money moves.'
          : 'Card payment in naira through Paystack.'}
      </p>
      {sandbox && (
        <Suspense fallback={null}>
          <SandboxPopup
            accessCode={sandbox.accessCode}
            amount={sandbox.amount}
            onSuccess={(reference) => void verify(reference)}
            onCancel={cancelled}
          />
        </Suspense>
      )}
    </section>
  );
}
