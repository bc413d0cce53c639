import { Link } from 'wouter';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';
import { pagePath, useFooterPages } from '@/lib/collections';
import { SHOP, telHref } from '@/lib/shop';
import './Footer.css';

/** `currency`: the shopper's currency chooser (Layout's CurrencyChooserSlot), beside the social links. */
export function Footer({ currency }: { currency?: ReactNode }) {
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
              {SHOP.phone && <a href={telHref(SHOP.phone)}>{SHOP.phone}</a>}
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
        <SocialLinks links={SHOP.social} className="site-footer__social" />
        {currency}
      </div>
      <p className="site-footer__copy">
        © {year} {SHOP.name}. All rights reserved.
      </p>
    </footer>
  );
}
