import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import {
  receiptNumber,
  salesQueryOptions,
  useCashUp,
  useCounterDay,
  useFindReceipt,
  useReturnAtCounter,
  type CashierDay,
  type CounterDay,
  type CounterSale,
  type Returned,
} from './api';
import { startExchange } from './exchange';
import { formatWhen } from './receipt';
import { METHOD_LABELS } from './totals';
import { useQuery } from '@tanstack/react-query';
import { useSendWaiting } from './useCounter';
import { Bar, FormNotice, isDay, lagosToday, Loaded, Panel, type Notice } from './ui';
import { Select } from '@/components/forms/Select';
import { PageShell } from '@/components/PageShell';
import { Field, TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { formatNaira, nairaToKobo } from '@/lib/money';
import { useSession } from '@/lib/session';
import { staffRole } from '@/lib/staff';
import './counter.css';

/** Naira as typed is refused in the same words as the back office's other amounts. */
export function countProblem(text: string): string {
  const typed = text.trim();
  return typed
    ? `The cash counted: "${typed}" is not an amount: use naira with at most two decimals, like 45000.00`
    : 'Type the cash counted, in naira.';
}

export const CASH_UP_FAILED = 'The count could not be saved. Please try again.';

/** "+₦500.00" over, "−₦500.00" short, "₦0.00" exact. */
export function formatDifference(kobo: number): string {
  if (kobo > 0) return `+${formatNaira(kobo)} over`;
  if (kobo < 0) return `${formatNaira(-kobo)} short`;
  return `${formatNaira(0)}, exact`;
}

/**
 * /admin/counter/day (cashiers, managers, owners): the day at the counter. Each cashier's expected
 * cash beside what was counted, the count itself, and the day's sales by payment method; printable.
 * A cashier sees only her own row (the server answers so).
 */
export default function DayPage() {
  const [date, setDate] = useState(() => lagosToday());
  const day = isDay(date) ? date : lagosToday();
  const query = useCounterDay(day);
  // Sales still waiting on this device are sent from here too, so the day's figures include them.
  const refetch = query.refetch;
  const onRound = useCallback(() => void refetch(), [refetch]);
  useSendWaiting(onRound);
  return (
    <PageShell title="End of day" eyebrow="Admin">
      <Bar state="Cash expected at the counter against cash counted, and the day’s sales by payment." refresh={query}>
        <button type="button" className="btn btn--sm btn--outline" onClick={() => window.print()}>
          Print
        </button>
      </Bar>
      <div className="counter">
        <nav className="counter-links" aria-label="Counter">
          <Link href="/admin/counter">Back to the counter</Link>
        </nav>
        <TextField
          className="counter-field"
          label="Day"
          type="date"
          value={date}
          max={lagosToday()}
          onValueChange={setDate}
        />
        <Loaded query={query} loading="Loading the day…">
          {(data) => (
            <>
              <DaySummary day={data} />
              <CountForm day={data} />
              <FindReceipt />
              <Sales date={data.date} />
            </>
          )}
        </Loaded>
      </div>
    </PageShell>
  );
}

function DaySummary({ day }: { day: CounterDay }) {
  return (
    <article className="counter-doc counter-day-doc" aria-labelledby="day-heading">
      <h2 id="day-heading" className="counter-day-doc__title">
        The counter on {day.date}
      </h2>
      {day.cashiers.length === 0 ? (
        <p className="counter-note">No counter sales on this day.</p>
      ) : (
        <table className="counter-table">
          <caption className="visually-hidden">Each cashier’s cash</caption>
          <thead>
            <tr>
              <th scope="col">Cashier</th>
              <th scope="col" className="is-num">
                Sales
              </th>
              <th scope="col" className="is-num">
                Expected cash
              </th>
              <th scope="col" className="is-num">
                Counted
              </th>
              <th scope="col" className="is-num">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {day.cashiers.map((c) => (
              <CashierRow key={c.cashierId} row={c} />
            ))}
          </tbody>
        </table>
      )}
      <h3 className="counter-day-doc__sub">By payment</h3>
      <dl className="counter-receipt__sums">
        <div>
          <dt>Cash</dt>
          <dd>{formatNaira(day.byMethod.cash)}</dd>
        </div>
        <div>
          <dt>Bank transfer</dt>
          <dd>{formatNaira(day.byMethod.transfer)}</dd>
        </div>
        <div>
          <dt>Pay link</dt>
          <dd>{formatNaira(day.byMethod.payLink)}</dd>
        </div>
        {day.byMethod.giftCard > 0 && (
          <div>
            <dt>Gift card</dt>
            <dd>{formatNaira(day.byMethod.giftCard)}</dd>
          </div>
        )}
        {day.byMethod.storeCredit > 0 && (
          <div>
            <dt>Store credit</dt>
            <dd>{formatNaira(day.byMethod.storeCredit)}</dd>
          </div>
        )}
        <div className="counter-receipt__total">
          <dt>Total</dt>
          <dd>{formatNaira(day.total)}</dd>
        </div>
      </dl>
    </article>
  );
}

function CashierRow({ row }: { row: CashierDay }) {
  return (
    <tr>
      <th scope="row">{row.name}</th>
      <td className="is-num" data-label="Sales">
        {row.sales}
      </td>
      <td className="is-num" data-label="Expected cash">
        {formatNaira(row.cash)}
      </td>
      <td className="is-num" data-label="Counted">
        {row.counted === null ? 'Not counted yet' : formatNaira(row.counted)}
      </td>
      <td
        className={`is-num${row.difference !== null && row.difference < 0 ? ' counter-negative' : ''}`}
        data-label="Difference"
      >
        {row.difference === null ? '—' : formatDifference(row.difference)}
      </td>
    </tr>
  );
}

function CountForm({ day }: { day: CounterDay }) {
  const { user } = useSession();
  const role = staffRole(user);
  const forOthers = role === 'owner' || role === 'manager';
  const cashUp = useCashUp();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [cashierId, setCashierId] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const whoId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cashUp.isPending) return;
    const kobo = nairaToKobo(counted);
    if (kobo === null) return setNotice({ tone: 'error', text: countProblem(counted) });
    setNotice(null);
    cashUp.mutate(
      {
        date: day.date,
        // Naira as typed: the server reads it exactly, as everywhere in the back office.
        counted: counted.trim(),
        ...(cashierId ? { cashierId } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (row) => {
          setCounted('');
          setNote('');
          setNotice({
            tone: 'success',
            text: `Counted ${formatNaira(row.counted ?? kobo)} for ${row.name}: ${row.difference === null ? '' : formatDifference(row.difference)}.`,
          });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, CASH_UP_FAILED) }),
      },
    );
  };
  return (
    <Panel
      title="Count the cash"
      headingId={headingId}
      description="The cash in the drawer at closing. A second count of the same day replaces the first."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="counter-count">
        {forOthers && day.cashiers.length > 0 && (
          <Field id={whoId} label="Whose cash" className="counter-field">
            <Select
              id={whoId}
              value={cashierId}
              onValueChange={setCashierId}
              placeholder="My own"
              options={day.cashiers.flatMap((c) => (c.cashierId ? [{ value: c.cashierId, label: c.name }] : []))}
            />
          </Field>
        )}
        <TextField
          className="counter-field"
          label="Cash counted (₦)"
          value={counted}
          onValueChange={setCounted}
          inputMode="decimal"
          placeholder="45000"
          autoComplete="off"
          required
        />
        <TextField
          className="counter-field"
          label="Note"
          optional
          value={note}
          onValueChange={setNote}
          maxLength={200}
        />
        <button type="submit" className="btn btn--dark" disabled={cashUp.isPending}>
          {cashUp.isPending ? 'Saving...' : 'Save the count'}
        </button>
      </form>
      <FormNotice notice={notice} />
    </Panel>
  );
}

