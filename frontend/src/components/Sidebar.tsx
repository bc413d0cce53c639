import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from './Badge';
import {
  BagIcon,
  ChevronDownIcon,
  HeartIcon,
  LogInIcon,
  LogOutIcon,
  SearchIcon,
  UserIcon,
  UserPlusIcon,
} from './icons';
import {
  BoxesIcon,
  ChartIcon,
  CloseIcon,
  GridIcon,
  HomeIcon,
  InfoIcon,
  KeyIcon,
  MailIcon,
  MapPinIcon,
  PackageIcon,
  SlidersIcon,
  StarIcon,
  TagIcon,
  TruckIcon,
  UsersIcon,
  ClockIcon,
} from './moreIcons';
import { Logo } from './Logo';
import { collectionPath, useMenuCollections } from '@/lib/collections';
import { onModalKeyDown } from '@/lib/focusTrap';
import { alertLogoutError, useLogout, useSession, useSessionCounts } from '@/lib/session';
import { inMenu } from '@/lib/staffScreens';
import './Sidebar.css';

type SidebarProps = {
  open: boolean;
  onClose: () => void;
  /** Focus goes back here on close. */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/**
 * The back office's screens, in the menu's order; each shows only to the roles that may use it.
 * Admin Management is the staff screen (roles are granted in that one place).
 */
const ADMIN_LINKS: ReadonlyArray<{ href: string; label: string; icon: ReactNode }> = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: <ChartIcon /> },
  { href: '/adminmanagement', label: 'Admin Management', icon: <KeyIcon /> },
  { href: '/admin/orders', label: 'Orders', icon: <TruckIcon /> },
  { href: '/admin/deliveries', label: 'My deliveries', icon: <MapPinIcon /> },
  { href: '/admin/counter', label: 'Counter', icon: <BagIcon /> },
  { href: '/admin/counter/day', label: 'End of day', icon: <ClockIcon /> },
  { href: '/admin/counter/oversold', label: 'Oversold at the counter', icon: <BoxesIcon /> },
  { href: '/admin/riders', label: 'Riders', icon: <TruckIcon /> },
  { href: '/admin/returns', label: 'Returns', icon: <BoxesIcon /> },
  { href: '/admin/products', label: 'Products', icon: <GridIcon /> },
  { href: '/admin/products?add=1', label: 'Add product', icon: <PackageIcon /> },
  { href: '/admin/collections', label: 'Manage collections', icon: <GridIcon /> },
  { href: '/admin/pages', label: 'Pages', icon: <InfoIcon /> },
  { href: '/admin/stock', label: 'Stock', icon: <BoxesIcon /> },
  { href: '/admin/labels', label: 'Labels', icon: <TagIcon /> },
  { href: '/admin/customers', label: 'Customers', icon: <UsersIcon /> },
  { href: '/admin/delivery', label: 'Delivery', icon: <MapPinIcon /> },
  { href: '/admin/discounts', label: 'Discount codes', icon: <TagIcon /> },
  { href: '/admin/gift-cards', label: 'Gift cards', icon: <TagIcon /> },
  { href: '/admin/reviews', label: 'Reviews', icon: <StarIcon /> },
  { href: '/admin/messages', label: 'Messages', icon: <MailIcon /> },
  { href: '/admin/updates', label: 'Order updates', icon: <MailIcon /> },
  { href: '/admin/mail', label: 'Failed mail', icon: <MailIcon /> },
  { href: '/admin/search', label: 'Search words', icon: <SearchIcon /> },
  { href: '/admin/feeds', label: 'Feeds', icon: <TagIcon /> },
  { href: '/admin/activity', label: 'Activity log', icon: <ClockIcon /> },
  { href: '/admin/brand', label: 'Shop identity', icon: <SlidersIcon /> },
  { href: '/admin/home', label: 'Home page', icon: <GridIcon /> },
  { href: '/admin/settings', label: 'Settings', icon: <SlidersIcon /> },
  { href: '/admin/keys', label: 'Keys and addresses', icon: <KeyIcon /> },
];

/**
 * The slide-in navigation drawer: a modal dialog with an overlay. Focus is trapped inside while
 * open, Escape or the overlay closes it, and so does any navigation.
 */
