import type { RefObject } from 'react';
import { PasswordField } from '@/components/forms/PresetFields';

type PasswordName = 'password' | 'confirmPassword';

type NewPasswordFieldsProps = {
  labels: { password: string; confirm: string };
  /** Under the first field ("At least 6 characters."). */
  hint?: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  refs: Record<PasswordName, RefObject<HTMLInputElement | null>>;
  /** The form's error box, for the field it is about (see useFormProblem). */
  errorIdFor: (field: PasswordName) => string | undefined;
};

/** A new password and its confirmation (signup and reset). */
export function NewPasswordFields({
  labels,
  hint,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  refs,
  errorIdFor,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        minLength={6}
        hint={hint}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        inputRef={refs.password}
        errorId={errorIdFor('password')}
      />
      <PasswordField
        label={labels.confirm}
        name="confirmPassword"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        inputRef={refs.confirmPassword}
        errorId={errorIdFor('confirmPassword')}
      />
    </>
  );
}
