import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  downloadOrdersCsv,
  useDashboard,
  type BestSeller,
  type Dashboard,
  type DashboardPeriod,
  type LowStockVariant,
} from '../api/dashboard';
import { FormNotice, type Notice } from '../components/AdminPanel';
import { RevenueChart } from '../components/RevenueChart';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { addDays, exportRangeProblem, lagosToday, monthStart } from '../lib/dates';
import { PageShell } from '@/components/PageShell';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { ORDER_STATUS_LABELS } from '@/lib/orders';
import { REASON_LABELS } from '@/lib/returns';
import type { ReturnFigures } from '@/lib/types';
import { useSession } from '@/lib/session';
import { mayOpen } from '@/lib/staffScreens';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import './DashboardPage.css';
import { AdminCard } from '../components/AdminPanel';

export const EXPORT_FAILED = 'Could not export the orders. Please try again.';

/** The back office's screens, for the links at the foot of the dashboard (each shown to the roles that may open it). */
const SCREENS: { href: string; label: string }[] = [
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/products', label: 'Products' },
  { href: '/admin/products?add=1', label: 'Add product' },
  { href: '/admin/stock', label: 'Stock' },
  { href: '/admin/reviews', label: 'Reviews' },
  { href: '/admin/delivery', label: 'Delivery' },
  { href: '/admin/discounts', label: 'Discount codes' },
  { href: '/admin/messages', label: 'Messages' },
  { href: '/admin/mail', label: 'Failed mail' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/adminmanagement', label: 'Admin Management' },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The statuses of orders waiting on the shop, each tile's line under its count. */
const WAITING = [
  ['placed', 'pay on delivery, to prepare'],
  ['paid', 'to prepare'],
  ['processing', 'to ship'],
  ['shipped', 'to deliver'],
] as const;

/**
 * /admin/dashboard (admins only), the back office's home: sales today and over 7 and 30 days,
 * revenue day by day, the orders waiting at each step, what needs a look (payments, oversold
 * orders, failed refunds), best sellers, low stock, and the orders spreadsheet.
 */
export default function DashboardPage() {
  const dashboard = useDashboard();
  // Only the screens this role may open (a manager has no Settings or Admin Management).
  const { user } = useSession();

  return (
    <PageShell title="Dashboard" eyebrow="Admin">
      <PageBar
        state="Sales are what customers paid, less refunds, by day in Lagos; pay on delivery counts when collected."
        refresh={dashboard}
      />

      <Loaded query={dashboard} loading="Loading the dashboard…">
        {(data) => <DashboardBody dashboard={data} />}
      </Loaded>

      <ExportOrders />

      <nav className="dash-screens" aria-label="Back office">
        <h2 className="admin-subtitle caps">Back office</h2>
        <ul className="wrap-list">
          {SCREENS.filter((s) => mayOpen(user, s.href)).map((s) => (
            <li key={s.href}>
              <Link href={s.href} className="admin-pill">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageShell>
  );
}

function DashboardBody({ dashboard: d }: { dashboard: Dashboard }) {
  return (
    <div className="dash">
      <section className="dash-section" aria-labelledby="dash-sales">
        <h2 id="dash-sales" className="admin-subtitle caps">
          Sales
        </h2>
        <ul className="dash-periods">
          <PeriodCard label="Today" period={d.today} />
          <PeriodCard label="Last 7 days" period={d.week} />
          <PeriodCard label="Last 30 days" period={d.month} />
          <li className="dash-period dash-period--collect">
            <span className="dash-period__label">Cash to collect</span>
            <span className="dash-period__revenue">{formatNaira(d.toCollect)}</span>
            <span className="dash-period__orders">{plural(d.toCollectOrders, 'order', 'orders')}</span>
          </li>
        </ul>
      </section>

      <AdminCard headingId="dash-channels" title="Sales by channel, last 30 days" className="dash-section">
        <Channels channels={d.channels} />
      </AdminCard>

      <AdminCard headingId="dash-daily" title="Revenue, last 30 days" className="dash-section">
        <RevenueChart days={d.daily} />
      </AdminCard>

      <div className="dash-columns">
        <AdminCard headingId="dash-waiting" title="Orders waiting" className="dash-section">
          <ul className="dash-tiles">
            {WAITING.map(([status, note]) => (
              <Tile
                key={status}
                href={`/admin/orders?status=${status}`}
                count={d.waiting[status]}
                label={ORDER_STATUS_LABELS[status]}
                note={note}
              />
            ))}
          </ul>
        </AdminCard>

        <AdminCard headingId="dash-attention" title="Needs a look" className="dash-section">
          <ul className="dash-tiles">
            <Tile
              href="/admin/orders#payments"
              count={d.paymentsToReview}
              label="Payments to review"
              note="failed or mismatched"
              alert
            />
            <Tile
              href="/admin/orders?oversold=true"
              count={d.oversoldToRefund}
              label="Oversold to refund"
              note="paid after selling out"
              alert
            />
            <Tile
              href="/admin/orders?refund=failed"
              count={d.failedRefunds}
              label="Failed refunds"
              note="open the order to try again"
              alert
            />
            <Tile
              href="/admin/orders?codeOverLimit=true"
              count={d.codeOverLimit}
              label="Codes over their limit"
              note="paid with a used-up code, 30 days"
              alert
            />
            <Tile href="/admin/mail" count={d.failedMail} label="Failed mail" note="not sent; retry it" alert />
            <Tile
              href="/admin/settings"
              count={d.bagReminders.sent}
              label="Bag reminders sent"
              note={`30 days; ${plural(d.bagReminders.followedByOrder, 'order', 'orders')} followed within 7 days`}
            />
          </ul>
        </AdminCard>
      </div>

      <div className="dash-columns">
        <AdminCard headingId="dash-best" title="Best sellers, last 30 days" className="dash-section">
          <BestSellers sellers={d.bestSellers} />
        </AdminCard>
        <section className="dash-section admin-card" aria-labelledby="dash-low">
          <div className="dash-section__head">
            <h2 id="dash-low" className="admin-card__title">
              Low stock
            </h2>
            <Link href="/admin/stock" className="dash-section__more">
              Manage stock
            </Link>
          </div>
          <LowStock variants={d.lowStock} />
        </section>
      </div>

      <AdminCard headingId="dash-returns" title="Returns" className="dash-section">
        <Returns figures={d.returns} />
      </AdminCard>
    </div>
  );
}

/** Revenue by where the sale was made (kobo): the website, orders taken in chats, the shop's counter. */
type Channels = Dashboard['channels'];

const CHANNEL_LABELS: [keyof Channels, string][] = [
  ['website', 'Website'],
  ['chats', 'Chats'],
  ['counter', 'Counter'],
];

function Channels({ channels }: { channels: Channels }) {
  const total = channels.website + channels.chats + channels.counter;
  return (
    <ul className="dash-list" aria-label="Revenue by channel">
      {CHANNEL_LABELS.map(([key, label]) => (
        <li key={key} className="dash-list__row">
          <span className="dash-list__name">{label}</span>
          <span className="dash-list__figures">
            {formatNaira(channels[key])}
            {total > 0 ? ` (${Math.round((channels[key] * 100) / total)}%)` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Units sent back by reason, the most returned products with their return rate, credit held. */
function Returns({ figures }: { figures: ReturnFigures }) {
  return (
    <>
      <p className="dash-list__name">Store credit held by customers: {formatNaira(figures.creditOutstanding)}</p>
      {figures.byReason.length === 0 ? (
        <p className="dash-empty">No returns yet.</p>
      ) : (
        <>
          <ul className="dash-list" aria-label="Returns by reason">
            {figures.byReason.map((r) => (
              <li key={r.reason} className="dash-list__row">
                <span className="dash-list__name">{REASON_LABELS[r.reason]}</span>
                <span className="dash-list__figures">{plural(r.units, 'unit', 'units')}</span>
              </li>
            ))}
          </ul>
          <ol className="dash-list" aria-label="Most returned products">
            {figures.byProduct.map((p) => (
              <li key={p.productId} className="dash-list__row">
                <span className="dash-list__name">
                  <Link href={`/product/${encodeURIComponent(p.productId)}`}>{p.name}</Link>
                  {p.runsSmall && <> · runs small</>}
                </span>
                <span className="dash-list__figures">
                  {p.returned} returned of {p.sold} sold ({p.rate}%)
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function PeriodCard({ label, period }: { label: string; period: DashboardPeriod }) {
  return (
    <li className="dash-period">
      <span className="dash-period__label">{label}</span>
      <span className="dash-period__revenue">{formatNaira(period.revenue)}</span>
      <span className="dash-period__orders">{plural(period.orders, 'order', 'orders')}</span>
    </li>
  );
}

type TileProps = { href: string; count: number; label: string; note: ReactNode; alert?: boolean };

/** A count that opens the list behind it; an alert tile turns red while its count is above zero. */
function Tile({ href, count, label, note, alert = false }: TileProps) {
  const hot = alert && count > 0;
  return (
    <li>
      <Link href={href} className={`dash-tile${hot ? ' is-hot' : ''}${count === 0 ? ' is-zero' : ''}`}>
        <span className="dash-tile__count">{count}</span>
        <span className="dash-tile__text">
          <span className="dash-tile__label">{label}</span>
          <span className="dash-tile__note">{note}</span>
        </span>
      </Link>
    </li>
  );
}

function BestSellers({ sellers }: { sellers: BestSeller[] }) {
  if (sellers.length === 0) return <p className="dash-empty">No sales in the last 30 days.</p>;
  return (
    <ol className="dash-list dash-list--ranked">
      {sellers.map((s, i) => (
        <li key={s.productId ?? `${s.name}-${i}`} className="dash-list__row">
          <span className="dash-list__rank" aria-hidden="true">
            {i + 1}
          </span>
          <span className="dash-list__name">
            {s.productId ? <Link href={`/product/${encodeURIComponent(s.productId)}`}>{s.name}</Link> : s.name}
          </span>
          <span className="dash-list__figures">
            <span>{plural(s.units, 'unit', 'units')}</span>
            <span className="dash-list__money">{formatNaira(s.revenue)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function LowStock({ variants }: { variants: LowStockVariant[] }) {
  if (variants.length === 0) return <p className="dash-empty">Nothing is running low.</p>;
  return (
    <ul className="dash-list">
      {variants.map((v) => {
        const options = [v.size, v.color].filter(Boolean).join(' · ');
        return (
          <li key={v.variantId} className="dash-list__row">
            <span className="dash-list__name">
              {v.name}
              {options && <span className="dash-list__options">{options}</span>}
            </span>
            <span className={`dash-stock${v.stock === 0 ? ' is-out' : ''}`}>
              {v.stock === 0 ? 'Sold out' : `${v.stock} left`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** From/To (Lagos days, inclusive) and a button that downloads the orders of those days as a CSV file. */
function ExportOrders() {
  const today = lagosToday();
  const [from, setFrom] = useState(() => monthStart(today));
  const [to, setTo] = useState(today);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const latch = useInFlight();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = exportRangeProblem(from, to);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    if (!latch.begin()) return;
    setBusy(true);
    setNotice(null);
    downloadOrdersCsv(from, to)
      .then(
        () => setNotice({ tone: 'success', text: `Orders from ${from} to ${to} downloaded.` }),
        (error: unknown) => setNotice({ tone: 'error', text: failureMessage(error, EXPORT_FAILED) }),
      )
      .finally(() => {
        latch.end();
        setBusy(false);
      });
  };

  return (
    <AdminCard headingId="dash-export" title="Export orders (CSV)" className="dash-section dash-export">
      <p className="dash-export__hint">
        One row per item sold, for the orders placed from the first day to the last (Lagos time), to open in a
        spreadsheet.
      </p>
      <ul className="dash-export__presets" aria-label="Quick ranges">
        {[
          { label: 'This month', from: monthStart(today) },
          { label: 'Last 7 days', from: addDays(today, -6) },
          { label: 'Last 30 days', from: addDays(today, -29) },
        ].map((preset) => (
          <li key={preset.label}>
            <button
              type="button"
              className="btn btn--sm btn--outline"
              aria-pressed={from === preset.from && to === today}
              onClick={() => {
                setFrom(preset.from);
                setTo(today);
                setNotice(null);
              }}
            >
              {preset.label}
            </button>
          </li>
        ))}
      </ul>
      <FormNotice notice={notice} />
      <form className="dash-export__form" onSubmit={onSubmit} noValidate aria-labelledby="dash-export">
        <TextField label="From" type="date" value={from} max={to || today} required onValueChange={setFrom} />
        <TextField label="To" type="date" value={to} min={from || undefined} required onValueChange={setTo} />
        <div className="dash-export__actions">
          <button type="submit" className="btn btn--dark" disabled={busy}>
            {busy ? 'Preparing…' : 'Export orders (CSV)'}
          </button>
        </div>
      </form>
    </AdminCard>
  );
}
