import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A button's address that means "the collections grid on this page" (the seed's Explore). */
export const COLLECTIONS_ANCHOR = '#collections';

/** A link on the shop, or (for the collections grid on this page) a scroll to it. */
export function SectionLink({
  href,
  className,
  children,
  onExplore,
  tabIndex,
}: {
  href: string;
  className: string;
  children: ReactNode;
  onExplore: () => void;
  /** -1 for a slide not on show (its button is not in the tab order). */
  tabIndex?: number;
}) {
  if (href === COLLECTIONS_ANCHOR)
    return (
      <button type="button" className={className} onClick={onExplore} tabIndex={tabIndex}>
        {children}
      </button>
    );
  return (
    <Link href={href} className={className} tabIndex={tabIndex}>
      {children}
    </Link>
  );
}
