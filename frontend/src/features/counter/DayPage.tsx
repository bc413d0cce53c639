import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  salesQueryOptions,
  useCashUp,
  useCounterDay,
  useReturnAtCounter,
  type CashierDay,
  type CounterDay,
  type CounterSale,
} from './api';
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

/**
 * Units of a sale brought back to the counter: how many of each line, whether they go back on
 * sale (or are written off, damaged), and the cash the server says to hand back. An exchange is
 * this, then a new sale of the other size.
 */
function BringBack({ sale }: { sale: CounterSale }) {
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [writeOff, setWriteOff] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const giveBack = useReturnAtCounter();
  const id = useId();
  const lines = sale.lines.filter((line) => line.variantId && line.quantity > line.returned);
  if (lines.length === 0) return null;
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setNotice({ tone: 'error', text: 'Choose the items brought back.' });
      return;
    }
    giveBack.mutate(
      { id: sale.id, body: { lines: chosen, backOnSale: !writeOff } },
      {
        onSuccess: (done) => {
          setUnits({});
          setNotice({ tone: 'success', text: `Give ${formatNaira(done.cash)} back in cash.` });
        },
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: failureMessage(error, 'The return could not be recorded. Please try again.'),
          }),
      },
    );
  };
  return (
    <form className="counter-bring-back-form" onSubmit={submit} aria-label={`Bring back items of sale ${sale.number}`}>
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
      <button type="submit" className="btn btn--sm btn--dark" disabled={giveBack.isPending}>
        Give the cash back
      </button>
      <FormNotice notice={notice} />
    </form>
  );
}
