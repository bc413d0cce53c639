import { useState } from 'react';

/** A new password and its confirmation as typed; `fields` are NewPasswordFields' value props. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm,
    fields: { password, confirm, onPasswordChange: setPassword, onConfirmChange: setConfirm },
  };
}
