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

/** SPEC section 5's signup checks, in order; null when the form may be sent. */
export function validateSignup(v: SignupValues): FormProblem<SignupField> | null {
  if (v.imageError) return { message: SIGNUP_MESSAGES.imagePending, field: 'photo' };
  const empty = (
    [
      ['displayName', !v.displayName.trim()],
      ['email', !v.email.trim()],
      ['password', !v.password],
      ['confirmPassword', !v.confirmPassword],
      ['photo', !v.photo],
    ] as const
  ).find(([, missing]) => missing);
  if (empty) return { message: SIGNUP_MESSAGES.required, field: empty[0] };
  if (!EMAIL_PATTERN.test(v.email.trim())) return { message: SIGNUP_MESSAGES.email, field: 'email' };
  if (v.password.length < MIN_PASSWORD_LENGTH) return { message: SIGNUP_MESSAGES.passwordLength, field: 'password' };
  if (v.password !== v.confirmPassword) return { message: SIGNUP_MESSAGES.mismatch, field: 'confirmPassword' };
  return null;
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
