import { useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Field as Labelled, FieldAlert, TextField } from '@/components/TextField';
import { Select, plainOptions } from '@/components/forms/Select';
import { deliveryLine, notDeliveredText } from '@/lib/delivery';
import { formatMoney, formatNaira } from '@/lib/money';
import { asCurrency } from '@/lib/shownCurrency';
import type { Address, Customer, DeliveryMethod, DeliveryOptions, PostalCodeRule } from '@/lib/types';
import {
  countriesAbroad,
  countryAbroad,
  countryCode,
  NIGERIA,
  NIGERIA_NAME,
  zoneAbroad,
  type Country,
} from '../lib/abroad';
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

/**
 * The State field: a choice of the states the shop knows (or, abroad, of the country's states or
 * provinces, under its own word), with the form's message beneath when it is missing.
 */
function StateField({
  problem,
  errorId,
  selectRef,
  states,
  value,
  onChange,
  label = 'State',
}: {
  problem: Problem | null;
  errorId: string;
  selectRef: RefObject<HTMLSelectElement | null>;
  states: string[];
  value: string;
  onChange: (state: string) => void;
  label?: string;
}) {
  const id = useId();
  const mine = problem?.field === 'state';
  return (
    <div className={`checkout-field${mine ? ' checkout-field--invalid' : ''}`}>
      <Labelled id={id} label={label}>
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

/** The Country field: Nigeria first, then each country the shop delivers to abroad. */
function CountryField({
  selectRef,
  abroad,
  value,
  onChange,
}: {
  selectRef: RefObject<HTMLSelectElement | null>;
  abroad: readonly Country[];
  value: string;
  onChange: (code: string) => void;
}) {
  const id = useId();
  return (
    <div className="checkout-field">
      <Labelled id={id} label="Country">
        <Select
          ref={selectRef}
          id={id}
          name="country"
          autoComplete="country"
          required
          value={value}
          onValueChange={onChange}
          options={[
            { value: NIGERIA, label: NIGERIA_NAME },
            ...abroad.map((country) => ({ value: country.code, label: country.name })),
          ]}
        />
      </Labelled>
    </div>
  );
}

/**
 * What "Delivery" costs for the chosen state, as the zones say (the summary shows the server's
 * figure); abroad, the country's zone's fee in its own currency.
 */
function deliveryNote(options: DeliveryOptions, state: string, subtotal: number, abroad: Country | null): string {
  if (abroad) {
    const zone = zoneAbroad(options, abroad);
    if (!zone) return notDeliveredText(abroad.name);
    return `${zone.fee === 0 ? 'Free' : formatMoney(zone.fee, asCurrency(zone.currency))}, ${zone.estimate}`;
  }
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
 * The Country is Nigeria or one the shop delivers to abroad (issue 41): abroad the address is the
 * country's (no Nigerian states; its region, a choice when it has a list, and its postcode under
 * their own words, each required as its post requires), and it is delivered, never picked up.
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
  const abroadList = countriesAbroad(options);
  const [country, setCountry] = useState(() => countryCode(initial.address.country, abroadList));
  const abroad = countryAbroad(country, abroadList);
  const [address, setAddress] = useState<Address>(() => ({
    ...initial.address,
    // Nigeria as the saved addresses spell it; abroad, the country's ISO code (what the server takes).
    country: country === NIGERIA ? NIGERIA_NAME : country,
    landmark: initial.address.landmark ?? '',
  }));
  const [note, setNote] = useState(initial.note ?? '');
  const noteId = useId();
  const [chosenMethod, setMethod] = useState<DeliveryMethod>(
    initial.method === 'pickup' && options.pickup.enabled ? 'pickup' : 'delivery',
  );
  // Picking up in store is for Nigeria only.
  const method: DeliveryMethod = abroad ? 'delivery' : chosenMethod;
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
    // A select, or abroad in a country without a list of regions, a text field.
    state: useRef<HTMLSelectElement | HTMLInputElement>(null),
    country: useRef<HTMLSelectElement>(null),
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
    // Abroad without a postcode asked, none is sent.
    const sent = abroad && !abroad.postcodeLabel ? { ...address, postalCode: '' } : address;
    const values = { customer, address: sent, method, note };
    const found = validateCheckout(values, postalCode, abroad);
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
        <CountryField
          selectRef={refs.country as RefObject<HTMLSelectElement | null>}
          abroad={abroadList}
          value={country}
          onChange={(code) => {
            setCountry(code);
            // A state of Nigeria is no region abroad, nor one country's region another's.
            setAddress((a) => ({ ...a, country: code === NIGERIA ? NIGERIA_NAME : code, state: '' }));
            setProblem(null);
          }}
        />
        <Field label="Street address" autoComplete="street-address" {...addressField('street')} />
        {abroad ? (
          <div className="checkout-form__pair">
            <Field label="City" autoComplete="address-level2" {...addressField('city')} />
            {abroad.regions.length > 0 ? (
              <StateField
                {...shared}
                label={abroad.regionLabel}
                selectRef={refs.state as RefObject<HTMLSelectElement | null>}
                states={abroad.regions}
                value={address.state}
                onChange={(state) => setAddress((a) => ({ ...a, state }))}
              />
            ) : (
              <Field label={abroad.regionLabel} autoComplete="address-level1" optional {...addressField('state')} />
            )}
            {Boolean(abroad.postcodeLabel) && (
              <Field
                label={abroad.postcodeLabel}
                autoComplete="postal-code"
                autoCapitalize="characters"
                optional={!abroad.postcodeRequired}
                {...addressField('postalCode')}
              />
            )}
          </div>
        ) : (
          <>
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
            <Field
              label="Postal code"
              autoComplete="postal-code"
              autoCapitalize="characters"
              optional={!postalCodeRequired(postalCode, address.country)}
              {...addressField('postalCode')}
            />
          </>
        )}
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
            {deliveryNote(options, address.state, subtotal, abroad)}
          </MethodOption>
          {options.pickup.enabled && !abroad && (
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
