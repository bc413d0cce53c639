import { Link } from 'wouter';

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The navigation's name, for pages with more than one list. */
  label?: string;
} & (
  | {
      /** The address of a page, so each list keeps its own filters in it: Previous and Next are links. */
      href: (page: number) => string;
    }
  | {
      /** A list whose page lives in the page's state: Previous and Next are buttons. */
      onPage: (page: number) => void;
      /** Off while the next page loads. */
      busy?: boolean;
      /** "51–100 of 312" rather than "Page 2 of 7". */
      range?: boolean;
    }
);

const count = (n: number) => n.toLocaleString('en-NG');

/**
 * The one pager under the admin lists: Previous / where we are / Next, hidden when everything fits
 * on one page.
 */
export function Pager(props: PagerProps) {
  const { page, pageSize, total, label = 'Pages' } = props;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  if ('href' in props) {
    return (
      <nav className="admin-pager" aria-label={label}>
        {page > 1 ? (
          <Link href={props.href(page - 1)} className="btn btn--sm btn--outline">
            Previous
          </Link>
        ) : (
          <span />
        )}
        <span className="admin-pager__state">
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link href={props.href(page + 1)} className="btn btn--sm btn--outline">
            Next
          </Link>
        ) : (
          <span />
        )}
      </nav>
    );
  }
  const { onPage, busy = false, range = false } = props;
  const step = (to: number, text: string) => (
    <button
      type="button"
      className="btn btn--sm btn--outline"
      disabled={busy || to < 1 || to > pages}
      onClick={() => onPage(to)}
    >
      {text}
    </button>
  );
  return (
    <nav className="stock-pager" aria-label={label}>
      {step(page - 1, 'Previous')}
      <span className="stock-pager__where" aria-live="polite">
        {range
          ? `${count((page - 1) * pageSize + 1)}–${count(Math.min(total, page * pageSize))} of ${count(total)}`
          : `Page ${page} of ${pages}`}
      </span>
      {step(page + 1, 'Next')}
    </nav>
  );
}
