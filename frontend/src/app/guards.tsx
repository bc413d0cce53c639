import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginPath, safeNextPath } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import type { SessionUser } from '@/lib/types';

/**
 * Who may open a route (SPEC section 2):
 * - all: everyone;
 * - guest: signed-out only (signup, login, reset) — a signed-in user goes to `next` or / (the
 *   intended reading of the spec's ambiguity);
 * - user: signed-in only — a visitor goes to /login?next=<this page>;
 * - bag: signed in, or any visitor when the shop allows guest checkout (My Bag) — otherwise as user;
 * - admin: admins only — anyone else goes to /; a member of staff whose role may not use the
 *   screen goes to their back-office home (a packer asking for the dashboard: the orders), which
 *   the back office's routes decide (screenRedirect in lib/staffScreens.ts).
 */
export type Access = 'all' | 'guest' | 'user' | 'bag' | 'admin';

/** Where a route guard sends this visitor, or null to let them through. */
export function guardRedirect(
  access: Access,
  user: Pick<SessionUser, 'admin' | 'role' | 'access'> | null,
  location: string,
  search: string,
  guestCheckout = false,
): string | null {
  switch (access) {
    case 'all':
      return null;
    case 'bag':
      if (guestCheckout) return null;
      return user ? null : loginPath(search ? `${location}?${search}` : location);
    case 'user':
      return user ? null : loginPath(search ? `${location}?${search}` : location);
    case 'admin': {
      // Which screens a role may use is the back office's own check (adminRoutes.tsx).
      return user?.admin ? null : '/';
    }
    case 'guest':
      return user ? safeNextPath(new URLSearchParams(search).get('next')) : null;
  }
}

/** Renders the route, or redirects (replacing the history entry). The session is known synchronously. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { user, guestCheckout } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  const to = guardRedirect(access, user, location, search, guestCheckout);
  if (to !== null) return <Redirect to={to} replace />;
  return <>{children}</>;
}
