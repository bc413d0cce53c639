import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { RESET_DONE, RESET_FAILED, RESET_MISSING_CODE, useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/AuthLayout';
import { validateNewPassword, type FormProblem } from '../validate';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';

/** How long the success message shows before the sign-in page opens. */
export const RESET_REDIRECT_MS = 1500;

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<FormProblem<'password' | 'confirmPassword'> | null>(null);
  const errorId = useId();
  const refs = { password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || reset.isSuccess) return;
    const found = validateNewPassword(password, confirm);
    setProblem(found);
    if (found) {
      if (found.field) refs[found.field].current?.focus();
      return;
    }
    reset.mutate(
      { oobCode, password },
      {
        onError: (e) => {
          const reason = serverReason(e);
          setProblem({ message: reason ? `${RESET_FAILED} ${reason}` : RESET_FAILED });
        },
      },
    );
  };

  const fieldError = (field: 'password' | 'confirmPassword') =>
    problem && (!problem.field || problem.field === field) ? errorId : undefined;

  return (
    <AuthLayout title="Choose a new password" documentTitle="Reset Password" eyebrow="Reset password" intro="Use at least 6 characters.">
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        {problem && (
          <p id={errorId} className="alert alert--error" role="alert">
            {problem.message}
          </p>
        )}
        {reset.isSuccess && (
          <p className="alert alert--success" role="status">
            {RESET_DONE} Taking you to sign in…
          </p>
        )}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          inputRef={refs.password}
          errorId={fieldError('password')}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          inputRef={refs.confirmPassword}
          errorId={fieldError('confirmPassword')}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending || reset.isSuccess}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </button>
        <p className="auth__center">
          <Link href="/login" className="auth__link">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
