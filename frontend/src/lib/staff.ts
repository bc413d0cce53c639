import type { paths } from './api.gen';
import type { SessionUser } from './types';

/** A member of staff's role (null for customers). */
export type StaffRole = NonNullable<SessionUser['role']>;

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  packer: 'Packer',
  rider: 'Rider',
  cashier: 'Cashier',
};

/** An endpoint as the access table (src/access.rs) and the session name it: "METHOD /api/path". */
export type Endpoint = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${keyof paths}`;

/** Who is asking: the session's user (its role and the endpoints the access table gives it). */
export type Staff = Pick<SessionUser, 'admin' | 'role' | 'access'> | null | undefined;

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
 * The role a signed-in admin acts with. An admin session without a role (a server from before
 * roles) is an owner, as the upgrade made every admin.
 */
export function staffRole(user: Pick<SessionUser, 'admin' | 'role'> | null | undefined): StaffRole | null {
  if (!user) return null;
  return user.role ?? (user.admin ? 'owner' : null);
}
