import { Link } from 'wouter';

export type Filter = {
  key: string;
  label: string;
  href: string;
  current: boolean;
  /** How many the filter holds, beside its name (null while unknown, absent for none). */
  count?: number | null;
  /**
   * The count left out of the link's spoken name, which says "Shipped (4)" instead; without it the
   * name is what shows ("Low 71"), as speech input expects.
   */
  spokenCount?: boolean;
  /** A filter set apart ("admin-filter__link--oversold"). */
  modifier?: string;
};

/** The one filter bar over the admin lists: a row of links, the current one marked. */
export function FilterBar({ label, filters }: { label: string; filters: ReadonlyArray<Filter> }) {
  return (
    <nav className="admin-filter" aria-label={label}>
      <ul>
        {filters.map((f) => (
          <li key={f.key}>
            <Link
              href={f.href}
              className={`admin-pill admin-filter__link${f.modifier ? ` ${f.modifier}` : ''}${f.current ? ' is-current' : ''}`}
              aria-current={f.current ? 'page' : undefined}
              aria-label={f.spokenCount && f.count != null ? `${f.label} (${f.count})` : undefined}
            >
              {f.label}
              {f.count != null &&
                (f.spokenCount ? (
                  <span className="admin-filter__count" aria-hidden="true">
                    {f.count}
                  </span>
                ) : (
                  <>
                    {' '}
                    <span className="admin-filter__count">{f.count}</span>
                  </>
                ))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
