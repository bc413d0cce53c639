import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './print.css';

/** A4 paper, or an 80 mm thermal receipt roll. */
export type Paper = 'a4' | '80mm';

/** The paper a print view is for: `?paper=80mm`, else A4. */
export function paperOf(search: string): Paper {
  return new URLSearchParams(search).get('paper') === '80mm' ? '80mm' : 'a4';
}

/** The same address with the other paper. */
export function withPaper(path: string, search: string, paper: Paper): string {
  const params = new URLSearchParams(search);
  if (paper === '80mm') params.set('paper', '80mm');
  else params.delete('paper');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The printer's page: A4 with margins, or a roll 80 mm wide as long as the slip. */
export const PAGE_RULES: Record<Paper, string> = {
  a4: '@page { size: A4; margin: 12mm; }',
  '80mm': '@page { size: 80mm auto; margin: 3mm; }',
};

type Props = {
  title: string;
  /** Where "Back" goes. */
  back: { href: string; label: string };
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What the screen offers beside printing (never printed), below the toolbar. */
  tools?: ReactNode;
  children?: ReactNode;
};

/**
 * A print view's frame: a toolbar (back, the paper, Print) that never prints, and the document,
 * laid out for the paper chosen both on screen and on paper. Printing shows only the document.
 */
export function PrintFrame({ title, back, query, tools, children }: Props) {
  useDocumentTitle(title);
  const search = useSearch();
  const [path] = useLocation();
  const paper = paperOf(search);
  return (
    <div className="print-view">
      <style>{PAGE_RULES[paper]}</style>
      <div className="print-toolbar container">
        <Link href={back.href} className="btn btn--outline btn--sm">
          {back.label}
        </Link>
        <nav className="print-toolbar__paper" aria-label="Paper">
          <Link
            href={withPaper(path, search, 'a4')}
            className={paper === 'a4' ? 'btn btn--dark btn--sm' : 'btn btn--outline btn--sm'}
            aria-current={paper === 'a4' ? 'page' : undefined}
          >
            A4
          </Link>
          <Link
            href={withPaper(path, search, '80mm')}
            className={paper === '80mm' ? 'btn btn--dark btn--sm' : 'btn btn--outline btn--sm'}
            aria-current={paper === '80mm' ? 'page' : undefined}
          >
            80 mm receipt
          </Link>
        </nav>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => window.print()} disabled={!children}>
          Print
        </button>
      </div>
      {tools && <div className="print-tools container">{tools}</div>}
      {query.isPending ? (
        <div className="container">
          <Spinner label="Loading…" />
        </div>
      ) : query.isError ? (
        <div className="container">
          <p className="alert alert--error" role="alert">
            {isApiError(query.error) && query.error.status === 404
              ? 'This order could not be found.'
              : isApiError(query.error)
                ? query.error.message
                : 'Could not load this page. Please try again.'}
          </p>
          <button type="button" className="btn btn--dark btn--sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <article className={`print-doc print-doc--${paper}`} aria-label={title}>
          {children}
        </article>
      )}
    </div>
  );
}
