import type { ComponentProps } from 'react';
import { TextField } from '@/components/TextField';

type PresetProps = Omit<ComponentProps<typeof TextField>, 'label'> & { label?: string };

/** The e-mail of an account: required, with the e-mail keyboard and autofill. */
export function EmailField(props: PresetProps) {
  return (
    <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required {...props} />
  );
}

/** A person's full name (the account's display name): required, at most 100 characters. */
export function FullNameField(props: PresetProps) {
  return <TextField label="Full name" name="displayName" autoComplete="name" required maxLength={100} {...props} />;
}

/** A password input: required; a new password unless `autoComplete` says otherwise. */
export function PasswordField(props: ComponentProps<typeof TextField>) {
  return <TextField name="password" type="password" autoComplete="new-password" required {...props} />;
}
