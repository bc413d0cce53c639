import { useId } from 'react';
import { CustomerPicker } from '../CustomerPicker';
import { ProductPicker } from '../ProductPicker';
import { FieldError } from './FieldError';
import type { NewOrderForm } from './useNewOrderForm';
import type { DraftLine } from '../../lib/chatOrder';
import { CountInput, TextField } from '@/components/TextField';
import { formatNaira } from '@/lib/money';
import { AdminCard } from '../AdminPanel';

/** Who the order is for: picked from the customers or typed, and linked to their account or not. */
export function CustomerSection({ form }: { form: NewOrderForm }) {
  const { draft, problem, set, bind, pick } = form;
  return (
    <AdminCard headingId="new-order-customer" title="Customer" className="new-order__section">
      <CustomerPicker onPick={pick} />
      {draft.accountId && (
        <p className="new-order__linked">
          Joins the account of <strong>{draft.name}</strong>: the order shows in their My Orders.{' '}
          <button type="button" className="new-order__unlink" onClick={() => set('accountId', null)}>
            Don’t link
          </button>
        </p>
      )}
      <div className="admin-form__grid">
        <TextField label="Name" autoComplete="off" maxLength={100} {...bind('name')} />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={25}
          placeholder="0803 555 0100"
          {...bind('phone')}
        />
      </div>
      {(problem?.field === 'name' || problem?.field === 'phone') && <FieldError form={form} field={problem.field} />}
      <TextField
        label="E-mail"
        optional
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
        hint="The pay link is e-mailed too when you give one."
        {...bind('email')}
      />
      <FieldError form={form} field="email" />
    </AdminCard>
  );
}

/** The order's lines, each with its quantity, and the catalogue to add more from. */
export function ItemsSection({ form }: { form: NewOrderForm }) {
  const { draft, refs, set, addLine } = form;
  return (
    <section className="admin-card new-order__section" aria-labelledby="new-order-items">
      <h2 id="new-order-items" className="admin-card__title" ref={refs.lines} tabIndex={-1}>
        Items
      </h2>
      {draft.lines.length > 0 && (
        <ul className="new-order__lines" aria-label="Items in the order">
          {draft.lines.map((line, index) => (
            <LineRow
              key={line.variantId}
              line={line}
              onQuantity={(quantity) =>
                set(
                  'lines',
                  draft.lines.map((l, i) => (i === index ? { ...l, quantity } : l)),
                )
              }
              onRemove={() =>
                set(
                  'lines',
                  draft.lines.filter((_, i) => i !== index),
                )
              }
            />
          ))}
        </ul>
      )}
      <FieldError form={form} field="lines" />
      <ProductPicker onAdd={addLine} />
    </section>
  );
}

function LineRow({
  line,
  onQuantity,
  onRemove,
}: {
  line: DraftLine;
  onQuantity: (quantity: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const quantity = Number(line.quantity);
  const over = Number.isFinite(quantity) && quantity > line.available;
  const what = `${line.name}${line.option ? ` (${line.option})` : ''}`;
  return (
    <li className="new-order__line">
      <div className="new-order__line-what">
        <strong>{line.name}</strong>
        <span className="muted">
          {[line.option, `${formatNaira(line.price)} each`, `${line.available} in stock`].filter(Boolean).join(' · ')}
        </span>
        {over && <span className="new-order__over">Only {line.available} in stock.</span>}
      </div>
      <div className="new-order__line-tools">
        <label htmlFor={id} className="visually-hidden">
          Quantity of {what}
        </label>
        <CountInput
          id={id}
          className="new-order__qty"
          count="quantity"
          value={line.quantity}
          onValueChange={onQuantity}
        />
        <button type="button" className="btn btn--outline btn--sm" onClick={onRemove} aria-label={`Remove ${what}`}>
          Remove
        </button>
      </div>
    </li>
  );
}
