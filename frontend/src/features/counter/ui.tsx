import type { ReactNode } from 'react';
import { Message } from '@/components/Message';
import { Spinner } from '@/components/Spinner';

// The few frame pieces the counter's screens share with the back office's look (admin.css's
// dashed "Admin" bar, its notices), kept here: a feature imports no other feature (eslint zones).

export type Notice = { tone: 'error' | 'success'; text: string } | null;

/** A form's outcome: an alert for errors, a polite status for successes (both regions always there). */
export function FormNotice({ notice }: { notice: Notice }) {
  return (
    <>
      <div role="alert" className="counter-notice-region">
        {notice?.tone === 'error' && <p className="alert alert--error counter-notice">{notice.text}</p>}
      </div>
      <div role="status" className="counter-notice-region">
        {notice?.tone === 'success' && <p className="alert alert--success counter-notice">{notice.text}</p>}
      </div>
    </>
  );
}

type Refreshable = { refetch: () => unknown; isFetching: boolean; isPending: boolean };

/** The bar at the top of a screen: the "Admin" label, what it holds, Refresh and its own actions. */
export function Bar({ state, refresh, children }: { state: ReactNode; refresh?: Refreshable; children?: ReactNode }) {
  return (
    <div className="counter-bar">
      <span className="counter-tag">Admin</span>
      <span className="counter-bar__state">{state}</span>
      {refresh && (
        <button
          type="button"
          className="btn btn--sm btn--outline"
          onClick={() => void refresh.refetch()}
          disabled={refresh.isFetching}
        >
          {refresh.isFetching && !refresh.isPending ? 'Refreshing...' : 'Refresh'}
        </button>
      )}
      {children}
    </div>
  );
}

type Query<T> = { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };

/** A screen's data as it arrives: a spinner, the error, else the content. */
export function Loaded<T>({
  query,
  loading,
  children,
}: {
  query: Query<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="counter-loading">
        <Spinner size="lg" label={loading} />
      </div>
    );
  }
  if (query.isError || query.data === undefined)
    return <Message title={`Error: ${query.error?.message}`} tone="error" />;
  return children(query.data);
}

/** A titled white panel (a form of the screen), named by its heading. */
export function Panel({
  title,
  headingId,
  description,
  children,
}: {
  title: string;
  headingId: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="counter-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="counter-panel__title">
        {title}
      </h2>
      {description && <p className="counter-note">{description}</p>}
      {children}
    </section>
  );
}

/** Days as the shop counts them: Lagos time, "YYYY-MM-DD". */
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function lagosToday(now: number = Date.now()): string {
  return lagosDay.format(new Date(now));
}

export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === text;
}

/** Kobo as naira to edit: 250000 -> "2500", 250050 -> "2500.50". */
export function koboToNairaText(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}
