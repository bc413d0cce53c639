import { useState } from 'react';
import { useOversold, useResolveOversold, type OversoldEntry, type Resolution } from './api';
import { variantName } from './catalogue';
import { Bar, Loaded } from './ui';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import { formatDate } from '@/lib/money';
import './counter.css';

export const RESOLVE_FAILED = 'It could not be marked. Please try again.';
const RESOLUTIONS: Record<Resolution, string> = { restocked: 'Restocked', contacted: 'Contacted the customer' };

/**
 * /admin/counter/oversold (owners, managers): sales made offline at the counter of units the
 * website sold meanwhile. Each says which variants and how many short, until someone restocks
 * them or contacts the online customer.
 */
export default function OversoldPage() {
  const query = useOversold();
  const open = query.data?.open.length ?? 0;
  return (
    <PageShell title="Oversold at the counter" eyebrow="Admin">
      <Bar
        state={query.data ? `${open} to resolve.` : 'Counter sales made offline of units the website sold meanwhile.'}
        refresh={query}
      />
      <div className="counter">
        <Loaded query={query} loading="Loading…">
          {(data) => (
            <>
              <section aria-labelledby="open-heading">
                <h2 id="open-heading" className="counter-subtitle">
                  To resolve
                </h2>
                {data.open.length === 0 ? (
                  <p className="counter-note">Nothing oversold at the counter.</p>
                ) : (
                  <ul className="counter-oversold">
                    {data.open.map((entry) => (
                      <Entry key={entry.orderId} entry={entry} />
                    ))}
                  </ul>
                )}
              </section>
              {data.resolved.length > 0 && (
                <section aria-labelledby="resolved-heading">
                  <h2 id="resolved-heading" className="counter-subtitle">
                    Resolved
                  </h2>
                  <ul className="counter-oversold">
                    {data.resolved.map((entry) => (
                      <Entry key={entry.orderId} entry={entry} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </Loaded>
      </div>
    </PageShell>
  );
}

function Entry({ entry }: { entry: OversoldEntry }) {
  const resolve = useResolveOversold();
  const [problem, setProblem] = useState<string | null>(null);
  const mark = (resolution: Resolution) => {
    if (resolve.isPending) return;
    setProblem(null);
    resolve.mutate(
      { orderId: entry.orderId, resolution },
      { onError: (e) => setProblem(failureMessage(e, RESOLVE_FAILED)) },
    );
  };
  const headingId = `oversold-${entry.orderId}`;
  return (
    <li className="counter-oversold__entry" aria-labelledby={headingId}>
      <h3 id={headingId} className="counter-oversold__title">
        Sale {entry.number} · {entry.cashier} · {formatDate(entry.recordedAt)}
      </h3>
      <ul className="counter-oversold__lines">
        {entry.lines.map((line) => (
          <li key={line.variantId}>
            <strong>{line.short} short</strong> of {line.name} ({variantName(line)}){line.sku ? ` · ${line.sku}` : ''}
          </li>
        ))}
      </ul>
      {entry.resolution ? (
        <p className="counter-note">
          {RESOLUTIONS[entry.resolution]}
          {entry.resolvedAt ? ` on ${formatDate(entry.resolvedAt)}` : ''}.
        </p>
      ) : (
        <div className="counter-actions">
          <button
            type="button"
            className="btn btn--sm btn--dark"
            disabled={resolve.isPending}
            aria-describedby={headingId}
            onClick={() => mark('restocked')}
          >
            Restocked
          </button>
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={resolve.isPending}
            aria-describedby={headingId}
            onClick={() => mark('contacted')}
          >
            Contacted the customer
          </button>
        </div>
      )}
      <p role="alert" className="counter-error">
        {problem}
      </p>
    </li>
  );
}
