import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cancelPayLink, startPayLink, usePayPage, verifyPayLink } from '../api/payLink';
import { onItsWay, openPaymentPopup, START_FAILED } from './PaymentPopup';
import { isApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { PaymentStart } from '@/lib/types';

export const IN_PROGRESS =
  'A payment for this link is already in progress. Please finish it, or try again in a few minutes.';
export const PAY_CANCELLED = 'Payment cancelled. You can pay whenever you are ready.';
export const PAY_VERIFY_FAILED =
  "We could not confirm your payment yet. If you were charged, the shop will see it shortly; you don't need to pay again.";
export const PAY_WAITING = "We're waiting for your transfer to arrive. The shop will confirm your order when it does.";
export const PAYMENT_RECEIVED = 'Payment received. Thank you!';

export type PayMessage = { tone: 'info' | 'error' | 'success'; text: string };
export type Phase =
  | { kind: 'idle'; message?: PayMessage }
  | { kind: 'starting' }
  | { kind: 'popup'; start: PaymentStart }
  | { kind: 'verifying' };

const said = (tone: PayMessage['tone'], text: string): Phase => ({ kind: 'idle', message: { tone, text } });

/**
 * A pay link's page and its payment: the page (asked again while a transfer's money is on its
 * way), where the payment stands, and pay, verify and cancelled, each saying what happened.
 */
export function usePayLinkPayment(token: string) {
  // While a transfer's or USSD payment's money is on its way: when the page started waiting.
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const page = usePayPage(token, waitingSince);
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const linkStatus = page.data?.link.status;
  // The money arrived (the webhook or the reconciler recorded it): the page says so, and stops asking.
  useEffect(() => {
    if (waitingSince !== null && linkStatus && linkStatus !== 'open') {
      setWaitingSince(null);
      if (linkStatus === 'paid') setPhase(said('success', PAYMENT_RECEIVED));
    }
  }, [waitingSince, linkStatus]);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.payLink(token) }), [client, token]);

  const verify = useCallback(
    async (reference: string, sentLater = false) => {
      setPhase({ kind: 'verifying' });
      try {
        const result = await verifyPayLink(token, reference);
        if (result.success) {
          setPhase(said('success', PAYMENT_RECEIVED));
        } else if (onItsWay(result, sentLater)) {
          setPhase(said('info', result.message ?? PAY_WAITING));
          setWaitingSince(Date.now());
        } else {
          setPhase(said('error', result.message ?? PAY_VERIFY_FAILED));
        }
      } catch (error) {
        setPhase(said('error', isApiError(error) ? error.message : PAY_VERIFY_FAILED));
      }
      await refresh();
    },
    [token, refresh],
  );

  const cancelled = useCallback(
    (reference: string) => {
      setPhase(said('info', PAY_CANCELLED));
      void cancelPayLink(token, reference)
        .catch(() => undefined)
        .then(refresh);
    },
    [token, refresh],
  );

  const pay = async () => {
    if (phase.kind !== 'idle') return;
    setPhase({ kind: 'starting' });
    let start: PaymentStart;
    try {
      start = await startPayLink(token);
    } catch (error) {
      if (isApiError(error) && (error.code === 'link_paid' || error.code === 'link_ended')) {
        // The page's own state says what happened to the link.
        setPhase({ kind: 'idle' });
        await refresh();
        return;
      }
      const text =
        isApiError(error) && error.code === 'payment_in_progress'
          ? IN_PROGRESS
          : isApiError(error)
            ? error.message
            : START_FAILED;
      setPhase(said('error', text));
      return;
    }
    setPhase({ kind: 'popup', start });
    await openPaymentPopup(start, {
      onSuccess: (reference) => void verify(reference),
      onCancel: cancelled,
      onError: (text) => setPhase(said('error', text)),
    });
  };

  return { page, phase, waiting: waitingSince !== null, verify, cancelled, pay };
}
