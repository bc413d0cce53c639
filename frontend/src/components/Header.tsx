import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from './Badge';
import { Dropdown, type DropdownItem } from './Dropdown';
import { BagIcon, HeartIcon, LogInIcon, LogOutIcon, MenuIcon, SearchIcon, UserIcon, UserPlusIcon } from './icons';
import { Logo } from './Logo';
import { collectionPath, useMenuCollections } from '@/lib/collections';
import { alertLogoutError, useLogout, useSession, useSessionCounts } from '@/lib/session';
import { may } from '@/lib/staff';
import './Header.css';

/** The search bar's code (with its suggestions), fetched on the first tap of the search button (or
 *  once the shopper starts using the page, see main.tsx), not with the first
 *  page's JavaScript. */
export const loadSearchBar = () => import('./SearchBar').then((module) => ({ default: module.SearchBar }));
const SearchBar = lazy(loadSearchBar);

const moreItems: DropdownItem[] = [
  { label: 'About Us', href: '/about' },
  { label: 'Contact Us', href: '/contact' },
];

type HeaderProps = {
  onOpenMenu: () => void;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The sticky site header. Wide screens get the full navigation; below 960px it collapses to the
 * menu button, the brand and the search, saved and bag icons (the rest lives in the sidebar).
 */
export function Header({ onOpenMenu, menuOpen, menuButtonRef }: HeaderProps) {
  const { user } = useSession();
  const counts = useSessionCounts();
  const collectionItems: DropdownItem[] = useMenuCollections().map((c) => ({
    label: c.name,
    href: collectionPath(c.id),
  }));
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();
  const { logout } = useLogout();

  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useEffect(() => setSearchOpen(false), [location]);

  const userItems: DropdownItem[] = user
    ? [
        { label: 'My Account', href: '/myaccount', icon: <UserIcon size={18} /> },
        { label: 'Log Out', onSelect: () => void logout().catch(alertLogoutError), icon: <LogOutIcon size={18} /> },
      ]
    : [
        { label: 'Login', href: '/login', icon: <LogInIcon size={18} /> },
        { label: 'Sign Up', href: '/signup', icon: <UserPlusIcon size={18} /> },
      ];

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button site-header__menu"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={onOpenMenu}
        >
          <MenuIcon />
          {/* Below 960px My Orders lives in the menu: a dot says a new order waits there. */}
          {counts.newOrders > 0 && <span className="site-header__menu-dot" aria-hidden="true" />}
        </button>

        <Link href="/" className="site-header__brand">
          <Logo />
        </Link>

        <nav className="site-header__nav" aria-label="Main">
          <ul>
            <li>
              <Link href="/" className="site-header__link">
                Home
              </Link>
            </li>
            <li>
              <Dropdown label="Collections" items={collectionItems} buttonClassName="site-header__link" />
            </li>
            <li>
              <Dropdown label="More" items={moreItems} buttonClassName="site-header__link" />
            </li>
            <li>
              <Link href="/myorders" className="site-header__link">
                My Orders <Badge count={counts.newOrders} />
              </Link>
            </li>
            {user?.admin && (
              <li>
                {/* The back office's home for this role: the dashboard, or the orders for a packer. */}
                {may(user, 'GET /api/admin/dashboard') ? (
                  <Link href="/admin/dashboard" className="site-header__link">
                    Dashboard
                  </Link>
                ) : (
                  <Link href="/admin/orders" className="site-header__link">
                    Back office
                  </Link>
                )}
              </li>
            )}
          </ul>
        </nav>

        <div className="site-header__actions">
          <button
            ref={searchButtonRef}
            type="button"
            className="icon-button"
            aria-label="Search"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((open) => !open)}
          >
            <SearchIcon />
          </button>
          {/* Named by their content, "Saved Items (2)", which contains the visible count. */}
          <Link href="/saved-items" className="icon-button">
            <HeartIcon />
            <span className="visually-hidden">Saved Items</span> <Badge count={counts.saved} />
          </Link>
          <Link href="/mybag" className="icon-button">
            <BagIcon />
            <span className="visually-hidden">My Bag</span> <Badge count={counts.bag} />
          </Link>
          <Dropdown
            className="site-header__user"
            buttonClassName="icon-button site-header__user-button"
            ariaLabel={user ? `Account menu for ${user.displayName}` : 'Account menu'}
            label={<UserIcon />}
            items={userItems}
            align="end"
          />
        </div>
      </div>
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchBar onClose={closeSearch} toggleRef={searchButtonRef} />
        </Suspense>
      )}
    </header>
  );
}
