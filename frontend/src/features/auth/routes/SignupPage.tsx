import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useSignup } from '../api/signup';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { SIGNUP_MESSAGES, stillFailing, validateSignup, type SignupField, type SignupValues } from '../validate';
import { Avatar } from '@/components/Avatar';
import { FormError } from '@/components/forms/FormError';
import { EmailField, FullNameField } from '@/components/forms/PresetFields';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { useFormProblem } from '@/components/forms/useFormProblem';
import { usePhotoChoice } from '@/components/forms/usePhotoChoice';
import { serverReason } from '@/lib/api';
import { loginPath, safeNextPath } from '@/lib/redirect';
import { useInFlight } from '@/lib/useInFlight';

/**
 * /signup (signed-out only): full name, e-mail, password twice and a profile picture. Signing up
 * goes back to `next` (same-site only, as login), else home.
 */
export default function SignupPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signup = useSignup();
  const flight = useInFlight();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { photo, imageError, preview, onChange: choosePhoto } = usePhotoChoice();
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<SignupField>();

  const imageErrorId = useId();
  const refs = {
    displayName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
    photo: useRef<HTMLInputElement>(null),
  };

  const values: SignupValues = { displayName, email, password, confirmPassword, photo, imageError };

  /** After a change: the problem on screen goes away as soon as its field is fixed (one at a time). */
  const recheck = (next: Partial<SignupValues>) => {
    if (problem && !stillFailing(problem, { ...values, ...next })) setProblem(null);
  };

  // A picture is checked when chosen: its problem shows in the form's one error box.
  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const issue = choosePhoto(event);
    if (issue) setProblem({ message: issue, field: 'photo' });
    else recheck({ photo: file, imageError: null });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    if (report(validateSignup(values), refs)) return;
    if (!flight.begin()) return;
    signup.mutate(
      { displayName: displayName.trim(), email: email.trim(), password, confirmPassword, photo: photo! },
      {
        onSettled: flight.end,
        onSuccess: () => navigate(next, { replace: true }),
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
          Already have an account? <Link href={loginPath(next)}>Log in</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <FormError id={errorId} message={problem?.message} intoView />
        <FullNameField
          value={displayName}
          onChange={(e) => {
            setDisplayName(e.target.value);
            recheck({ displayName: e.target.value });
          }}
          inputRef={refs.displayName}
          errorId={errorIdFor('displayName')}
        />
        <EmailField
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            recheck({ email: e.target.value });
          }}
          inputRef={refs.email}
          errorId={errorIdFor('email')}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          hint="At least 6 characters."
          password={password}
          confirm={confirmPassword}
          onPasswordChange={(value) => {
            setPassword(value);
            recheck({ password: value });
          }}
          onConfirmChange={(value) => {
            setConfirmPassword(value);
            recheck({ confirmPassword: value });
          }}
          refs={refs}
          errorIdFor={errorIdFor}
        />
        <div className="field">
          <label htmlFor={`${imageErrorId}-input`} className="field__label">
            Profile image
            <span className="field__required" aria-hidden="true">
              {' '}
              (required)
            </span>
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
              aria-required="true"
              onChange={onPhoto}
              aria-invalid={problem?.field === 'photo' ? true : undefined}
              aria-describedby={errorIdFor('photo')}
            />
          </div>
        </div>
        <SubmitButton className="btn btn--primary btn--block" pending={signup.isPending} pendingLabel="Signing up...">
          Sign Up
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
