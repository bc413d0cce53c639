import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { greetingFor } from '../greeting';
import { ProfileForm } from '../components/ProfileForm';
import { StoreCredit } from '../components/StoreCredit';
import { Avatar } from '@/components/Avatar';
import { Badge } from '@/components/Badge';
import { BagIcon, ChevronRightIcon, HeartIcon, LogOutIcon } from '@/components/icons';
import { PackageIcon } from '@/components/moreIcons';
import { formatDate } from '@/lib/money';
import { useLogout, useSession, useSessionCounts } from '@/lib/session';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './AccountPage.css';

/**
 * /myaccount (signed-in only): a greeting by the time of day, the profile in view or edit mode,
 * shortcuts to the bag, orders and saved items, and Log Out (hidden while editing).
 */
export default function AccountPage() {
  useDocumentTitle('My Account');
  const { user } = useSession();
  const counts = useSessionCounts();
  const [editing, setEditing] = useState(false);
  const { logout, isPending: loggingOut } = useLogout();
  const [logoutError, setLogoutError] = useState<string | null>(null);

  // The guard keeps visitors out; this covers the moment the session ends while the page is open.
  if (!user) return null;
  const greeting = `${greetingFor(new Date().getHours())}, ${user.displayName}`;

  const onLogout = () => {
    setLogoutError(null);
    logout().catch((e: unknown) => setLogoutError(e instanceof Error ? e.message : 'Could not log out.'));
  };

  return (
    <div className="container page account">
      <header className="page-header account__header">
        <span className="eyebrow">My Account</span>
        <h1>{greeting}</h1>
      </header>

      <div className="account__layout">
        <section className="account__card" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="account__card-title caps">
            {editing ? 'Edit profile' : 'Profile'}
          </h2>
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
          ) : (
            <>
              <div className="account__identity">
                <Avatar photo={user.photoURL} name={user.displayName} size={96} />
                <div>
                  <p className="account__name">{user.displayName}</p>
                  {user.createdAt > 0 && <p className="account__since">Member since {formatDate(user.createdAt)}</p>}
                </div>
              </div>
              <dl className="account__details">
                <div>
                  <dt>Email</dt>
                  <dd>{user.email}</dd>
                </div>
                <div>
                  <dt>Phone</dt>
                  <dd className={user.phoneNumber ? undefined : 'muted'}>{user.phoneNumber || 'Not provided'}</dd>
                </div>
              </dl>
              {logoutError && (
                <p className="alert alert--error" role="alert">
                  {logoutError}
                </p>
              )}
              <div className="account__buttons">
                <button type="button" className="btn btn--dark" onClick={() => setEditing(true)}>
                  Edit Profile
                </button>
                <button type="button" className="btn btn--outline" onClick={onLogout} disabled={loggingOut}>
                  <LogOutIcon size={18} />
                  Log Out
                </button>
              </div>
            </>
          )}
        </section>

        <nav className="account__shortcuts" aria-label="Shortcuts">
          <ShortcutLink href="/mybag" label="My Bag" hint="Items waiting for checkout" count={counts.bag}>
            <BagIcon />
          </ShortcutLink>
          <ShortcutLink href="/myorders" label="My Orders" hint="Track and review your orders" count={counts.newOrders}>
            <PackageIcon />
          </ShortcutLink>
          <ShortcutLink href="/saved-items" label="Saved Items" hint="Pieces you saved for later" count={counts.saved}>
            <HeartIcon />
          </ShortcutLink>
        </nav>
        <StoreCredit />
      </div>
    </div>
  );
}

/** `children`: the shortcut's icon. */
type ShortcutLinkProps = { href: string; label: string; hint: string; count: number; children: ReactNode };

function ShortcutLink({ href, label, hint, count, children: icon }: ShortcutLinkProps) {
  return (
    <Link href={href} className="account__shortcut">
      <span className="account__shortcut-icon">
        {icon}
        <Badge count={count} decorative />
      </span>
      <span className="account__shortcut-text">
        <span className="account__shortcut-label">
          {label}
          {count > 0 && (
            <>
              {' '}
              <span className="visually-hidden">({count})</span>
            </>
          )}
        </span>{' '}
        <span className="account__shortcut-hint">{hint}</span>
      </span>
      <ChevronRightIcon size={20} className="account__shortcut-chevron" />
    </Link>
  );
}
