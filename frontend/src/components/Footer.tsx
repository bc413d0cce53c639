import { Link } from 'wouter';
import { Logo } from './Logo';
import { FacebookIcon, InstagramIcon, TikTokIcon, XIcon } from './icons';
import { pagePath, useFooterPages } from '@/lib/collections';
import { SHOP } from '@/lib/site';
import './Footer.css';

/** The shop's social links, in the footer's order; one she has not set is not shown. */
const SOCIAL = [
  { key: 'instagram', label: 'Instagram', icon: <InstagramIcon size={22} /> },
  { key: 'x', label: 'X (Twitter)', icon: <XIcon size={20} /> },
  { key: 'facebook', label: 'Facebook', icon: <FacebookIcon size={22} /> },
  { key: 'tiktok', label: 'TikTok', icon: <TikTokIcon size={20} /> },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  const pages = useFooterPages();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <Link href="/" className="site-footer__logo">
            <Logo />
          </Link>
          {SHOP.description && <p className="site-footer__tagline">{SHOP.description}</p>}
          {(SHOP.phone ?? SHOP.email ?? SHOP.address ?? SHOP.hours) !== null && (
            <address className="site-footer__contact">
              {SHOP.phone && <a href={`tel:${SHOP.phone.replace(/[^\d+]/g, '')}`}>{SHOP.phone}</a>}
              {SHOP.email && <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>}
              {SHOP.address && <span>{SHOP.address}</span>}
              {SHOP.hours && <span>{SHOP.hours}</span>}
            </address>
          )}
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul>
            <li>
              <Link href="/about">About Us</Link>
            </li>
            <li>
              <Link href="/track">Tracking</Link>
            </li>
            {pages.map((page) => (
              <li key={page.slug}>
                <Link href={pagePath(page.slug)}>{page.title}</Link>
              </li>
            ))}
            <li>
              <Link href="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
        <ul className="site-footer__social" aria-label="Follow us">
          {SOCIAL.map(({ key, label, icon }) => {
            const href = SHOP.social[key];
            return href ? (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  {icon}
                </a>
              </li>
            ) : null;
          })}
        </ul>
      </div>
      <p className="site-footer__copy">
        © {year} {SHOP.name}. All rights reserved.
      </p>
    </footer>
  );
}
