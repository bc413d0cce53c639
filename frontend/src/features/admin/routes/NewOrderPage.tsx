import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useCreateChatOrder, type ChatOrderMade } from '../api/chatOrders';
import { CustomerPicker } from '../components/CustomerPicker';
import { TextAreaField } from '../components/Fields';
import { OrderBreakdown } from '../components/OrderBreakdown';
import { PayLinkShare } from '../components/PayLinkShare';
import { ProductPicker } from '../components/ProductPicker';
import {
  EMPTY_DRAFT,
  SOURCE_LABELS,
  chatOrderBody,
  draftProblem,
  estimate,
  type DeliveryMode,
  type DepositMode,
  type DraftField,
  type DraftLine,
  type DraftOrder,
} from '../lib/chatOrder';
import { newIdempotencyKey } from '../lib/idempotency';
import { adminTime } from '../lib/time';
import { ChoiceGroup } from '@/components/ChoiceGroup';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { Field, TextField } from '@/components/TextField';
import { failureMessage, isApiError, type ApiError } from '@/lib/api';
import { deliveryLine, deliveryText, notDeliveredText, useDeliveryOptions } from '@/lib/delivery';
import { formatNaira } from '@/lib/money';
import type { CustomerSummary, OrderSource } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import './NewOrderPage.css';

export const CREATE_FAILED = 'The order could not be created. Please try again.';
/** The server's answer to a second submission with the same Idempotency-Key. */
export const ALREADY_SUBMITTED = 'This form was already submitted.';
export const ALREADY_SUBMITTED_HINT = 'It may have gone through: check the orders list before taking the order again.';

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
const SOURCES: OrderSource[] = ['whatsapp', 'instagram', 'in_store', 'website'];

/** The label → value of a chip group. */
function chips<T extends string>(labels: Record<T, string>) {
  const values = Object.keys(labels) as T[];
  return {
    options: values.map((value) => ({ value: labels[value], soldOut: false })),
    valueOf: (label: string) => values.find((value) => labels[value] === label)!,
  };
}
const deliveryChips = chips(DELIVERY_LABELS);
const depositChips = chips(DEPOSIT_LABELS);
const sourceChips = chips(Object.fromEntries(SOURCES.map((s) => [s, SOURCE_LABELS[s]])) as Record<OrderSource, string>);

/** A refusal the server made after reading the request: nothing was created, so the next try needs a new key. */
function refusedWithoutOrder(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500 && error.message !== ALREADY_SUBMITTED;
}

/**
 * /admin/orders/new (owners and managers): an order taken in a chat or in the shop. The customer
 * (or one picked from the customers), lines from the catalogue with their stock, delivery, a code
 * or a discount by hand, a deposit, notes and where it came from. One Idempotency-Key per form:
 * a double click makes one order. Then the order's number and its pay link, to copy or send on
 * WhatsApp.
 */
export default function NewOrderPage() {
  const [made, setMade] = useState<ChatOrderMade | null>(null);
  // The form's key: kept while an attempt may have gone through, renewed after a refusal.
  const key = useRef(newIdempotencyKey());
  // Remounting the form (a new `form`) empties it for the next order.
  const [form, setForm] = useState(0);

  return (
    <PageShell title="New order" eyebrow="Admin">
      <Link href="/admin/orders" className="admin-back">
        ← All orders
      </Link>
      {made ? (
        <OrderMade
          made={made}
          onAnother={() => {
            key.current = newIdempotencyKey();
            setMade(null);
            setForm((n) => n + 1);
          }}
        />
      ) : (
        <NewOrderForm key={form} idempotencyKey={key} onMade={setMade} />
      )}
    </PageShell>
  );
}

type Problem = { field: DraftField | null; message: string; hint?: string } | null;