export function Sidebar({ open, onClose, returnFocusRef }: SidebarProps) {
  const { user } = useSession();
  const counts = useSessionCounts();
  const { logout, isPending: loggingOut } = useLogout();
  const [collectionsOpen, setCollectionsOpen] = useState(false);
  const collections = useMenuCollections();
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const collectionsId = useId();
  const [location] = useLocation();

  // Close on navigation.
  const firstLocation = useRef(location);
  useEffect(() => {
    if (location !== firstLocation.current) {
      firstLocation.current = location;
      onClose();
    }
  }, [location, onClose]);

  // Focus in on open, back to the opener on close; lock page scroll meanwhile.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      const previousOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      closeRef.current?.focus();
      return () => {
        document.body.style.overflow = previousOverflow;
      };
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusRef.current?.focus();
    }
  }, [open, returnFocusRef]);

  return (
    <div className={`sidebar-root${open ? ' is-open' : ''}`}>
      <div className="sidebar-overlay" aria-hidden="true" onClick={onClose} />
      <aside
        ref={panelRef}
        id="sidebar"
        className="sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={(event) => onModalKeyDown(event, panelRef.current, onClose)}
      >
        <div className="sidebar__head">
          <Logo className="sidebar__brand" size={26} />
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {user && (
          <p className="sidebar__greeting">
            Signed in as <strong>{user.displayName}</strong>
          </p>
        )}
        <nav aria-label="Sidebar">
          <ul className="sidebar__list">
            <SidebarLink href="/" icon={<HomeIcon />} onNavigate={onClose}>
              Home
            </SidebarLink>
            {user && (
              <SidebarLink href="/myaccount" icon={<UserIcon />} onNavigate={onClose}>
                My Account
              </SidebarLink>
            )}
            {/* For visitors too, as the spec lists them: the guard asks them to log in first. */}
            <SidebarLink href="/mybag" icon={<BagIcon />} count={counts.bag} onNavigate={onClose}>
              My Bag
            </SidebarLink>
            <SidebarLink href="/myorders" icon={<PackageIcon />} count={counts.newOrders} onNavigate={onClose}>
              My Orders
            </SidebarLink>
            <SidebarLink href="/saved-items" icon={<HeartIcon />} count={counts.saved} onNavigate={onClose}>
              Saved Items
            </SidebarLink>
            <li>
              <button
                type="button"
                className="sidebar__item"
                aria-expanded={collectionsOpen}
                aria-controls={collectionsId}
                onClick={() => setCollectionsOpen((o) => !o)}
              >
                <GridIcon />
                <span className="sidebar__label">Collections</span>
                <ChevronDownIcon size={18} className="sidebar__chevron" />
              </button>
              <ul id={collectionsId} className="sidebar__sublist" hidden={!collectionsOpen}>
                {collections.map((c) => (
                  <li key={c.id}>
                    <Link href={collectionPath(c.id)} className="sidebar__subitem" onClick={onClose}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
            <SidebarLink href="/about" icon={<InfoIcon />} onNavigate={onClose}>
              About Us
            </SidebarLink>
            {ADMIN_LINKS.filter((link) => inMenu(user, link.href)).map(({ href, label, icon }) => (
              <SidebarLink key={href} href={href} icon={icon} onNavigate={onClose}>
                {label}
              </SidebarLink>
            ))}
          </ul>
        </nav>
        <div className="sidebar__foot">
          {user ? (
            <button
              type="button"
              className="sidebar__item"
              disabled={loggingOut}
              onClick={() => void logout().then(onClose, alertLogoutError)}
            >
              <LogOutIcon />
              <span className="sidebar__label">Log Out</span>
            </button>
          ) : (
            <ul className="sidebar__list">
              <SidebarLink href="/login" icon={<LogInIcon />} onNavigate={onClose}>
                Login
              </SidebarLink>
              <SidebarLink href="/signup" icon={<UserPlusIcon />} onNavigate={onClose}>
                Sign Up
              </SidebarLink>
            </ul>
          )}
        </div>
      </aside>
    </div>
  );
}

type SidebarLinkProps = { href: string; icon: ReactNode; count?: number; children: string; onNavigate: () => void };

function SidebarLink({ href, icon, count = 0, children, onNavigate }: SidebarLinkProps) {
  return (
    <li>
      <Link href={href} className="sidebar__item" onClick={onNavigate}>
        {icon}
        <span className="sidebar__label">{children}</span> <Badge count={count} />
      </Link>
    </li>
  );
}
