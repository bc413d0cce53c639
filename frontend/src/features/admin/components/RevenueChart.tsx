import { useId } from 'react';
import type { DayFigures } from '../api/dashboard';
import { formatLongDay, formatShortDay } from '../lib/dates';
import { formatNaira } from '@/lib/money';
import './RevenueChart.css';
import { TableHead } from '@/components/TableHead';

/** The smallest "nice" top for the axis at or above `max` kobo: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten naira. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 100_000; // ₦1,000.00 when nothing sold: an empty chart still has a scale.
  const naira = max / 100;
  const power = 10 ** Math.floor(Math.log10(naira));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (step * power >= naira) return Math.round(step * power * 100);
  }
  return Math.round(10 * power * 100);
}

/** What a screen reader hears for the chart: the range, the total, the best day and the days without sales. */
export function chartSummary(days: DayFigures[]): string {
  if (days.length === 0) return 'Daily revenue: no figures yet.';
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const range = `Daily revenue for the last ${days.length} days, ${formatShortDay(first.day)} to ${formatShortDay(last.day)}`;
  const parts = [`${formatNaira(total)} from ${orders} ${orders === 1 ? 'order' : 'orders'} in all`];
  const best = days.reduce((top, d) => (d.revenue > top.revenue ? d : top), first);
  if (best.revenue > 0) parts.push(`best day ${formatLongDay(best.day)} with ${formatNaira(best.revenue)}`);
  const idle = days.filter((d) => d.revenue <= 0).length;
  if (idle > 0) parts.push(`${idle} ${idle === 1 ? 'day' : 'days'} without sales`);
  parts.push(`today ${formatNaira(last.revenue)}`);
  return `${range}: ${parts.join('; ')}.`;
}

const HEIGHT = 100;
const BAR = 8;
const GAP = 3;

/**
 * Revenue day by day as plain SVG bars, oldest on the left, today highlighted. The drawing is one
 * image with a spoken summary; the exact figures are in a table under "Day by day".
 */
export function RevenueChart({ days }: { days: DayFigures[] }) {
  const tableId = useId();
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.revenue)));
  const width = Math.max(1, days.length * (BAR + GAP) - GAP);
  const middle = Math.floor(days.length / 2);

  return (
    <figure className="revenue-chart">
      <div className="revenue-chart__plot">
        <div className="revenue-chart__scale" aria-hidden="true">
          <span>{formatNaira(top)}</span>
          <span>{formatNaira(top / 2)}</span>
          <span>{formatNaira(0)}</span>
        </div>
        <svg
          className="revenue-chart__svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={chartSummary(days)}
        >
          <line className="revenue-chart__grid" x1={0} x2={width} y1={0.5} y2={0.5} vectorEffect="non-scaling-stroke" />
          <line
            className="revenue-chart__grid"
            x1={0}
            x2={width}
            y1={HEIGHT / 2}
            y2={HEIGHT / 2}
            vectorEffect="non-scaling-stroke"
          />
          {days.map((d, i) => {
            const h = d.revenue > 0 ? Math.max(1.5, (d.revenue / top) * HEIGHT) : 0;
            return (
              <rect
                key={d.day}
                className={`revenue-chart__bar${i === days.length - 1 ? ' is-today' : ''}`}
                x={i * (BAR + GAP)}
                y={HEIGHT - h}
                width={BAR}
                height={h}
                rx={1.5}
              >
                <title>{`${formatLongDay(d.day)}: ${formatNaira(d.revenue)}, ${d.orders} ${d.orders === 1 ? 'order' : 'orders'}`}</title>
              </rect>
            );
          })}
          <line
            className="revenue-chart__axis"
            x1={0}
            x2={width}
            y1={HEIGHT - 0.5}
            y2={HEIGHT - 0.5}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {days.length > 0 && (
          <div className="revenue-chart__days" aria-hidden="true">
            <span>{formatShortDay(days[0]!.day)}</span>
            <span>{formatShortDay(days[middle]!.day)}</span>
            <span>Today</span>
          </div>
        )}
      </div>
      <details className="revenue-chart__table">
        <summary aria-controls={tableId}>Day by day</summary>
        <div className="revenue-chart__scroll">
          <table id={tableId}>
            <caption className="visually-hidden">Revenue and orders per day, newest first</caption>
            <TableHead columns={['Day', 'Orders', 'Revenue']} />
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatLongDay(d.day)}</th>
                  <td>{d.orders}</td>
                  <td>{formatNaira(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
