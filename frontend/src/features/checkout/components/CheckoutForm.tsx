import { useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Field as Labelled, FieldAlert, TextField } from '@/components/TextField';
import { Select, plainOptions } from '@/components/forms/Select';
import { deliveryLine, notDeliveredText } from '@/lib/delivery';
import { formatNaira } from '@/lib/money';
import type { Address, Customer, DeliveryMethod, DeliveryOptions, PostalCodeRule } from '@/lib/types';
import { postalCodeRequired, validateCheckout, type CheckoutField, type CheckoutValues } from '../lib/validate';

type CheckoutFormProps = {
  initial: CheckoutValues;
  /** The states, zones and pickup from GET /api/delivery. */
  options: DeliveryOptions;
  /** Kobo: the bag's subtotal, for the fee shown beside "Delivery" (the summary has the server's). */
  subtotal: number;
  /** A problem to show from the start (the server refused the details). */
  initialProblem?: string | null;
  /** Whether the address needs a postal code (the merchant's rule; the seed's: always). */
  postalCode?: PostalCodeRule;
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

/**
 * A field (required unless `optional`) with the form's message right beneath it when the problem
 * is this field's.
 */
function Field({ problem, errorId, field, inputRef, optional, ...props }: FieldProps) {
  const mine = problem?.field === field;
  return (
    <div className={`checkout-field${mine ? ' checkout-field--invalid' : ''}`}>
      <TextField
        {...props}
        optional={optional}
        required={!optional}
        inputRef={inputRef}
        errorId={mine ? errorId : undefined}
      />
      {mine && <FieldAlert id={errorId} message={problem.message} />}
    </div>
  );
}

/** The State field: a choice of the states the shop knows, with the form's message beneath when it is missing. */
function StateField({
  problem,
  errorId,
  selectRef,
  states,
  value,
  onChange,
}: {
  problem: Problem | null;
  errorId: string;
  selectRef: RefObject<HTMLSelectElement | null>;
  states: string[];
  value: string;
  onChange: (state: string) => void;
}) {
  const id = useId();
  const mine = problem?.field === 'state';
  return (
    <div className={`checkout-field${mine ? ' checkout-field--invalid' : ''}`}>
      <Labelled id={id} label="State">
        <Select
          ref={selectRef}
          id={id}
          name="state"
          autoComplete="address-level1"
          required
          aria-invalid={mine ? true : undefined}
          aria-describedby={mine ? errorId : undefined}
          value={value}
          onValueChange={onChange}
          placeholder="Choose…"
          options={plainOptions(states)}
        />
      </Labelled>
      {mine && <FieldAlert id={errorId} message={problem.message} />}
    </div>
  );
}

/** One way to receive the order: a radio with its name and what it costs. */
function MethodOption({
  name,
  value,
  checked,
  onChoose,
  label,
  children,
}: {
  name: string;
  value: DeliveryMethod;
  checked: boolean;
  onChoose: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <label className="delivery-method">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
      <span className="delivery-method__text">
        <span className="delivery-method__name">{label}</span>
        <span className="delivery-method__note">{children}</span>
      </span>
    </label>
  );
}

/** What "Delivery" costs for the chosen state, as the zones say (the summary shows the server's figure). */
function deliveryNote(options: DeliveryOptions, state: string, subtotal: number): string {
  if (!state) return 'Choose your state to see the fee.';
  const line = deliveryLine(options, state, subtotal);
  if (!line) return notDeliveredText(state);
  return `${line.fee === 0 ? 'Free' : formatNaira(line.fee)}, ${line.estimate}`;
}

/**
 * Customer details and delivery address (SPEC section 4): every field required (the postal code
 * as the merchant's rule says), checked on submit in the spec's order; the first problem is shown
 * under its field, which takes the focus. A nearest landmark and a note for the shop are optional.
 * A refusal from the server that names no field shows above the buttons.
 */
export function CheckoutForm({
  initial,
  options,
  subtotal,
  initialProblem = null,
  postalCode = 'required',
  onSubmit,
  onBack,
}: CheckoutFormProps) {
  const [customer, setCustomer] = useState<Customer>(initial.customer);
  const [address, setAddress] = useState<Address>({ ...initial.address, landmark: initial.address.landmark ?? '' });
  const [note, setNote] = useState(initial.note ?? '');
  const noteId = useId();
  const [method, setMethod] = useState<DeliveryMethod>(
    initial.method === 'pickup' && options.pickup.enabled ? 'pickup' : 'delivery',
  );
  const methodName = useId();
  const methodProps = (value: DeliveryMethod) => ({
    name: methodName,
    value,
    checked: method === value,
    onChoose: () => setMethod(value),
  });
  const [problem, setProblem] = useState<Problem | null>(initialProblem ? { message: initialProblem } : null);
  const errorId = useId();
  const refs: Record<CheckoutField, RefObject<HTMLInputElement | HTMLSelectElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    street: useRef<HTMLInputElement>(null),
    city: useRef<HTMLInputElement>(null),
    state: useRef<HTMLSelectElement>(null),
    country: useRef<HTMLInputElement>(null),
    postalCode: useRef<HTMLInputElement>(null),
    landmark: useRef<HTMLInputElement>(null),
  };
  const shared = { problem, errorId };
  const inputRef = (field: CheckoutField) => refs[field] as RefObject<HTMLInputElement | null>;
  const customerField = (field: keyof Customer) => ({
    ...shared,
    field,
    name: field,
    inputRef: inputRef(field),
    value: customer[field],
    onChange: (e: { target: { value: string } }) => setCustomer((c) => ({ ...c, [field]: e.target.value })),
  });
  const addressField = (field: keyof Address & CheckoutField) => ({
    ...shared,
    field,
    name: field,
    inputRef: inputRef(field),
    maxLength: 200,
    value: address[field] ?? '',
    onChange: (e: { target: { value: string } }) => setAddress((a) => ({ ...a, [field]: e.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { customer, address, method, note };
    const found = validateCheckout(values, postalCode);
    setProblem(found);
    if (found) {
      refs[found.field].current?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-label="Checkout details">
      <fieldset className="bare-fieldset checkout-form__group">
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
      <fieldset className="bare-fieldset checkout-form__group">
        <legend className="checkout-form__legend">Delivery address</legend>
        <Field label="Street address" autoComplete="street-address" {...addressField('street')} />
        <div className="checkout-form__pair">
          <Field label="City" autoComplete="address-level2" {...addressField('city')} />
          <StateField
            {...shared}
            selectRef={refs.state as RefObject<HTMLSelectElement | null>}
            states={options.states}
            value={address.state}
            onChange={(state) => setAddress((a) => ({ ...a, state }))}
          />
        </div>
        <div className="checkout-form__pair">
          <Field label="Country" autoComplete="country-name" {...addressField('country')} />
          <Field
            label="Postal code"
            autoComplete="postal-code"
            autoCapitalize="characters"
            optional={!postalCodeRequired(postalCode, address.country)}
            {...addressField('postalCode')}
          />
        </div>
        <Field
          label="Nearest landmark"
          hint="Helps the rider find you, e.g. opposite Shoprite, by the blue gate."
          optional
          {...addressField('landmark')}
        />
      </fieldset>
      <fieldset className="bare-fieldset checkout-form__group">
        <legend className="checkout-form__legend">Delivery method</legend>
        <div className="delivery-methods">
          <MethodOption {...methodProps('delivery')} label="Delivery">
            {deliveryNote(options, address.state, subtotal)}
          </MethodOption>
          {options.pickup.enabled && (
            <MethodOption {...methodProps('pickup')} label="Pick up in store">
              Free{options.pickup.address ? `, at ${options.pickup.address}` : ''}
            </MethodOption>
          )}
        </div>
      </fieldset>
      <div className="field checkout-form__note">
        <label htmlFor={noteId} className="field__label">
          Delivery note<span className="field__optional"> (optional)</span>
        </label>
        <textarea
          id={noteId}
          name="note"
          className="field__input"
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="e.g. Call before delivery"
        />
      </div>
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
