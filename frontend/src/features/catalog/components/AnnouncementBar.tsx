import { SectionLink } from './SectionLink';
import './AnnouncementBar.css';

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