function NewOrderForm({
  idempotencyKey,
  onMade,
}: {
  idempotencyKey: { current: string };
  onMade: (made: ChatOrderMade) => void;
}) {
  const [draft, setDraft] = useState<DraftOrder>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<Problem>(null);
  const create = useCreateChatOrder();
  const latch = useInFlight();
  const delivery = useDeliveryOptions();
  const errorId = useId();
  const stateId = useId();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    lines: useRef<HTMLHeadingElement>(null),
    state: useRef<HTMLSelectElement>(null),
    fee: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    discount: useRef<HTMLInputElement>(null),
    discountReason: useRef<HTMLInputElement>(null),
    deposit: useRef<HTMLInputElement>(null),
  } satisfies Record<DraftField, unknown>;

  /** Changes a field; a problem goes once the field it is about (or any, for the server's) changes. */
  const set = <K extends keyof DraftOrder>(field: K, value: DraftOrder[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblem((p) => {
      if (!p) return p;
      const about = field === 'depositValue' ? 'deposit' : field === 'accountId' ? 'name' : field;
      return p.field === null || p.field === about ? null : p;
    });
  };
  const invalid = (field: DraftField) => (problem?.field === field ? errorId : undefined);
  const fieldError = (field: DraftField): ReactNode =>
    problem?.field === field && (
      <p id={errorId} className="field__error" role="alert">
        {problem.message}
      </p>
    );

  const pick = (customer: CustomerSummary) => {
    setDraft((d) => ({
      ...d,
      accountId: customer.key.startsWith('a.') ? customer.key.slice(2) : null,
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
    }));
    setProblem(null);
  };

  const addLine = (line: DraftLine) => {
    const same = draft.lines.find((l) => l.variantId === line.variantId);
    set(
      'lines',
      same
        ? draft.lines.map((l) =>
            l === same ? { ...l, quantity: String(Number(l.quantity || 0) + Number(line.quantity)) } : l,
          )
        : [...draft.lines, line],
    );
  };

  const options = delivery.data;
  const zoneFee = (subtotal: number) =>
    options && draft.state ? (deliveryLine(options, draft.state, subtotal)?.fee ?? null) : null;
  const figures = estimate(draft, zoneFee);
  const zone = options && draft.state ? deliveryLine(options, draft.state, figures.subtotal) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    const found = draftProblem(draft);
    if (found) {
      latch.end();
      setProblem(found);
      refs[found.field].current?.focus();
      return;
    }
    setProblem(null);
    create.mutate(
      { body: chatOrderBody(draft), key: idempotencyKey.current },
      {
        onSuccess: onMade,
        onError: (error) => {
          if (refusedWithoutOrder(error)) idempotencyKey.current = newIdempotencyKey();
          setProblem({
            field: null,
            message: failureMessage(error, CREATE_FAILED),
            hint: isApiError(error) && error.message === ALREADY_SUBMITTED ? ALREADY_SUBMITTED_HINT : undefined,
          });
        },
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <form className="new-order" onSubmit={onSubmit} noValidate aria-label="New order" aria-busy={create.isPending}>
      <fieldset className="admin-form__fieldset" disabled={create.isPending}>
        <section className="admin-card new-order__section" aria-labelledby="new-order-customer">
          <h2 id="new-order-customer" className="admin-card__title">
            Customer
          </h2>
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
            <TextField
              label="Name"
              autoComplete="off"
              maxLength={100}
              value={draft.name}
              onValueChange={(v) => set('name', v)}
              inputRef={refs.name}
              errorId={invalid('name')}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={25}
              placeholder="0803 555 0100"
              value={draft.phone}
              onValueChange={(v) => set('phone', v)}
              inputRef={refs.phone}
              errorId={invalid('phone')}
            />
          </div>
          {(problem?.field === 'name' || problem?.field === 'phone') && fieldError(problem.field)}
          <TextField
            label="E-mail"
            optional
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            hint="The pay link is e-mailed too when you give one."
            value={draft.email}
            onValueChange={(v) => set('email', v)}
            inputRef={refs.email}
            errorId={invalid('email')}
          />
          {fieldError('email')}
        </section>

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
          {fieldError('lines')}
          <ProductPicker onAdd={addLine} />
        </section>

        <section className="admin-card new-order__section" aria-labelledby="new-order-delivery">
          <h2 id="new-order-delivery" className="admin-card__title">
            Delivery
          </h2>
          <ChoiceGroup
            legend="How it reaches the customer"
            name="delivery"
            options={deliveryChips.options}
            value={DELIVERY_LABELS[draft.delivery]}
            onChange={(label) => set('delivery', deliveryChips.valueOf(label))}
          />
          {draft.delivery === 'state' && (
            <Field id={stateId} label="State" className="admin-field">
              <select
                id={stateId}
                ref={refs.state}
                className="field__input"
                value={draft.state}
                aria-invalid={invalid('state') ? true : undefined}
                aria-describedby={invalid('state')}
                onChange={(e) => set('state', e.target.value)}
              >
                <option value="">Choose a state</option>
                {(options?.states ?? []).map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
              {draft.state && options && (
                <p className="field__hint">{zone ? deliveryText(zone) : notDeliveredText(draft.state)}</p>
              )}
            </Field>
          )}
          {fieldError('state')}
          {draft.delivery === 'fee' && (
            <TextField
              className="admin-field"
              label="Delivery fee (₦)"
              inputMode="decimal"
              autoComplete="off"
              placeholder="3500"
              value={draft.fee}
              onValueChange={(v) => set('fee', v)}
              inputRef={refs.fee}
              errorId={invalid('fee')}
            />
          )}
          {fieldError('fee')}
          {draft.delivery === 'pickup' &&
            (options?.pickup.enabled ? (
              <p className="new-order__note">Picks it up at {options.pickup.address}.</p>
            ) : (
              <p className="alert alert--warning">Pickup is off: turn it on in Delivery first.</p>
            ))}
          {draft.delivery !== 'pickup' && (
            <div className="admin-form__grid">
              <TextField
                label="Street address"
                optional
                autoComplete="off"
                maxLength={200}
                value={draft.street}
                onValueChange={(v) => set('street', v)}
              />
              <TextField
                label="Town or city"
                optional
                autoComplete="off"
                maxLength={200}
                value={draft.city}
                onValueChange={(v) => set('city', v)}
              />
            </div>
          )}
        </section>

        <section className="admin-card new-order__section" aria-labelledby="new-order-price">
          <h2 id="new-order-price" className="admin-card__title">
            Discount and payment
          </h2>
          <TextField
            label="Discount code"
            optional
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={draft.code}
            onValueChange={(v) => set('code', v)}
            inputRef={refs.code}
            errorId={invalid('code')}
          />
          {fieldError('code')}
          <div className="admin-form__grid">
            <TextField
              label="Discount by hand (₦)"
              optional
              inputMode="decimal"
              autoComplete="off"
              value={draft.discount}
              onValueChange={(v) => set('discount', v)}
              inputRef={refs.discount}
              errorId={invalid('discount')}
            />
            <TextField
              label="Reason for the discount"
              optional={!draft.discount.trim()}
              autoComplete="off"
              maxLength={200}
              value={draft.discountReason}
              onValueChange={(v) => set('discountReason', v)}
              inputRef={refs.discountReason}
              errorId={invalid('discountReason')}
            />
          </div>
          {(problem?.field === 'discount' || problem?.field === 'discountReason') && fieldError(problem.field)}
          <ChoiceGroup
            legend="The pay link asks for"
            name="deposit"
            options={depositChips.options}
            value={DEPOSIT_LABELS[draft.deposit]}
            onChange={(label) => set('deposit', depositChips.valueOf(label))}
          />
          {draft.deposit !== 'none' && (
            <TextField
              className="admin-field new-order__deposit"
              label={draft.deposit === 'percent' ? 'Deposit (% of the total)' : 'Deposit (₦)'}
              inputMode={draft.deposit === 'percent' ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={draft.deposit === 'percent' ? '40' : '20000'}
              value={draft.depositValue}
              onValueChange={(v) => set('depositValue', v)}
              inputRef={refs.deposit}
              errorId={invalid('deposit')}
            />
          )}
          {fieldError('deposit')}
        </section>

        <section className="admin-card new-order__section" aria-labelledby="new-order-notes">
          <h2 id="new-order-notes" className="admin-card__title">
            Source and notes
          </h2>
          <ChoiceGroup
            legend="Where the order came from"
            name="source"
            options={sourceChips.options}
            value={SOURCE_LABELS[draft.source]}
            onChange={(label) => set('source', sourceChips.valueOf(label))}
          />
          <TextAreaField
            label="Customer’s note (optional)"
            hint="Their words, on the packing slip and receipt: “Call before delivery”."
            maxLength={500}
            rows={2}
            value={draft.customerNote}
            onValueChange={(v) => set('customerNote', v)}
          />
          <TextAreaField
            label="Internal note (optional)"
            hint="For the staff only; never shown to the customer."
            maxLength={2000}
            rows={2}
            value={draft.note}
            onValueChange={(v) => set('note', v)}
          />
        </section>

        <section className="admin-card new-order__section new-order__summary" aria-labelledby="new-order-summary">
          <h2 id="new-order-summary" className="admin-card__title">
            Summary
          </h2>
          <dl className="order-breakdown">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatNaira(figures.subtotal)}</dd>
            </div>
            <div>
              <dt>{draft.delivery === 'pickup' ? 'Pick up in store' : 'Delivery'}</dt>
              <dd>
                {figures.delivery === null ? '—' : figures.delivery === 0 ? 'Free' : formatNaira(figures.delivery)}
              </dd>
            </div>
            {figures.discount > 0 && (
              <div className="order-breakdown__discount">
                <dt>Discount</dt>
                <dd>−{formatNaira(figures.discount)}</dd>
              </div>
            )}
            <div className="order-breakdown__total">
              <dt>Total</dt>
              <dd>{figures.total === null ? '—' : formatNaira(figures.total)}</dd>
            </div>
            {draft.deposit !== 'none' && figures.now !== null && figures.total !== null && (
              <>
                <div>
                  <dt>Deposit now</dt>
                  <dd>{formatNaira(figures.now)}</dd>
                </div>
                <div>
                  <dt>Balance later</dt>
                  <dd>{formatNaira(Math.max(0, figures.total - figures.now))}</dd>
                </div>
              </>
            )}
          </dl>
          <p className="new-order__note">
            {draft.code.trim()
              ? 'The code’s discount is worked out when the order is created.'
              : 'The shop works the price out again when the order is created; its stock is held at once.'}
          </p>
          {problem?.field === null && (
            <div className="alert alert--error" role="alert">
              <p className="new-order__problem">{problem.message}</p>
              {problem.hint && <p className="new-order__problem">{problem.hint}</p>}
            </div>
          )}
          <button type="submit" className="btn btn--primary btn--block">
            {create.isPending && <Spinner size="sm" label="Creating the order…" />}
            Create order and pay link
          </button>
        </section>
      </fieldset>
    </form>
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
          Quantity of {line.name}
          {line.option ? ` (${line.option})` : ''}
        </label>
        <input
          id={id}
          className="field__input new-order__qty"
          type="number"
          inputMode="numeric"
          min={1}
          max={999}
          value={line.quantity}
          onChange={(e) => onQuantity(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--outline btn--sm"
          onClick={onRemove}
          aria-label={`Remove ${line.name}${line.option ? ` (${line.option})` : ''}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** After creating: the order's number and total, and its pay link to send. */
function OrderMade({ made, onAnother }: { made: ChatOrderMade; onAnother: () => void }) {
  const { order } = made;
  const link = [...order.payLinks].reverse().find((l) => l.status === 'open');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card new-order__made" aria-labelledby="new-order-made">
      <h2 id="new-order-made" ref={heading} tabIndex={-1} className="admin-card__title">
        Order #{order.number} created
      </h2>
      <p>
        For <strong>{order.customerName}</strong>
        {link && link.purpose === 'deposit' && (
          <>
            {' '}
            — a deposit of <strong>{formatNaira(link.amount)}</strong> now,{' '}
            {formatNaira(order.totalAmount - link.amount)} later
          </>
        )}
        .
      </p>
      <OrderBreakdown order={order} />
      <PayLinkShare
        url={made.payLink}
        phone={order.customerPhone}
        orderNumber={order.number}
        amount={link?.amount ?? order.balance}
      />
      {link && (
        <p className="muted">
          The link can be paid until {adminTime.format(new Date(link.expiresAt))}; unpaid, the order is then cancelled
          and its stock goes back on sale.
        </p>
      )}
      <div className="admin-form__actions">
        <Link href={`/admin/orders/${encodeURIComponent(order.id)}`} className="btn btn--dark btn--sm">
          Open the order
        </Link>
        <button type="button" className="btn btn--outline btn--sm" onClick={onAnother}>
          Take another order
        </button>
      </div>
    </section>
  );
}
