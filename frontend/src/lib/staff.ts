import type { SessionUser } from './types';

/** A member of staff's role (null for customers). */
export type StaffRole = NonNullable<SessionUser['role']>;

export const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', packer: 'Packer' };

const EVERYONE: readonly StaffRole[] = ['owner', 'manager', 'packer'];
const RUNNING: readonly StaffRole[] = ['owner', 'manager'];
const OWNER: readonly StaffRole[] = ['owner'];

/**
 * Which back-office screens a role may open, the server's access table (src/access.rs) read per
 * screen: packers see orders, the pick list and stock; managers everything but staff, settings
 * and the activity log. The server refuses anyway; this only keeps dead links out of sight.
 * The first pattern that matches wins; screens not listed are for owners and managers.
 */
const SCREENS: ReadonlyArray<[RegExp, readonly StaffRole[]]> = [
  [/^\/admin\/orders\/new\/?$/, RUNNING],
  [/^\/admin\/orders(\/[^/]+)?\/?$/, EVERYONE],
  [/^\/admin\/orders\/[^/]+\/(receipt|packing-slip)\/?$/, EVERYONE],
  [/^\/admin\/pick-list\/?$/, EVERYONE],
  [/^\/admin\/stock\/?$/, EVERYONE],
  [/^\/admin\/mail\/?$/, RUNNING],
  [/^\/admin\/(staff|settings|activity)\/?$/, OWNER],
  [/^\/adminmanagement\/?$/, OWNER],
];

/**
 * The role a signed-in admin acts with. An admin session without a role (a server from before
 * roles) is an owner, as the upgrade made every admin.
 */
export function staffRole(user: Pick<SessionUser, 'admin' | 'role'> | null | undefined): StaffRole | null {
  if (!user) return null;
  return user.role ?? (user.admin ? 'owner' : null);
}

/** Whether `role` may open the back-office screen at `path`. */
export function mayOpen(role: StaffRole | null, path: string): boolean {
  if (!role) return false;
  const found = SCREENS.find(([pattern]) => pattern.test(path));
  return (found ? found[1] : RUNNING).includes(role);
}

/** Where a member of staff lands in the back office: the dashboard, or the orders for a packer. */
export function adminHome(role: StaffRole | null): string {
  return mayOpen(role, '/admin/dashboard') ? '/admin/dashboard' : '/admin/orders';
}

/** Owners and managers run the shop: prices, pay links, refunds, customers (packers pick and pack). */
export function runsTheShop(role: StaffRole | null): boolean {
  return role === 'owner' || role === 'manager';
}
