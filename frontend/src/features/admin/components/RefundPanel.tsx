import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRefundOrder, type AdminOrder, type Refund, type RefundStatus } from '../api/orders';
import { chargedAbroad, refundAmountText, refundsAbroad, type ChargedAbroad } from '../lib/abroadOrder';
import { CURRENCY_UNITS, currencySymbol, minorToText, type AbroadCurrency } from '../lib/moneyAbroad';
import { koboToNairaText } from '../lib/naira';
import {
  REFUND_REASON_MAX,
  nairaToKobo,
  normalizeNaira,
  refundAmountProblem,
  refundReasonProblem,
} from '../lib/refund';
import { adminTime } from '../lib/time';
import { AdminPanel, FormNotice, type Notice } from './AdminPanel';
import { Price } from '@/components/Price';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { failureMessage, isApiError } from '@/lib/api';
import { formatNaira, formatMoney, type Currency } from '@/lib/money';
import { itemOptions } from '@/lib/orders';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './RefundPanel.css';

export const REFUND_FAILED = 'Could not send the refund. Please try again.';
export const NOTHING_TO_REFUND = 'Everything paid through Paystack for this order has been refunded or asked for.';

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
};

/** "Refund ₦6,250.00 to the customer's card? …" ("Refund £25.00 …" abroad): asked before any money goes back. */
export function confirmRefundText(minor: number, currency: Currency = 'NGN'): string {
  return `Refund ${formatMoney(minor, currency)} to the customer? Paystack sends it back to the card they paid with. This cannot be undone.`;
}

/**
 * Why a refund was not sent: the server's reason for a refusal (4xx), and for a 502 too, where it
 * tells what Paystack said (the refund is then listed as failed, or pending if Paystack never answered).
 */
function refundFailure(error: unknown): string {
  if (isApiError(error) && error.status === 502 && !error.code.startsWith('http_')) return error.message;
  return failureMessage(error, REFUND_FAILED);
}

/**
 * What the admin sees once Paystack has answered a refund, or null while it is pending; the amount
 * in `currency` too for an order paid abroad.
 */
function settledNotice(refund: Refund, currency: AbroadCurrency | null): Notice {
  const amount = refundAmountText(refund, currency);
  if (refund.status === 'processed') return { tone: 'success', text: `Refund of ${amount} processed.` };
  if (refund.status === 'failed') {
    return {
      tone: 'error',
      text: `Refund of ${amount} failed.${refund.failureReason ? ` ${refund.failureReason}` : ''}`,
    };
  }
  return null;
}

/**
 * An order's refunds: what has been refunded, what is waiting for Paystack and what is left; the
 * form to refund part or all of what is left (putting chosen lines back on sale); and every refund
 * so far with its status. A pending refund settles on screen (the order is read again every 2 s).
 * An order paid in dollars or pounds is refunded in that currency: its amounts are shown in it,
 * each beside its naira equivalent, and the amount is typed in it.
 */
