import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { FORGOT_FAILED, FORGOT_SENT, useForgotPassword } from '../api/forgot-password';
import { loginErrorMessage, useLogin } from '../api/login';
import { RESET_DONE } from '../api/reset-password';
import { AuthLayout } from '../components/AuthLayout';
import { FormError } from '@/components/forms/FormError';
import { EmailField, PasswordField } from '@/components/forms/PresetFields';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { useFormProblem } from '@/components/forms/useFormProblem';
import { failureMessage } from '@/lib/api';
import { safeNextPath } from '@/lib/redirect';
import { adminHome } from '@/lib/staffScreens';
import { SHOP_NAME } from '@/lib/site';

type Mode = 'signin' | 'forgot';

/**
 * /login (signed-out only): e-mail and password, or, in forgot-password mode, the e-mail alone to
 * receive a reset link. After signing in the shopper goes back to `next` (same-site only) or home;
 * an admin without a `next` lands in the back office: the dashboard, or the orders for a packer.
 */

export default function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'forgot' ? 'forgot' : 'signin');
  const [email, setEmail] = useState('');
  // '' when there is nowhere to go back to: then home, or the dashboard for an admin.
  const next = safeNextPath(params.get('next'), '');
  const justReset = params.get('reset') === 'done';

  return mode === 'signin' ? (
    <SignInForm
      email={email}
      setEmail={setEmail}
      next={next}
      notice={justReset ? RESET_DONE : null}
      onForgot={() => setMode('forgot')}
    />
  ) : (
    <ForgotForm email={email} setEmail={setEmail} onBack={() => setMode('signin')} />
  );
}

type FormProps = { email: string; setEmail: (value: string) => void };

type SignInProps = FormProps & { next: string; notice: string | null; onForgot: () => void };

function SignInForm({ email, setEmail, next, notice, onForgot }: SignInProps) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<'email' | 'password'>({
    unfielded: 'all',
  });
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // The problem goes once a field it is about changes (a wrong password: either field).
  const edited = (field: 'email' | 'password') => {
    if (errorIdFor(field)) setProblem(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const trimmedEmail = email.trim();
    const trimmedPassword = password.trim();
    const missing = !trimmedEmail ? 'email' : !trimmedPassword ? 'password' : null;
    if (report(missing && { message: 'Please enter your email and password.', field: missing }, refs)) return;
    login.mutate(
      { email: trimmedEmail, password: trimmedPassword },
      {
        onSuccess: (session) =>
          navigate(next || (session.user?.admin ? adminHome(session.user) : '/'), {
            replace: true,
          }),
        onError: (e) => setProblem({ message: loginErrorMessage(e) }),
      },
    );
  };

  return (
    <AuthLayout
      title="Welcome back"
      documentTitle="Login"
      eyebrow="Login"
      intro="Sign in to see your bag, saved items and orders."
      footer={
        <>
          New to {SHOP_NAME}?{' '}
          <Link href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Create an account</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        {notice && !problem && (
          <p className="alert alert--success" role="status">
            {notice}
          </p>
        )}
        <FormError id={errorId} message={problem?.message} />
        <EmailField
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            edited('email');
          }}
          inputRef={refs.email}
          errorId={errorIdFor('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            edited('password');
          }}
          inputRef={refs.password}
          errorId={errorIdFor('password')}
        />
        <div className="auth__row">
          <button type="button" className="auth__text-button" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
        <SubmitButton className="btn btn--primary btn--block" pending={login.isPending} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

function ForgotForm({ email, setEmail, onBack }: FormProps & { onBack: () => void }) {
  const forgot = useForgotPassword();
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<'email'>({ unfielded: 'all' });
  const refs = { email: useRef<HTMLInputElement>(null) };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const trimmed = email.trim();
    if (report(trimmed ? null : { message: 'Please enter your email address.', field: 'email' }, refs)) return;
    forgot.mutate(trimmed, {
      onError: (e) => {
        setProblem({ message: failureMessage(e, FORGOT_FAILED) });
      },
    });
  };

  return (
    <AuthLayout
      title="Reset your password"
      documentTitle="Forgot Password"
      eyebrow="Forgot password"
      intro="Enter the e-mail of your account and we'll send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <FormError id={errorId} message={problem?.message} />
        {forgot.isSuccess && (
          <p className="alert alert--success" role="status">
            {FORGOT_SENT}
          </p>
        )}
        <EmailField
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (problem) setProblem(null);
          }}
          inputRef={refs.email}
          errorId={errorIdFor('email')}
        />
        <SubmitButton className="btn btn--primary btn--block" pending={forgot.isPending} pendingLabel="Sending link...">
          Send Reset Link
        </SubmitButton>
        <p className="auth__center">
          <button type="button" className="auth__text-button" onClick={onBack}>
            Back to sign in
          </button>
        </p>
      </form>
    </AuthLayout>
  );
}
