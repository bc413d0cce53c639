import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignup } from '../api/signup';
import { AuthLayout } from '../components/AuthLayout';
import { SIGNUP_MESSAGES, validateSignup, type FormProblem, type SignupField } from '../validate';
import { Avatar } from '@/components/Avatar';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
import { checkImageFile, useObjectUrl } from '@/lib/forms';
import { useInFlight } from '@/lib/useInFlight';

/** /signup (signed-out only): full name, e-mail, password twice and a profile picture. */
export default function SignupPage() {
  const [, navigate] = useLocation();
  const signup = useSignup();
  const flight = useInFlight();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem<SignupField> | null>(null);
  const preview = useObjectUrl(photo);

  const errorId = useId();
  const imageErrorId = useId();
  const refs = {
    displayName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
    photo: useRef<HTMLInputElement>(null),
  };
  const fieldError = (field: SignupField) => (problem?.field === field ? errorId : undefined);

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const issue = checkImageFile(file);
    setImageError(issue);
    setPhoto(issue ? null : file);
    if (!issue && problem?.field === 'photo') setProblem(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    const found = validateSignup({ displayName, email, password, confirmPassword, photo, imageError });
    setProblem(found);
    if (found) {
      if (found.field) refs[found.field].current?.focus();
      return;
    }
    if (!flight.begin()) return;
    signup.mutate(
      { displayName: displayName.trim(), email: email.trim(), password, confirmPassword, photo: photo! },
      {
        onSettled: flight.end,
        onSuccess: () => navigate('/', { replace: true }),
        onError: (error) => {
          const message = serverReason(error) ?? SIGNUP_MESSAGES.failed;
          setProblem({ message, field: /email/i.test(message) ? 'email' : undefined });
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Create your account"
      documentTitle="Sign Up"
      eyebrow="Sign Up"
      intro="Keep a bag, save the pieces you love and pay securely by card."
      footer={
        <>
          Already have an account? <Link href="/login">Log in</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        {problem && (
          <p id={errorId} className="alert alert--error" role="alert">
            {problem.message}
          </p>
        )}
        <TextField
          label="Full name"
          name="displayName"
          autoComplete="name"
          required
          maxLength={100}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          inputRef={refs.displayName}
          errorId={fieldError('displayName')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputRef={refs.email}
          errorId={fieldError('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          inputRef={refs.password}
          errorId={fieldError('password')}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          inputRef={refs.confirmPassword}
          errorId={fieldError('confirmPassword')}
        />
        <div className="field">
          <label htmlFor={`${imageErrorId}-input`} className="field__label">
            Profile image
          </label>
          <div className="auth__photo">
            <Avatar previewUrl={preview} name={displayName.trim()} size={72} />
            <input
              ref={refs.photo}
              id={`${imageErrorId}-input`}
              className="file-input"
              type="file"
              name="photo"
              accept="image/*"
              required
              onChange={onPhoto}
              aria-invalid={imageError || problem?.field === 'photo' ? true : undefined}
              aria-describedby={
                [imageError ? imageErrorId : null, fieldError('photo')].filter(Boolean).join(' ') || undefined
              }
            />
          </div>
          {imageError && (
            <p id={imageErrorId} className="field__error" role="alert">
              {imageError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={signup.isPending}>
          {signup.isPending ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
    </AuthLayout>
  );
}
