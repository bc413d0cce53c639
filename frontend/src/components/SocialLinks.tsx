import { FacebookIcon, InstagramIcon, TikTokIcon, XIcon } from './icons';
import type { SocialLinks as Links } from '@/lib/site';

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
