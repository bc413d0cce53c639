import { Link, useSearch } from 'wouter';
import { useActivity, type ActivityEntry } from '../api/staff';
import { FilterBar } from '../components/FilterBar';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { adminTime } from '../lib/time';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import '../admin.css';
import './AdminOrders.css';
import './ActivityPage.css';

/** The kinds of thing the log records (the server's `subject`). */
export const SUBJECTS = ['order', 'refund', 'product', 'stock', 'staff', 'settings'] as const;
type Subject = (typeof SUBJECTS)[number];

export const SUBJECT_LABELS: Record<Subject, string> = {
  order: 'Orders',
  refund: 'Refunds',
  product: 'Products',
  stock: 'Stock',
  staff: 'Staff',
  settings: 'Settings',
};

export const NO_ACTIVITY = 'Nothing has been recorded yet.';
export const NO_MORE = 'That is everything.';

function parseSubject(value: string | null): Subject | '' {
  return (SUBJECTS as readonly string[]).includes(value ?? '') ? (value as Subject) : '';
}

/** Where a line's subject is seen in the back office, when it has a screen of its own. */
function subjectHref(entry: ActivityEntry): string | null {
  if (entry.subject === 'order') return `/admin/orders/${encodeURIComponent(entry.subjectId)}`;
  if (entry.subject === 'product') return `/product/${encodeURIComponent(entry.subjectId)}`;
  return null;
}

/**
 * /admin/activity (owners only): who changed what — orders, refunds, prices, stock, settings,
 * staff — newest first, 100 at a time, by kind; "Older" reads on from the last line shown.
 */
export default function ActivityPage() {
  const subject = parseSubject(new URLSearchParams(useSearch()).get('subject'));
  const activity = useActivity(subject);
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = activity;

  return (
    <PageShell title="Activity log" eyebrow="Admin">
      <PageBar state="Who changed what in the back office, newest first." />
      <FilterBar
        label="Filter the activity"
        filters={(['', ...SUBJECTS] as const).map((s) => ({
          key: s || 'all',
          label: s ? SUBJECT_LABELS[s] : 'All',
          href: s ? `/admin/activity?subject=${s}` : '/admin/activity',
          current: s === subject,
        }))}
      />

      <Loaded
        query={activity}
        loading="Loading the activity…"
        empty={(data) => data.pages.flat().length === 0 && <Message title={NO_ACTIVITY} />}
      >
        {(data) => (
          <>
            <ol className="activity" aria-label="Activity">
              {data.pages.flat().map((entry) => (
                <ActivityLine key={entry.id} entry={entry} />
              ))}
            </ol>
            <div className="activity__more">
              {hasNextPage ? (
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  disabled={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage && <Spinner size="sm" label="Loading older lines…" />}
                  Older
                </button>
              ) : (
                <p className="muted">{NO_MORE}</p>
              )}
            </div>
          </>
        )}
      </Loaded>
    </PageShell>
  );
}

function ActivityLine({ entry }: { entry: ActivityEntry }) {
  const href = subjectHref(entry);
  return (
    <li className="activity__line">
      <time className="activity__when" dateTime={new Date(entry.at).toISOString()}>
        {adminTime.format(new Date(entry.at))}
      </time>
      <span className="activity__what">{href ? <Link href={href}>{entry.summary}</Link> : entry.summary}</span>
      <span className="activity__who">{entry.actor}</span>
    </li>
  );
}
