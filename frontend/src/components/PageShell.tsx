import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

type PageShellProps = { title: string; eyebrow?: string; children?: ReactNode };

/** A page's frame: its title (also the document title) and content in the page container. */
export function PageShell({ title, eyebrow, children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <div className="container page">
      <header className="page-header">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  );
}
