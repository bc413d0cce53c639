import { useRef, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { RESET_DONE, RESET_FAILED, RESET_MISSING_CODE, useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { validateNewPassword } from '../validate';
import { FormError } from '@/components/forms/FormError';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { useFormProblem } from '@/components/forms/useFormProblem';
import { failureMessage } from '@/lib/api';
import { useNewPassword } from '../components/useNewPassword';

/** The sign-in page after a reset: it says the password has been reset (see LoginPage). */
export const AFTER_RESET_PATH = '/login?reset=done';

/** /reset-password?oobCode=… (signed-out only): choose a new password with the e-mailed code. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode')?.trim() ?? '';

  if (!oobCode) {
    return (
      <AuthLayout title={RESET_MISSING_CODE} eyebrow="Reset password">
        <p className="muted">
          The link you followed is incomplete. Request a new password reset link and open it from your e-mail.
        </p>
        <Link href="/login?mode=forgot" className="btn btn--primary btn--block">
          Request a new link
        </Link>
      </AuthLayout>
    );
  }
  return <ResetForm oobCode={oobCode} />;
}

function ResetForm({ oobCode }: { oobCode: string }) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const { password, confirm, fields: passwordFields } = useNewPassword();
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<'password' | 'confirmPassword'>({
    unfielded: 'all',
  });
  const refs = { password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || reset.isSuccess) return;
    if (report(validateNewPassword(password, confirm), refs)) return;
    reset.mutate(
      { oobCode, password },
      {
        // Straight to sign in, which shows the confirmation for as long as the shopper needs it.
        onSuccess: () => navigate(AFTER_RESET_PATH, { replace: true }),
        onError: (e) => {
          setProblem({ message: failureMessage(e, RESET_FAILED) });
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Choose a new password"
      documentTitle="Reset Password"
      eyebrow="Reset password"
      intro="Use at least 6 characters."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        <FormError id={errorId} message={problem?.message} />
        {reset.isSuccess && (
          <p className="alert alert--success" role="status">
            {RESET_DONE}
          </p>
        )}
        <NewPasswordFields
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          {...passwordFields}
          refs={refs}
          errorIdFor={errorIdFor}
        />
        <SubmitButton
          className="btn btn--primary btn--block"
          pending={reset.isPending}
          pendingLabel="Resetting..."
          disabled={reset.isPending || reset.isSuccess}
        >
          Reset Password
        </SubmitButton>
        <p className="auth__center">
          <Link href="/login" className="auth__link">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
