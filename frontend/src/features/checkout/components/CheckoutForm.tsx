import { useId, useRef, useState, type ComponentProps, type FormEvent, type RefObject } from 'react';
import { TextField } from '@/components/TextField';
import type { Address, Customer } from '@/lib/types';
import { validateCheckout, type CheckoutField, type CheckoutValues } from '../lib/validate';

type CheckoutFormProps = {
  initial: CheckoutValues;
  /** A problem to show from the start (the server refused the details). */
  initialProblem?: string | null;
  onSubmit: (values: CheckoutValues) => void;
  onBack: () => void;
};

type Problem = { message: string; field?: CheckoutField };

type FieldProps = Omit<ComponentProps<typeof TextField>, 'errorId' | 'inputRef' | 'required'> & {
  problem: Problem | null;
  errorId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  field: CheckoutField;
};

/** A required field with the form's message right beneath it when the problem is this field's. */
function Field({ problem, errorId, field, inputRef, ...props }: FieldProps) {
  const mine = problem?.field === field;
  return (
    <div className={`checkout-field${mine ? ' checkout-field--invalid' : ''}`}>
      <TextField {...props} required inputRef={inputRef} errorId={mine ? errorId : undefined} />
      {mine && (
        <p id={errorId} className="field__error" role="alert">
          {problem.message}
        </p>
      )}
    </div>
  );
}

/**
 * Customer details and delivery address (SPEC section 4): every field required, checked on
 * submit in the spec's order; the first problem is shown under its field, which takes the focus.
 * A refusal from the server that names no field shows above the buttons.
 */
export function CheckoutForm({ initial, initialProblem = null, onSubmit, onBack }: CheckoutFormProps) {
  const [customer, setCustomer] = useState<Customer>(initial.customer);
  const [address, setAddress] = useState<Address>(initial.address);
  const [problem, setProblem] = useState<Problem | null>(initialProblem ? { message: initialProblem } : null);
  const errorId = useId();
  const refs: Record<CheckoutField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    street: useRef<HTMLInputElement>(null),
    city: useRef<HTMLInputElement>(null),
    state: useRef<HTMLInputElement>(null),
    country: useRef<HTMLInputElement>(null),
    postalCode: useRef<HTMLInputElement>(null),
  };
  const shared = { problem, errorId };
  const customerField = (field: keyof Customer) => ({
    ...shared,
    field,
    name: field,
    inputRef: refs[field],
    value: customer[field],
    onChange: (e: { target: { value: string } }) => setCustomer((c) => ({ ...c, [field]: e.target.value })),
  });
  const addressField = (field: keyof Address) => ({
    ...shared,
    field,
    name: field,
    inputRef: refs[field],
    maxLength: 200,
    value: address[field],
    onChange: (e: { target: { value: string } }) => setAddress((a) => ({ ...a, [field]: e.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { customer, address };
    const found = validateCheckout(values);
    setProblem(found);
    if (found) {
      refs[found.field].current?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-label="Checkout details">
      <fieldset className="checkout-form__group">
        <legend className="checkout-form__legend">Customer details</legend>
        <Field label="Full name" autoComplete="name" maxLength={100} {...customerField('name')} />
        <Field
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          {...customerField('email')}
        />
        <Field
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={25}
          {...customerField('phone')}
        />
      </fieldset>
      <fieldset className="checkout-form__group">
        <legend className="checkout-form__legend">Delivery address</legend>
        <Field label="Street address" autoComplete="street-address" {...addressField('street')} />
        <div className="checkout-form__pair">
          <Field label="City" autoComplete="address-level2" {...addressField('city')} />
          <Field label="State" autoComplete="address-level1" {...addressField('state')} />
        </div>
        <div className="checkout-form__pair">
          <Field label="Country" autoComplete="country-name" {...addressField('country')} />
          <Field
            label="Postal code"
            autoComplete="postal-code"
            autoCapitalize="characters"
            {...addressField('postalCode')}
          />
        </div>
      </fieldset>
      {problem && !problem.field && (
        <p id={errorId} className="alert alert--error" role="alert">
          {problem.message}
        </p>
      )}
      <div className="checkout-actions">
        <button type="submit" className="btn btn--primary btn--block">
          Proceed to Payment
        </button>
        <button type="button" className="btn btn--outline btn--block" onClick={onBack}>
          Cancel
        </button>
      </div>
    </form>
  );
}