/** The day's sales (a cashier's own; everyone's for managers and owners), newest first. */
function Sales({ date }: { date: string }) {
  const query = useQuery(salesQueryOptions(date));
  return (
    <section aria-labelledby="sales-heading">
      <h2 id="sales-heading" className="counter-subtitle">
        Sales
      </h2>
      <Loaded query={query} loading="Loading the sales…">
        {({ sales }) =>
          sales.length === 0 ? (
            <p className="counter-note">No sales on this day.</p>
          ) : (
            <table className="counter-table">
              <caption className="visually-hidden">The day’s sales, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Sale</th>
                  <th scope="col">Cashier</th>
                  <th scope="col">Paid by</th>
                  <th scope="col" className="is-num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.map((sale) => (
                  <tr key={sale.id}>
                    <th scope="row">
                      {sale.number} · {formatWhen(sale.madeAt)}
                      {sale.offline && <span className="counter-note counter-note--small"> · made offline</span>}
                      {sale.status === 'awaiting_payment' && (
                        <span className="counter-note counter-note--small"> · waiting for its pay link</span>
                      )}
                    </th>
                    <td data-label="Cashier">{sale.cashier}</td>
                    <td data-label="Paid by">{sale.tenders.map((t) => METHOD_LABELS[t.method]).join(', ')}</td>
                    <td className="is-num" data-label="Total">
                      {formatNaira(sale.total)}
                      {sale.returnedCash > 0 && (
                        <span className="counter-note counter-note--small">
                          {' '}
                          · {formatNaira(sale.returnedCash)} given back
                        </span>
                      )}
                      {sale.status === 'paid' && <BringBack sale={sale} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </section>
  );
}

/** What a return gave back, as the cashier is told: the cash from the drawer, and the gift card's part. */
export function returnedText(done: Pick<Returned, 'cash' | 'toGiftCard' | 'toStoreCredit'>): string {
  const back = [
    ...(done.toGiftCard > 0 ? [`${formatNaira(done.toGiftCard)} back on the gift card.`] : []),
    ...(done.toStoreCredit > 0 ? [`${formatNaira(done.toStoreCredit)} back to the store credit.`] : []),
  ].join(' ');
  if (done.cash > 0) return `Give ${formatNaira(done.cash)} back in cash.${back ? ` ${back}` : ''}`;
  if (back) return `${back} No cash to give back.`;
  return 'The items are recorded as brought back: there is nothing to give back.';
}

export const RETURN_FAILED = 'The return could not be recorded. Please try again.';

/**
 * Units of a sale brought back to the counter: how many of each line, whether they go back on
 * sale (or are written off, damaged), and the cash the server says to hand back (and what goes
 * back on a gift card that paid part of it). Exchange records the same return, then opens the
 * counter with the cash given back as the cash tendered for the replacement.
 */
function BringBack({
  sale,
  startOpen = false,
  onReturned,
}: {
  sale: CounterSale;
  startOpen?: boolean;
  onReturned?: (done: Returned) => void;
}) {
  const [open, setOpen] = useState(startOpen);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [writeOff, setWriteOff] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const giveBack = useReturnAtCounter();
  const [, navigate] = useLocation();
  const id = useId();
  const lines = sale.lines.filter((line) => line.variantId && line.quantity > line.returned);
  // Everything brought back: what to give back stays in view, in the sale's form.
  if (lines.length === 0)
    return notice ? (
      <form className="counter-bring-back-form" aria-label={`Bring back items of sale ${sale.number}`}>
        <FormNotice notice={notice} />
      </form>
    ) : null;
  if (!open) {
    return (
      <button type="button" className="btn btn--sm btn--outline counter-bring-back" onClick={() => setOpen(true)}>
        Bring back items
      </button>
    );
  }
  const chosen = lines
    .map((line) => ({ variantId: line.variantId!, quantity: units[line.variantId!] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const submit = (exchange: boolean) => {
    if (giveBack.isPending) return;
    if (chosen.length === 0) {
      setNotice({ tone: 'error', text: 'Choose the items brought back.' });
      return;
    }
    giveBack.mutate(
      { id: sale.id, body: { lines: chosen, backOnSale: !writeOff } },
      {
        onSuccess: (done) => {
          setUnits({});
          setNotice({ tone: 'success', text: returnedText(done) });
          onReturned?.(done);
          if (exchange) {
            startExchange({ number: sale.number, cash: done.cash, toGiftCard: done.toGiftCard ?? 0 });
            navigate('/admin/counter');
          }
        },
        onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, RETURN_FAILED) }),
      },
    );
  };
  return (
    <form
      className="counter-bring-back-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(false);
      }}
      aria-label={`Bring back items of sale ${sale.number}`}
    >
      {lines.map((line) => {
        const left = line.quantity - line.returned;
        const label = [line.name, line.size, line.color].filter(Boolean).join(', ');
        return (
          <label key={line.variantId} className="counter-bring-back-line" htmlFor={`${id}-${line.variantId}`}>
            <span>
              {label} (up to {left})
            </span>
            <input
              id={`${id}-${line.variantId}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              value={units[line.variantId!] ?? 0}
              onChange={(e) =>
                setUnits({ ...units, [line.variantId!]: Math.max(0, Math.min(left, Number(e.target.value) || 0)) })
              }
            />
          </label>
        );
      })}
      <label className="counter-bring-back-line">
        <input type="checkbox" checked={writeOff} onChange={(e) => setWriteOff(e.target.checked)} />
        <span>Damaged: write them off (not back on sale)</span>
      </label>
      <div className="counter-bring-back-actions">
        <button type="submit" className="btn btn--sm btn--dark" disabled={giveBack.isPending}>
          Give the cash back
        </button>
        <button
          type="button"
          className="btn btn--sm btn--outline"
          disabled={giveBack.isPending}
          onClick={() => submit(true)}
        >
          Exchange
        </button>
      </div>
      <p className="counter-note counter-note--small">
        Exchange records the return, then opens the counter to sell the replacement with the cash given back.
      </p>
      <FormNotice notice={notice} />
    </form>
  );
}

/**
 * A sale found by the number on its receipt, from any till and any day (the customer holds the
 * receipt): its items brought back through the same form as the day's own sales.
 */
function FindReceipt() {
  const find = useFindReceipt();
  const [typed, setTyped] = useState('');
  const [sale, setSale] = useState<CounterSale | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (find.isPending) return;
    const number = receiptNumber(typed);
    if (!number) return setNotice({ tone: 'error', text: 'Type the number printed on the receipt.' });
    setNotice(null);
    find.mutate(number, {
      onSuccess: (found) => setSale(found),
      onError: (error) => {
        setSale(null);
        setNotice({ tone: 'error', text: failureMessage(error, 'The sale could not be found. Please try again.') });
      },
    });
  };
  return (
    <Panel
      title="Bring back items"
      headingId={headingId}
      description="A customer brings back items of any counter sale: find it by the number on the receipt."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="counter-count counter-find">
        <TextField
          className="counter-field"
          label="Receipt number"
          value={typed}
          onValueChange={setTyped}
          placeholder="K7M2QX9A"
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn--dark" disabled={find.isPending}>
          {find.isPending ? 'Finding…' : 'Find'}
        </button>
      </form>
      <FormNotice notice={notice} />
      {sale && <FoundSale key={`${sale.id}-${sale.number}`} sale={sale} onChanged={setSale} />}
    </Panel>
  );
}

function FoundSale({ sale, onChanged }: { sale: CounterSale; onChanged: (sale: CounterSale) => void }) {
  const left = sale.lines.some((line) => line.variantId && line.quantity > line.returned);
  return (
    <div className="counter-found" aria-label={`Sale ${sale.number}`} role="group">
      <p className="counter-found__title">
        Sale {sale.number} · {formatWhen(sale.madeAt)} · served by {sale.cashier}
      </p>
      <p className="counter-note">
        {formatNaira(sale.total)} paid by {sale.tenders.map((t) => METHOD_LABELS[t.method]).join(', ')}
        {sale.returnedCash > 0 ? ` · ${formatNaira(sale.returnedCash)} given back already` : ''}
      </p>
      {sale.status !== 'paid' ? (
        <p className="counter-note">This sale waits for its pay link to be paid: nothing can be brought back yet.</p>
      ) : !left ? (
        <p className="counter-note">Everything on this sale has been brought back already.</p>
      ) : null}
      {sale.status === 'paid' && <BringBack sale={sale} startOpen onReturned={(done) => onChanged(done.sale)} />}
    </div>
  );
}
