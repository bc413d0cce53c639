export type ContactErrors = Partial<Record<'email' | 'message', string>>;

/** The simple e-mail shape of SPEC section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Both fields are required and the e-mail must look like one. Empty object means valid. */
export function validateContact(values: { email: string; message: string }): ContactErrors {
  const errors: ContactErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Please enter your email address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address.';
  if (!values.message.trim()) errors.message = 'Please enter a message.';
  return errors;
}
