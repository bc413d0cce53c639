import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { COLLECTIONS_ANCHOR } from './HeroCarousel';
import './AnnouncementBar.css';

/** A link on the shop, or (for the collections grid on this page) a scroll to it. */
export function SectionLink({
  href,
  className,
  children,
  onExplore,
}: {
  href: string;
  className: string;
  children: ReactNode;
  onExplore: () => void;
}) {
  if (href === COLLECTIONS_ANCHOR)
    return (
      <button type="button" className={className} onClick={onExplore}>
        {children}
      </button>
    );
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}

/** A line across the top of the home page ("Free delivery in Lagos over ₦50,000"), maybe a link. */
export function AnnouncementBar({
  text,
  href,
  onExplore,
}: {
  text: string;
  href?: string | null;
  onExplore: () => void;
}) {
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="container announcement__inner">
        {href ? (
          <SectionLink href={href} className="announcement__link" onExplore={onExplore}>
            {text}
          </SectionLink>
        ) : (
          <p>{text}</p>
        )}
      </div>
    </aside>
  );
}
