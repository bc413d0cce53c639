import { lazy, Suspense, type ReactNode } from 'react';
import { openPaystackPopup } from '../lib/paystackInline';
import { asCurrency } from '@/lib/shownCurrency';
import type { PaymentStart } from '@/lib/types';

const SandboxPopup = lazy(() => import('./SandboxPopup').then((m) => ({ default: m.SandboxPopup })));

export const START_FAILED = "We couldn't start the payment. Please try again in a moment.";

/** Channels whose money arrives later: the server waits for it rather than saying no. */
export const LATER_CHANNELS = ['bank_transfer', 'ussd', 'bank'];

/** A verification that found the money still on its way (a transfer or USSD payment), not a failure. */
export function onItsWay(result: { status?: string | null; channel?: string | null }, sentLater: boolean): boolean {
  return result.status === 'pending' && (sentLater || LATER_CHANNELS.includes(result.channel ?? ''));
}

export type PopupOutcome = {
  onSuccess: (reference: string, sentLater?: boolean) => void;
  onCancel: (reference: string) => void;
  onError: (message: string) => void;
};

/**
 * Opens Paystack's pop-up for a started payment; a sandbox payment's pop-up is `SandboxPayment`,
 * drawn by the page while the payment is open.
 */
export async function openPaymentPopup(start: PaymentStart, outcome: PopupOutcome): Promise<void> {
  if (start.mode === 'sandbox') return;
  try {
    await openPaystackPopup(start.accessCode, start.reference, {
      onSuccess: (reference) => outcome.onSuccess(reference),
      onCancel: () => outcome.onCancel(start.reference),
      onError: outcome.onError,
    });
  } catch (error) {
    outcome.onError(error instanceof Error ? error.message : START_FAILED);
  }
}

/** The built-in sandbox's pop-up for a sandbox payment (loaded only when one opens). */
export function SandboxPayment({
  start,
  heldUntil,
  outcome,
}: {
  start: PaymentStart;
  heldUntil?: string | null;
  outcome: Omit<PopupOutcome, 'onError'>;
}) {
  if (start.mode !== 'sandbox') return null;
  return (
    <Suspense fallback={null}>
      <SandboxPopup
        accessCode={start.accessCode}
        amount={start.amount}
        currency={asCurrency(start.currency)}
        heldUntil={heldUntil}
        onSuccess={(reference, sentLater) => outcome.onSuccess(reference, sentLater)}
        onCancel={() => outcome.onCancel(start.reference)}
      />
    </Suspense>
  );
}

/** A spinner with what the shop waits for ("Confirming your payment…"). */
export function PaymentWait({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <p className={`checkout__verifying${className ? ` ${className}` : ''}`}>
      <span className="spinner spinner--sm" aria-hidden="true">
        <span className="spinner__ring" />
      </span>
      {children}
    </p>
  );
}
