import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormError } from './forms/FormError';
import { SubmitButton } from './forms/SubmitButton';
import { TextField } from './TextField';
import './ConfirmOrderForm.css';
import { answer, api, failureMessage, type ApiError } from '@/lib/api';
import type { OrderConfirmed } from '@/lib/types';

export const CONFIRM_FAILED = "We couldn't confirm your order right now. Please try again in a moment.";
export const CODE_MISSING = 'Please enter the 6-digit code from the e-mail.';

/** "Order #K7M2QX9A is confirmed. We'll prepare it now." */
export function confirmedText(number: string): string {
  return `Order #${number} is confirmed. We'll prepare it now.`;
}

/**
 * The code that confirms a pay-on-delivery order (POST /api/orders/confirm: the order's number and
 * the code e-mailed to the customer; no login). Used where the order was placed and on the page the
 * e-mail links to. It waits for the customer's click rather than confirming on opening, since mail
 * scanners open links too.
 */
export function ConfirmOrderForm({
  number,
  initialCode = '',
  onConfirmed,
}: {
  number: string;
  initialCode?: string;
  onConfirmed?: (answer: OrderConfirmed) => void;
}) {
  const [code, setCode] = useState(initialCode.replace(/\D/g, '').slice(0, 6));
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const headingId = useId();
  const confirm = useMutation<OrderConfirmed, ApiError, string>({
    mutationFn: (typed) => answer(api.POST('/api/orders/confirm', { body: { number, code: typed } })),
    onSuccess: (confirmed) => onConfirmed?.(confirmed),
    onError: (error) => setProblem(failureMessage(error, CONFIRM_FAILED)),
  });

  if (confirm.isSuccess) {
    return (
      <p role="status" className="alert alert--success confirm-order__done">
        {confirmedText(number)}
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) {
      setProblem(CODE_MISSING);
      return;
    }
    setProblem(null);
    confirm.mutate(typed);
  };

  return (
    <section className="confirm-order" aria-labelledby={headingId}>
      <h2 id={headingId} className="confirm-order__title">
        Confirm order #{number}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="confirm-order__form">
        <FormError id={errorId} message={problem} />
        <TextField
          label="Confirmation code"
          hint="The 6 digits in the e-mail we sent you."
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={(value) => {
            setCode(value.replace(/\D/g, ''));
            if (problem) setProblem(null);
          }}
          errorId={problem ? errorId : undefined}
        />
        <SubmitButton className="btn btn--primary" pending={confirm.isPending} pendingLabel="Confirming...">
          Confirm order
        </SubmitButton>
      </form>
    </section>
  );
}
