import { Svg, type IconProps } from './icons';
import type { SocialLinks as Links } from '@/lib/shop';

// The networks' marks: drawn only in the footer and on the contact page, so they stay out of the
// first page's shared icons.
const InstagramIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.2 6.8h.01" />
  </Svg>
);

const XIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path d="M17.8 3.5h3l-6.6 7.5 7.8 9.5h-6.1l-4.8-5.9-5.5 5.9h-3l7.1-8L2 3.5h6.2l4.3 5.4 5.3-5.4Zm-1 15.3h1.7L7.3 5.1H5.5l11.3 13.7Z" />
  </Svg>
);

const FacebookIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path d="M13.5 21v-7.3H16l.4-2.9h-2.9V9c0-.8.3-1.4 1.5-1.4h1.5V5c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.1H8v2.9h2.5V21h3Z" />
  </Svg>
);

const TikTokIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path d="M16.6 3c.3 2.2 1.6 3.6 3.9 3.8v2.6c-1.4.1-2.6-.3-3.9-1.1v5.6c0 4.4-4.1 6.6-7.3 4.7-2.9-1.7-3-6.7.8-7.9 1-.3 1.6-.2 2.2-.1v2.8c-.5-.1-1-.2-1.6 0-1.7.5-1.7 2.9-.2 3.5 1.3.5 3.1-.3 3.1-2.4V3h3Z" />
  </Svg>
);

/** The shop's social networks, in the order the footer and the contact page show them. */
const NETWORKS = [
  { key: 'instagram', label: 'Instagram', icon: <InstagramIcon size={22} /> },
  { key: 'x', label: 'X (Twitter)', icon: <XIcon size={20} /> },
  { key: 'facebook', label: 'Facebook', icon: <FacebookIcon size={22} /> },
  { key: 'tiktok', label: 'TikTok', icon: <TikTokIcon size={20} /> },
] as const;

/** The shop's social links as round icons, named for screen readers; one she has not set is not shown. */
export function SocialLinks({ links, className }: { links: Links; className: string }) {
  return (
    <ul className={className} aria-label="Follow us">
      {NETWORKS.map(({ key, label, icon }) => {
        const href = links[key];
        return href ? (
          <li key={key}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
              {icon}
            </a>
          </li>
        ) : null;
      })}
    </ul>
  );
}
