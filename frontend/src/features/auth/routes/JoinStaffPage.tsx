import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { INVITE_ENDED, JOIN_FAILED, useInvite, useJoinStaff } from '../api/join-staff';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { validateNewPassword } from '../validate';
import { FormError } from '@/components/forms/FormError';
import { FullNameField } from '@/components/forms/PresetFields';
import { SubmitButton } from '@/components/forms/SubmitButton';
import { useFormProblem } from '@/components/forms/useFormProblem';
import { Spinner } from '@/components/Spinner';
import { failureMessage, isNotFound } from '@/lib/api';
import { useSession } from '@/lib/session';
import { ROLE_LABELS } from '@/lib/staff';
import { adminHome } from '@/lib/staffScreens';
import { useNewPassword } from '../components/useNewPassword';

export const NAME_REQUIRED = 'Please enter your full name.';

/**
 * /join?token=… — the page an invitation's link opens: someone the shop's owner invited to the
 * staff sets their name and password (no profile photo: the sign-up form with its photo is for
 * shoppers) and is signed in to the back office with the role they were given.
 */
export default function JoinStaffPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invite = useInvite(token);

  if (!token || invite.isError) {
    return (
      <AuthLayout title="Invitation not found" eyebrow="Join the staff">
        <p className="alert alert--error" role="alert">
          {!token || isNotFound(invite.error) ? INVITE_ENDED : failureMessage(invite.error, JOIN_FAILED)}
        </p>
        <Link href="/" className="btn btn--outline btn--block">
          Go to the shop
        </Link>
      </AuthLayout>
    );
  }
  if (invite.isPending) {
    return (
      <AuthLayout title="Join the staff" eyebrow="Join the staff">
        <Spinner label="Opening your invitation…" />
      </AuthLayout>
    );
  }
  return <JoinForm token={token} email={invite.data.email} role={ROLE_LABELS[invite.data.role]} />;
}

function JoinForm({ token, email, role }: { token: string; email: string; role: string }) {
  const [, navigate] = useLocation();
  const { user } = useSession();
  const join = useJoinStaff();
  const [name, setName] = useState('');
  const { password, confirm, fields: passwordFields } = useNewPassword();
  const { problem, setProblem, errorId, errorIdFor, report } = useFormProblem<
    'displayName' | 'password' | 'confirmPassword'
  >({ unfielded: 'all' });
  const refs = {
    displayName: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending || join.isSuccess) return;
    const found = !name.trim()
      ? { message: NAME_REQUIRED, field: 'displayName' as const }
      : validateNewPassword(password, confirm);
    if (report(found, refs)) return;
    join.mutate(
      { token, displayName: name.trim(), password, confirmPassword: confirm },
      {
        onSuccess: (view) => navigate(adminHome(view.user), { replace: true }),
        onError: (e) => setProblem({ message: failureMessage(e, JOIN_FAILED) }),
      },
    );
  };

  return (
    <AuthLayout
      title="Join the staff"
      documentTitle="Join the staff"
      eyebrow="Join the staff"
      intro={`You are invited to join as ${role.toLowerCase()} with ${email}. Choose your name and a password.`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Join the staff">
        {user && (
          <p className="alert alert--info">
            You are signed in as {user.email}. Joining signs you in to the new account instead.
          </p>
        )}
        <FormError id={errorId} message={problem?.message} />
        <FullNameField
          value={name}
          onChange={(e) => setName(e.target.value)}
          inputRef={refs.displayName}
          errorId={errorIdFor('displayName')}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          hint="At least 6 characters."
          {...passwordFields}
          refs={refs}
          errorIdFor={errorIdFor}
        />
        <SubmitButton
          className="btn btn--primary btn--block"
          pending={join.isPending}
          pendingLabel="Joining..."
          disabled={join.isPending || join.isSuccess}
        >
          Join the staff
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