export function RefundPanel({ order }: { order: AdminOrder }) {
  const refund = useRefundOrder(order.id);
  const [notice, setNotice] = useState<Notice>(null);
  const charged = chargedAbroad(order);
  const abroad = charged ? refundsAbroad(order, charged) : null;
  const abroadCurrency = charged?.currency ?? null;

  // A refund that was pending and is now processed or failed is announced.
  const seen = useRef(new Map(order.refunds.map((r) => [r.id, r.status])));
  useEffect(() => {
    for (const r of order.refunds) {
      const before = seen.current.get(r.id);
      if (before === 'pending' && r.status !== 'pending') setNotice(settledNotice(r, abroadCurrency));
      seen.current.set(r.id, r.status);
    }
  }, [order.refunds, abroadCurrency]);

  return (
    <AdminPanel
      headingId="order-refunds-heading"
      title="Refunds"
      className="admin-refunds"
      busy={refund.isPending}
      description={
        <>
          Money goes back to the customer&rsquo;s card through Paystack, all at once or in parts
          {charged ? `, in ${CURRENCY_UNITS[charged.currency]} as it was paid` : ''}.
        </>
      }
    >
      <dl className="admin-refunds__totals">
        <div>
          <dt>Total paid</dt>
          <dd>
            {/* What was received (link by link, or by hand), never the order's total unpaid. */}
            <Amount kobo={order.paid} abroad={charged && { minor: charged.total, currency: charged.currency }} />
          </dd>
        </div>
        <div className={order.refunded > 0 ? 'is-done' : undefined}>
          <dt>Refunded</dt>
          <dd>
            <Amount
              kobo={order.refunded}
              abroad={charged && abroad && { minor: abroad.refunded, currency: charged.currency }}
            />
          </dd>
        </div>
        <div className={order.refundPending > 0 ? 'is-pending' : undefined}>
          <dt>Pending</dt>
          <dd>
            <Amount
              kobo={order.refundPending}
              abroad={charged && abroad && { minor: abroad.pending, currency: charged.currency }}
            />
          </dd>
        </div>
        <div className="admin-refunds__left">
          <dt>Left to refund</dt>
          <dd>
            <Amount
              kobo={order.refundable}
              abroad={charged && abroad && { minor: abroad.left, currency: charged.currency }}
            />
          </dd>
        </div>
      </dl>

      <FormNotice notice={notice} />

      {order.refundable > 0 && (!abroad || abroad.left > 0) ? (
        <RefundForm order={order} charged={charged} refund={refund} onNotice={setNotice} />
      ) : (
        <p className="admin-refunds__none">{NOTHING_TO_REFUND}</p>
      )}

      <RefundHistory refunds={order.refunds} currency={abroadCurrency} />
    </AdminPanel>
  );
}

/**
 * An amount in naira ("₦240,000.00"), or for an order paid abroad in its currency with the naira
 * equivalent beside it ("£120.00 ₦240,000.00").
 */
function Amount({ kobo, abroad }: { kobo: number; abroad: { minor: number; currency: Currency } | null }) {
  if (!abroad) return <Price kobo={kobo} />;
  return (
    <>
      <span className="price" data-minor={abroad.minor}>
        {formatMoney(abroad.minor, abroad.currency)}
      </span>{' '}
      <span className="admin-refunds__naira">
        <Price kobo={kobo} />
      </span>
    </>
  );
}

type RefundFormProps = {
  order: AdminOrder;
  /** The foreign charge of an order paid abroad (the amount is typed in its currency), or null. */
  charged: ChargedAbroad | null;
  refund: ReturnType<typeof useRefundOrder>;
  onNotice: (notice: Notice) => void;
};

