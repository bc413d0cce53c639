import { Link } from 'wouter';
import { Logo } from './Logo';
import { FacebookIcon, InstagramIcon, XIcon } from './icons';
import { pagePath, useFooterPages } from '@/lib/collections';
import { SHOP_NAME, SOCIAL_LINKS } from '@/lib/site';
import './Footer.css';

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
          <p className="site-footer__tagline">
            Formal shoes, tailored suits, corporate shirts, wristwatches and sneakers, delivered across Nigeria.
          </p>
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
          <li>
            <a href={SOCIAL_LINKS.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
              <InstagramIcon size={22} />
            </a>
          </li>
          <li>
            <a href={SOCIAL_LINKS.x} target="_blank" rel="noopener noreferrer" aria-label="X (Twitter)">
              <XIcon size={20} />
            </a>
          </li>
          <li>
            <a href={SOCIAL_LINKS.facebook} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
              <FacebookIcon size={22} />
            </a>
          </li>
        </ul>
      </div>
      <p className="site-footer__copy">
        © {year} {SHOP_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
