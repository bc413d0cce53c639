import type { paths } from './api.gen';
import type { SessionUser } from './types';

/** A member of staff's role (null for customers). */
export type StaffRole = NonNullable<SessionUser['role']>;

export const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', packer: 'Packer' };

/** An endpoint as the access table (src/access.rs) and the session name it: "METHOD /api/path". */
export type Endpoint = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${keyof paths}`;

/** Who is asking: the session's user (its role and the endpoints the access table gives it). */
type Staff = Pick<SessionUser, 'admin' | 'role' | 'access'> | null | undefined;

/**
 * Whether the signed-in member of staff may call `endpoint`. The server's access table decides
 * and the session carries its answer for this role, so the screens never keep a copy of it: what a
 * role may not do is not offered.
 */
export function may(user: Staff, endpoint: Endpoint): boolean {
  return Boolean(user?.admin && user.access?.includes(endpoint));
}

/** Money on an order (prices, totals, payments, refunds, pay links, cancelling): whoever may refund. */
export const MONEY: Endpoint = 'POST /api/admin/orders/{id}/refunds';

/**
 * Each back-office screen and the endpoint it stands on: a role that may not call it does not see
 * the screen. The first pattern that matches wins; a screen not listed needs the dashboard's.
 */
const SCREENS: ReadonlyArray<[RegExp, Endpoint]> = [
  [/^\/admin\/?$/, 'GET /api/admin/orders'],
  [/^\/admin\/orders\/new\/?$/, 'POST /api/admin/orders'],
  // The receipt is money; the packing slip is not.
  [/^\/admin\/orders\/[^/]+\/receipt\/?$/, MONEY],
  [/^\/admin\/orders\/[^/]+\/packing-slip\/?$/, 'GET /api/admin/orders/{id}'],
  [/^\/admin\/orders(\/[^/]+)?\/?$/, 'GET /api/admin/orders'],
  [/^\/admin\/pick-list\/?$/, 'GET /api/admin/pick-list'],
  [/^\/admin\/stock\/?$/, 'GET /api/admin/stock'],
  [/^\/admin\/dashboard\/?$/, 'GET /api/admin/dashboard'],
  [/^\/admin\/customers(\/[^/]+)?\/?$/, 'GET /api/admin/customers'],
  [/^\/admin\/products\/import\/?$/, 'POST /api/admin/products/import'],
  [/^\/admin\/products\/?$/, 'GET /api/admin/products'],
  [/^\/admin\/delivery\/?$/, 'PUT /api/admin/delivery'],
  [/^\/admin\/discounts\/?$/, 'GET /api/admin/discounts'],
  [/^\/admin\/reviews\/?$/, 'GET /api/admin/reviews'],
  [/^\/admin\/messages\/?$/, 'GET /api/admin/contact-messages'],
  [/^\/admin\/mail\/?$/, 'GET /api/admin/mail/failed'],
  [/^\/admin\/search\/?$/, 'GET /api/admin/search/synonyms'],
  [/^\/admin\/staff\/?$/, 'GET /api/admin/staff'],
  [/^\/admin\/activity\/?$/, 'GET /api/admin/activity'],
  [/^\/admin\/settings\/?$/, 'GET /api/admin/settings'],
  [/^\/admin\/keys\/?$/, 'GET /api/admin/keys'],
  [/^\/adminmanagement\/?$/, 'POST /api/admin/grant'],
];

/**
 * The role a signed-in admin acts with. An admin session without a role (a server from before
 * roles) is an owner, as the upgrade made every admin.
 */
export function staffRole(user: Pick<SessionUser, 'admin' | 'role'> | null | undefined): StaffRole | null {
  if (!user) return null;
  return user.role ?? (user.admin ? 'owner' : null);
}

/** Whether the signed-in member of staff may open the back-office screen at `path`. */
export function mayOpen(user: Staff, path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  const found = SCREENS.find(([pattern]) => pattern.test(bare));
  return may(user, found ? found[1] : 'GET /api/admin/dashboard');
}

/** Where a member of staff lands in the back office: the dashboard, or the orders for a packer. */
export function adminHome(user: Staff): string {
  return mayOpen(user, '/admin/dashboard') ? '/admin/dashboard' : '/admin/orders';
}
