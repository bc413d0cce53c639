import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { FORGOT_FAILED, FORGOT_SENT, useForgotPassword } from '../api/forgot-password';
import { loginErrorMessage, useLogin } from '../api/login';
import { AuthLayout } from '../components/AuthLayout';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
import { safeNextPath } from '@/lib/redirect';

type Mode = 'signin' | 'forgot';

/**
 * /login (signed-out only): e-mail and password, or, in forgot-password mode, the e-mail alone to
 * receive a reset link. After signing in the shopper goes back to `next` (same-site only) or home.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'forgot' ? 'forgot' : 'signin');
  const [email, setEmail] = useState('');
  const next = safeNextPath(params.get('next'));

  return mode === 'signin' ? (
    <SignInForm email={email} setEmail={setEmail} next={next} onForgot={() => setMode('forgot')} />
  ) : (
    <ForgotForm email={email} setEmail={setEmail} onBack={() => setMode('signin')} />
  );
}

type FormProps = { email: string; setEmail: (value: string) => void };

function SignInForm({ email, setEmail, next, onForgot }: FormProps & { next: string; onForgot: () => void }) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; field?: 'email' | 'password' } | null>(null);
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const trimmedEmail = email.trim();
    const trimmedPassword = password.trim();
    if (!trimmedEmail || !trimmedPassword) {
      const field = trimmedEmail ? 'password' : 'email';
      setError({ message: 'Please enter your email and password.', field });
      (field === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    setError(null);
    login.mutate(
      { email: trimmedEmail, password: trimmedPassword },
      {
        onSuccess: () => navigate(next, { replace: true }),
        onError: (e) => setError({ message: loginErrorMessage(e) }),
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
          New to Ankara? <Link href="/signup">Create an account</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        {error && (
          <p id={errorId} className="alert alert--error" role="alert">
            {error.message}
          </p>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputRef={emailRef}
          errorId={error && error.field !== 'password' ? errorId : undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          inputRef={passwordRef}
          errorId={error && error.field !== 'email' ? errorId : undefined}
        />
        <div className="auth__row">
          <button type="button" className="auth__text-button" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </AuthLayout>
  );
}

function ForgotForm({ email, setEmail, onBack }: FormProps & { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const trimmed = email.trim();
    if (!trimmed) {
      setError('Please enter your email address.');
      emailRef.current?.focus();
      return;
    }
    setError(null);
    forgot.mutate(trimmed, {
      onError: (e) => {
        const reason = serverReason(e);
        setError(reason ? `${FORGOT_FAILED} ${reason}` : FORGOT_FAILED);
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
        {error && (
          <p id={errorId} className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {forgot.isSuccess && (
          <p className="alert alert--success" role="status">
            {FORGOT_SENT}
          </p>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputRef={emailRef}
          errorId={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending link...' : 'Send Reset Link'}
        </button>
        <p className="auth__center">
          <button type="button" className="auth__text-button" onClick={onBack}>
            Back to sign in
          </button>
        </p>
      </form>
    </AuthLayout>
  );
}
