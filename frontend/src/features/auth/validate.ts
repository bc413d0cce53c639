import type { FormProblem } from '@/components/forms/useFormProblem';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '@/lib/forms';

export const SIGNUP_MESSAGES = {
  required: 'Please fill all the fields and upload a valid profile picture.',
  email: 'Please enter a valid email address.',
  passwordLength: 'Password must be at least 6 characters long.',
  mismatch: 'Passwords do not match.',
  imagePending: 'Please resolve the profile image issue before submitting.',
  failed: 'Could not complete signup.',
} as const;

export type SignupField = 'displayName' | 'email' | 'password' | 'confirmPassword' | 'photo';

export type SignupValues = {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
  photo: File | null;
  /** The message of a picture that failed its checks when chosen, if any. */
  imageError: string | null;
};

type Check = FormProblem<SignupField> & { failing: boolean };

/**
 * SPEC section 5's signup checks in the spec's order: every field filled (a picture that failed
 * its own checks counts as chosen here), the e-mail's shape, the password's length, the two
 * passwords matching, then the picture's own problem blocking submit.
 */
function signupChecks(v: SignupValues): Check[] {
  const required = (field: SignupField, missing: boolean): Check => ({
    message: SIGNUP_MESSAGES.required,
    field,
    failing: missing,
  });
  return [
    required('displayName', !v.displayName.trim()),
    required('email', !v.email.trim()),
    required('password', !v.password),
    required('confirmPassword', !v.confirmPassword),
    required('photo', !v.photo && !v.imageError),
    { message: SIGNUP_MESSAGES.email, field: 'email', failing: !EMAIL_PATTERN.test(v.email.trim()) },
    { message: SIGNUP_MESSAGES.passwordLength, field: 'password', failing: v.password.length < MIN_PASSWORD_LENGTH },
    { message: SIGNUP_MESSAGES.mismatch, field: 'confirmPassword', failing: v.password !== v.confirmPassword },
    { message: SIGNUP_MESSAGES.imagePending, field: 'photo', failing: Boolean(v.imageError) },
  ];
}

/** The first failing signup check (one problem at a time); null when the form may be sent. */
export function validateSignup(v: SignupValues): FormProblem<SignupField> | null {
  const first = signupChecks(v).find((check) => check.failing);
  return first ? { message: first.message, field: first.field } : null;
}

/**
 * Whether the problem on screen still holds for these values. A check's problem holds while its
 * check fails; the picture's own problem ("Selected file must be an image.") while that picture is
 * chosen. Anything else (a server's answer) is about values the shopper has since changed.
 */
export function stillFailing(problem: FormProblem<SignupField>, v: SignupValues): boolean {
  if (problem.field === 'photo' && problem.message === v.imageError) return true;
  return signupChecks(v).some(
    (check) => check.failing && check.message === problem.message && check.field === problem.field,
  );
}

/** The new-password checks of the reset form. */
export function validateNewPassword(
  password: string,
  confirm: string,
): FormProblem<'password' | 'confirmPassword'> | null {
  if (!password) return { message: 'Please enter a new password.', field: 'password' };
  if (password.length < MIN_PASSWORD_LENGTH) return { message: SIGNUP_MESSAGES.passwordLength, field: 'password' };
  if (!confirm) return { message: 'Please confirm your new password.', field: 'confirmPassword' };
  if (password !== confirm) return { message: SIGNUP_MESSAGES.mismatch, field: 'confirmPassword' };
  return null;
}
