import { useId } from 'react';
import { ChipChoice } from './ChipChoice';
import { FieldError } from './FieldError';
import type { NewOrderForm } from './useNewOrderForm';
import type { DeliveryMode, DepositMode } from '../../lib/chatOrder';
import { Field, TextField } from '@/components/TextField';
import { deliveryText, notDeliveredText } from '@/lib/delivery';
import { Select, plainOptions } from '@/components/forms/Select';
import { AdminCard } from '../AdminPanel';

const DELIVERY_LABELS: Record<DeliveryMode, string> = {
  state: 'Deliver to a state',
  pickup: 'Pickup in store',
  fee: 'Type a fee',
};
const DEPOSIT_LABELS: Record<DepositMode, string> = {
  none: 'The whole total',
  amount: 'A deposit (₦)',
  percent: 'A deposit (%)',
};

/** How the order reaches the customer: a state's zone, pickup, or a fee typed by hand; and where. */
export function DeliverySection({ form }: { form: NewOrderForm }) {
  const { draft, refs, set, bind, invalid, options, zone } = form;
  const stateId = useId();
  return (
    <AdminCard headingId="new-order-delivery" title="Delivery" className="new-order__section">
      <ChipChoice
        legend="How it reaches the customer"
        name="delivery"
        labels={DELIVERY_LABELS}
        value={draft.delivery}
        onChange={(v) => set('delivery', v)}
      />
      {draft.delivery === 'state' && (
        <Field id={stateId} label="State" className="admin-field">
          <Select
            id={stateId}
            ref={refs.state}
            value={draft.state}
            aria-invalid={invalid('state') ? true : undefined}
            aria-describedby={invalid('state')}
            onValueChange={(state) => set('state', state)}
            placeholder="Choose a state"
            options={plainOptions(options?.states ?? [])}
          />
          {draft.state && options && (
            <p className="field__hint">{zone ? deliveryText(zone) : notDeliveredText(draft.state)}</p>
          )}
        </Field>
      )}
      <FieldError form={form} field="state" />
      {draft.delivery === 'fee' && (
        <TextField
          className="admin-field"
          label="Delivery fee (₦)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="3500"
          {...bind('fee')}
        />
      )}
      <FieldError form={form} field="fee" />
      {draft.delivery === 'pickup' &&
        (options?.pickup.enabled ? (
          <p className="new-order__note">Picks it up at {options.pickup.address}.</p>
        ) : (
          <p className="alert alert--warning">Pickup is off: turn it on in Delivery first.</p>
        ))}
      {draft.delivery !== 'pickup' && (
        <div className="admin-form__grid">
          {(
            [
              ['street', 'Street address'],
              ['city', 'Town or city'],
            ] as const
          ).map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              optional
              autoComplete="off"
              maxLength={200}
              value={draft[field]}
              onValueChange={(v) => set(field, v)}
            />
          ))}
        </div>
      )}
    </AdminCard>
  );
}

/** A code, a discount by hand with its reason, and whether the pay link asks for a deposit. */
export function PriceSection({ form }: { form: NewOrderForm }) {
  const { draft, problem, refs, set, bind, invalid } = form;
  const percent = draft.deposit === 'percent';
  return (
    <AdminCard headingId="new-order-price" title="Discount and payment" className="new-order__section">
      <TextField
        label="Discount code"
        optional
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        {...bind('code')}
      />
      <FieldError form={form} field="code" />
      <div className="admin-form__grid">
        <TextField label="Discount by hand (₦)" optional inputMode="decimal" autoComplete="off" {...bind('discount')} />
        <TextField
          label="Reason for the discount"
          optional={!draft.discount.trim()}
          autoComplete="off"
          maxLength={200}
          {...bind('discountReason')}
        />
      </div>
      {(problem?.field === 'discount' || problem?.field === 'discountReason') && (
        <FieldError form={form} field={problem.field} />
      )}
      <ChipChoice
        legend="The pay link asks for"
        name="deposit"
        labels={DEPOSIT_LABELS}
        value={draft.deposit}
        onChange={(v) => set('deposit', v)}
      />
      {draft.deposit !== 'none' && (
        <TextField
          className="admin-field new-order__deposit"
          label={percent ? 'Deposit (% of the total)' : 'Deposit (₦)'}
          inputMode={percent ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={percent ? '40' : '20000'}
          value={draft.depositValue}
          onValueChange={(v) => set('depositValue', v)}
          inputRef={refs.deposit}
          errorId={invalid('deposit')}
        />
      )}
      <FieldError form={form} field="deposit" />
    </AdminCard>
  );
}
