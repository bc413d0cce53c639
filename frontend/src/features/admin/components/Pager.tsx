import { Link } from 'wouter';

/**
 * Previous / "Page N of M" / Next under an admin list, hidden when everything fits on one page.
 * `href` gives the address of a page, so each list keeps its own filters in it.
 */
export function Pager({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 1 ? (
        <Link href={href(page - 1)} className="btn btn--sm btn--outline">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="admin-pager__state">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="btn btn--sm btn--outline">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
