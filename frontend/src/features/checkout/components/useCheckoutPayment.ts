import { useCallback, useRef } from 'react';
import {
  cancelOpenPayments,
  cancelPayment,
  isPlaced,
  usePlacedOrder,
  useStartPayment,
  useVerifyPayment,
  type PaymentMethod,
} from '../api/checkout';
import { messageOf, startFailure, type CheckoutAction } from '../lib/checkoutReducer';
import { trimValues, type CheckoutValues } from '../lib/validate';
import type { CheckoutOutcome } from './CheckoutScope';
import type { Currency } from '@/lib/money';
import { onItsWay, openPaymentPopup, START_FAILED } from './PaymentPopup';

/** What the shopper chose to pay with beside Paystack: her store credit, and a gift card's code. */
export type Tender = { useCredit: boolean; giftCard: string | null };
export const NO_TENDER: Tender = { useCredit: false, giftCard: null };

export const VERIFY_FAILED =
  'We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.';
export const CANCEL_FAILED = "We couldn't cancel the earlier payment. Please try again in a moment.";
/** The shop's words while a bank transfer or USSD payment is on its way (the server's message wins). */
export const TRANSFER_WAITING = "We're waiting for your transfer. We'll e-mail you when it arrives.";

/**
 * The payment step's talks with the server, each reported to the checkout's machine (`send`) and
 * its outcome to the page: pay (start, then the pop-up or the order placed), verify, cancelled,
 * and release (cancel an earlier payment so this one can start).
 */
export function useCheckoutPayment(
  send: (action: CheckoutAction) => boolean,
  setOutcome: (outcome: CheckoutOutcome | null) => void,
  guest: boolean,
) {
  const { mutateAsync: startPayment } = useStartPayment();
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const placedOrder = usePlacedOrder();
  // The e-mail of the payment being verified (a guest keeping her details before a transfer lands).
  const emailRef = useRef('');
  // The cancel of the payment last closed without paying, until the server has it: the next Pay
  // waits for it, or the start could meet that payment still open (and have it cancelled under it).
  const cancelling = useRef<Promise<unknown>>(Promise.resolve());

  const verify = useCallback(
    async (reference: string, sentLater = false) => {
      if (!send({ type: 'paid', reference })) return;
      try {
        const result = await verifyPayment(reference);
        if (!result.success) {
          // A transfer or USSD payment on its way is not a failure: the shop waits for the money.
          if (onItsWay(result, sentLater)) {
            setOutcome({
              kind: 'waiting',
              message: result.message ?? TRANSFER_WAITING,
              reference,
              guest,
              email: emailRef.current,
            });
            send({ type: 'pending' });
            return;
          }
          send({ type: 'failed', message: result.message ?? VERIFY_FAILED });
          return;
        }
        setOutcome({ kind: 'paid', reference: result.reference || reference, order: result.order, guest });
        send({ type: 'verified' });
      } catch (error) {
        send({ type: 'failed', message: messageOf(error, VERIFY_FAILED) });
      }
    },
    [send, setOutcome, verifyPayment, guest],
  );

  // Closed without paying: the payment's units go back on sale.
  const cancelled = useCallback(
    (reference: string) => {
      if (send({ type: 'cancelled' })) cancelling.current = cancelPayment(reference).catch(() => undefined);
    },
    [send],
  );

  const pay = async (
    values: CheckoutValues,
    code: string | null,
    expectedTotal: number,
    method: PaymentMethod,
    tender: Tender = NO_TENDER,
    currency: Currency = 'NGN',
  ) => {
    if (!send({ type: 'pay' })) return;
    emailRef.current = values.customer.email.trim();
    setOutcome(null);
    await cancelling.current;
    let start;
    try {
      const trimmed = trimValues(values);
      start = await startPayment({
        ...trimmed,
        // `expectedTotal` is in this currency's minor unit; abroad the address's country is its ISO code.
        currency,
        code,
        expectedTotal,
        paymentMethod: method,
        useCredit: method === 'paystack' && tender.useCredit,
        giftCard: method === 'paystack' ? tender.giftCard : null,
      });
    } catch (error) {
      send(startFailure(error, START_FAILED));
      return;
    }
    // Pay on delivery: the order exists already; nothing to open or verify.
    // Paid in full by store credit or a gift card: the order is paid already, nothing to open.
    if (isPlaced(start) && start.order.status === 'paid') {
      setOutcome({ kind: 'paid', reference: start.order.paymentReference, order: start.order, guest });
      send({ type: 'placed' });
      placedOrder(start);
      return;
    }
    if (isPlaced(start)) {
      setOutcome({ kind: 'placed', order: start.order, guest });
      send({ type: 'placed' });
      placedOrder(start);
      return;
    }
    send({ type: 'started', start });
    await openPaymentPopup(start, {
      onSuccess: (reference) => void verify(reference),
      onCancel: cancelled,
      onError: (message) => send({ type: 'failed', message }),
    });
  };

  // "Cancel that payment": ends the shopper's earlier payment, so this one can start.
  const release = async () => {
    if (!send({ type: 'release' })) return;
    try {
      await cancelOpenPayments();
      send({ type: 'released' });
    } catch (error) {
      send({ type: 'failed', message: messageOf(error, CANCEL_FAILED) });
    }
  };

  return { verify, cancelled, pay, release };
}

export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;