function RefundForm({ order, charged, refund, onNotice }: RefundFormProps) {
  const latch = useInFlight();
  const currency: Currency = charged?.currency ?? 'NGN';
  // What is left, in the currency the amount is typed in.
  const refundable = charged ? refundsAbroad(order, charged).left : order.refundable;
  const asText = charged ? minorToText : koboToNairaText;
  const [amount, setAmount] = useState(() => asText(refundable));
  const [reason, setReason] = useState('');
  // Units to put back on sale, per line (by position), as typed.
  const [restock, setRestock] = useState<Readonly<Record<number, string>>>({});
  const [errors, setErrors] = useState<{ amount: string | null; reason: string | null; units: string | null }>({
    amount: null,
    reason: null,
    units: null,
  });
  const unitsId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const amountErrorId = useId();
  const reasonErrorId = useId();

  // When what is left changes (a refund sent, or one that failed and freed its amount) and the
  // admin has not typed a new amount, the field follows it.
  const offered = useRef(refundable);
  useEffect(() => {
    if (offered.current === refundable) return;
    const previous = offered.current;
    offered.current = refundable;
    setAmount((typed) => (typed === asText(previous) || typed.trim() === '' ? asText(refundable) : typed));
  }, [refundable, asText]);

  const setUnits = (position: number, units: string) => setRestock((current) => ({ ...current, [position]: units }));
  // The lines with units to put back: [{line, units}], or the first line whose number is not one.
  const restockLines = () => {
    const lines: { line: number; units: number }[] = [];
    for (const [position, typed] of Object.entries(restock)) {
      const line = Number(position);
      const most = order.restockable[line] ?? 0;
      if (typed.trim() === '' || typed.trim() === '0') continue;
      const units = Number(typed);
      if (!Number.isInteger(units) || units < 0 || units > most) return { line, most };
      lines.push({ line, units });
    }
    return lines.sort((a, b) => a.line - b.line);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    const amountProblem = refundAmountProblem(amount, refundable, currency);
    const reasonProblem = refundReasonProblem(reason);
    const lines = restockLines();
    const unitsProblem = Array.isArray(lines)
      ? null
      : `Put back from 0 to ${lines.most} of ${order.items[lines.line]?.name ?? 'this line'} on sale.`;
    setErrors({ amount: amountProblem, reason: reasonProblem, units: unitsProblem });
    if (amountProblem || reasonProblem || !Array.isArray(lines)) {
      latch.end();
      if (amountProblem || reasonProblem) (amountProblem ? amountRef : reasonRef).current?.focus();
      else if (!Array.isArray(lines)) document.getElementById(`${unitsId}-${lines.line}`)?.focus();
      return;
    }
    const minor = nairaToKobo(amount)!;
    if (!window.confirm(confirmRefundText(minor, currency))) {
      latch.end();
      return;
    }
    onNotice(null);
    refund.mutate(
      { amount: normalizeNaira(amount), reason: reason.trim(), restock: lines },
      {
        onSuccess: (answer) => {
          const sent = answer.refunds[answer.refunds.length - 1];
          onNotice(
            sent && sent.status !== 'pending'
              ? settledNotice(sent, charged?.currency ?? null)
              : {
                  tone: 'success',
                  text: `Refund of ${formatMoney(minor, currency)} sent: waiting for Paystack to confirm it.`,
                },
          );
          // Ready for the rest: the amount left, no reason, no lines ticked.
          const left = charged ? refundsAbroad(answer, charged).left : answer.refundable;
          offered.current = left;
          setAmount(asText(left));
          setReason('');
          setRestock({});
        },
        onError: (error) => onNotice({ tone: 'error', text: refundFailure(error) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <form className="admin-refunds__form" onSubmit={onSubmit} noValidate aria-label="Refund the customer">
      <fieldset className="bare-fieldset admin-form__fieldset" disabled={refund.isPending}>
        <div className="admin-refunds__fields">
          <div className="admin-refunds__field">
            <TextField
              label={`Amount (${currencySymbol(currency)})`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                if (errors.amount) setErrors((e) => ({ ...e, amount: null }));
              }}
              inputRef={amountRef}
              errorId={errors.amount ? amountErrorId : undefined}
              hint={
                charged
                  ? `At most ${formatMoney(refundable, currency)}, in ${CURRENCY_UNITS[charged.currency]} as the customer paid.`
                  : `At most ${formatNaira(refundable)}.`
              }
            />
            {errors.amount && (
              <p id={amountErrorId} className="field__error">
                {errors.amount}
              </p>
            )}
          </div>
          <div className="admin-refunds__field">
            <TextField
              label="Reason"
              name="reason"
              autoComplete="off"
              maxLength={REFUND_REASON_MAX}
              placeholder="e.g. Size 42 sold out"
              value={reason}
              onValueChange={(value) => {
                setReason(value);
                if (errors.reason) setErrors((e) => ({ ...e, reason: null }));
              }}
              inputRef={reasonRef}
              errorId={errors.reason ? reasonErrorId : undefined}
              hint="The customer sees it in My Orders."
            />
            {errors.reason && (
              <p id={reasonErrorId} className="field__error">
                {errors.reason}
              </p>
            )}
          </div>
        </div>

        <fieldset className="admin-ticks admin-refunds__restock">
          <legend className="field__label">Put back on sale</legend>
          <p className="admin-refunds__restock-hint">
            The units that come back to you, line by line, to sell them again (each unit goes back once).
          </p>
          {errors.units && (
            <p id={`${unitsId}-error`} className="field__error" role="alert">
              {errors.units}
            </p>
          )}
          <ul className="admin-refunds__lines">
            {order.items.map((item, position) => {
              const options = itemOptions(item);
              const counted = item.variantId !== null;
              const most = order.restockable[position] ?? 0;
              const id = `${unitsId}-${position}`;
              return (
                <li key={`${item.variantId ?? item.name}-${position}`} className="admin-refunds__line">
                  <label htmlFor={id} className="admin-refunds__line-label">
                    <span className="admin-tick__name">{item.name}</span>
                    <span className="admin-tick__note">
                      {[options, `${most} of ${item.quantity} off sale`].filter(Boolean).join(' · ')}
                      {!counted && ' · not counted in stock'}
                    </span>
                  </label>
                  <input
                    id={id}
                    className="field__input admin-refunds__units"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={most}
                    step={1}
                    placeholder="0"
                    disabled={!counted || most === 0}
                    value={restock[position] ?? ''}
                    aria-invalid={errors.units !== null && (restock[position] ?? '') !== '' ? true : undefined}
                    aria-describedby={errors.units ? `${unitsId}-error` : undefined}
                    onChange={(e) => {
                      setUnits(position, e.target.value);
                      if (errors.units) setErrors((current) => ({ ...current, units: null }));
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>

        <div className="admin-form__actions admin-refunds__actions">
          <button type="submit" className="btn btn--primary" disabled={refund.isPending}>
            Refund
          </button>
          {refund.isPending && <Spinner size="sm" label="Sending the refund…" />}
        </div>
      </fieldset>
    </form>
  );
}

const UNITS = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'} put back on sale`;

/**
 * Every refund of the order, oldest first, with Paystack's reason for a failed one; for an order
 * paid in `currency` abroad, each in that currency beside its naira.
 */
function RefundHistory({ refunds, currency }: { refunds: Refund[]; currency: AbroadCurrency | null }) {
  if (refunds.length === 0) return null;
  return (
    <div className="admin-refunds__history">
      <h3 className="admin-subtitle caps" id="order-refund-history">
        History
      </h3>
      <ol className="admin-refunds__list" aria-labelledby="order-refund-history">
        {refunds.map((r) => (
          <li key={r.id} className={`admin-refund admin-refund--${r.status}`}>
            <div className="admin-refund__head">
              {currency && r.amountAbroad !== null ? (
                <span className="admin-refund__amount">
                  <span className="price" data-minor={r.amountAbroad}>
                    {formatMoney(r.amountAbroad, currency)}
                  </span>{' '}
                  <span className="admin-refunds__naira">
                    <Price kobo={r.amount} />
                  </span>
                </span>
              ) : (
                <Price kobo={r.amount} className="admin-refund__amount" />
              )}
              <RefundStatusBadge status={r.status} />
            </div>
            <p className="admin-refund__reason">{r.reason}</p>
            {/* Paystack's reason for a failure ("Paystack: …"), or why a pending one is not confirmed yet. */}
            {r.failureReason && r.status !== 'processed' && (
              <p className={r.status === 'failed' ? 'admin-refund__failure' : 'admin-refund__note'}>
                {r.failureReason}
              </p>
            )}
            <p className="admin-meta admin-refund__meta">
              <time dateTime={new Date(r.createdAt).toISOString()}>{adminTime.format(new Date(r.createdAt))}</time>
              {r.restocked > 0 && <span>{UNITS(r.restocked)}</span>}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <span className={`refund-badge refund-badge--${status}`}>{REFUND_STATUS_LABELS[status] ?? status}</span>;
}
