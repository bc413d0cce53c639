import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useKeepAccount } from '../api/checkout';
import { FormError } from '@/components/forms/FormError';
import { PasswordField } from '@/components/forms/PresetFields';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { failureMessage, isApiError } from '@/lib/api';
import { useInFlight } from '@/lib/useInFlight';

export const KEEP_OFFER = 'Keep your details for next time';
/** The sign-up's own messages (SPEC section 5), checked before asking the server. */
export const KEEP_SHORT = 'Password must be at least 6 characters long.';
export const KEEP_MISMATCH = 'Passwords do not match.';
export const KEEP_FAILED = 'Could not keep your details. Please try again.';

type Field = 'password' | 'confirm';

/**
 * After a guest pays: one tap on "Keep your details for next time" asks for a password (twice)
 * and makes an account of the order's name, e-mail and phone, signed in at once (no photo asked).
 * An e-mail that already has an account is told to log in, where the order is in My Orders.
 */
export function KeepDetails({ email }: { email: string }) {
  const keep = useKeepAccount();
  const flight = useInFlight();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ message: string; field?: Field } | null>(null);
  const headingId = useId();
  const errorId = useId();
  const refs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (open) refs.password.current?.focus();
    // Only on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (keep.isSuccess) doneRef.current?.focus();
  }, [keep.isSuccess]);

  if (keep.isSuccess) {
    return (
      <section className="keep-details" aria-labelledby={headingId}>
        <h2 id={headingId} className="keep-details__title">
          Your account is ready
        </h2>
        <p ref={doneRef} tabIndex={-1} className="keep-details__text">
          You're signed in as {email}. Next time your details are filled in, and this order is in My Orders.
        </p>
        <Link href="/myorders" className="btn btn--sm btn--dark">
          View My Orders
        </Link>
      </section>
    );
  }

  if (!open) {
    return (
      <section className="keep-details" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {KEEP_OFFER}
        </h2>
        <button type="button" className="btn btn--outline btn--block" onClick={() => setOpen(true)}>
          {KEEP_OFFER}
        </button>
        <p className="keep-details__text muted">Set a password and your next order takes seconds. No photo needed.</p>
      </section>
    );
  }

  const errorFor = (field: Field) => (problem && (!problem.field || problem.field === field) ? errorId : undefined);
  // The problem goes once the field at fault changes.
  const edited = (field: Field) => {
    if (problem && (!problem.field || problem.field === field)) setProblem(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: { message: string; field: Field } | null =
      password.length < 6
        ? { message: KEEP_SHORT, field: 'password' }
        : password !== confirm
          ? { message: KEEP_MISMATCH, field: 'confirm' }
          : null;
    setProblem(found);
    if (found) {
      refs[found.field].current?.focus();
      return;
    }
    if (!flight.begin()) return;
    keep.mutate(
      { password, confirmPassword: confirm },
      {
        onSettled: flight.end,
        onError: (error) => setProblem({ message: failureMessage(error, KEEP_FAILED) }),
      },
    );
  };

  const taken = isApiError(keep.error) && keep.error.status === 409;
  return (
    <section className="keep-details" aria-labelledby={headingId}>
      <h2 id={headingId} className="keep-details__title">
        {KEEP_OFFER}
      </h2>
      <p className="keep-details__text">
        Choose a password for an account with {email}: your name, e-mail and phone are kept from this order.
      </p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <FormError id={errorId} message={problem?.message} />
        {taken && problem && (
          <p className="keep-details__login">
            <Link href="/login?next=%2Fmyorders">Log in</Link>
          </p>
        )}
        <PasswordField
          label="Password"
          hint="At least 6 characters."
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            edited('password');
          }}
          inputRef={refs.password}
          errorId={errorFor('password')}
        />
        <PasswordField
          label="Confirm password"
          value={confirm}
          onValueChange={(value) => {
            setConfirm(value);
            edited('confirm');
          }}
          inputRef={refs.confirm}
          errorId={errorFor('confirm')}
        />
        <SubmitButton className="btn btn--primary btn--block" pending={keep.isPending} pendingLabel="Saving...">
          Keep my details
        </SubmitButton>
      </form>
    </section>
  );
}
