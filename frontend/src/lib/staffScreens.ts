import { may, MONEY, staffRole, type Endpoint, type Staff } from './staff';

// The back office's screens and who may open them: only the back office's own code needs this
// (a shopper's first page does not carry it); the route guard of the shop lets any admin through
// and the back office's routes (app/adminRoutes.tsx) send a role to its home from a screen it may
// not use.

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
  [/^\/admin\/riders\/?$/, 'GET /api/admin/riders'],
  [/^\/admin\/deliveries\/?$/, 'GET /api/rider/deliveries'],
  [/^\/admin\/dashboard\/?$/, 'GET /api/admin/dashboard'],
  [/^\/admin\/customers(\/[^/]+)?\/?$/, 'GET /api/admin/customers'],
  [/^\/admin\/products\/import\/?$/, 'POST /api/admin/products/import'],
  [/^\/admin\/products\/?$/, 'GET /api/admin/products'],
  [/^\/admin\/collections\/?$/, 'PUT /api/admin/collections/order'],
  [/^\/admin\/pages\/?$/, 'GET /api/admin/pages'],
  [/^\/admin\/delivery\/?$/, 'PUT /api/admin/delivery'],
  [/^\/admin\/discounts\/?$/, 'GET /api/admin/discounts'],
  [/^\/admin\/gift-cards\/?$/, 'GET /api/admin/gift-cards'],
  [/^\/admin\/reviews\/?$/, 'GET /api/admin/reviews'],
  [/^\/admin\/returns\/?$/, 'GET /api/admin/returns'],
  [/^\/admin\/messages\/?$/, 'GET /api/admin/contact-messages'],
  [/^\/admin\/updates\/?$/, 'GET /api/admin/messages'],
  [/^\/admin\/mail\/?$/, 'GET /api/admin/mail/failed'],
  [/^\/admin\/search\/?$/, 'GET /api/admin/search/synonyms'],
  [/^\/admin\/feeds\/?$/, 'GET /api/admin/feeds'],
  [/^\/admin\/staff\/?$/, 'GET /api/admin/staff'],
  [/^\/admin\/activity\/?$/, 'GET /api/admin/activity'],
  [/^\/admin\/settings\/?$/, 'GET /api/admin/settings'],
  [/^\/admin\/brand\/?$/, 'GET /api/admin/brand'],
  [/^\/admin\/home\/?$/, 'GET /api/admin/home'],
  [/^\/admin\/keys\/?$/, 'GET /api/admin/keys'],
  [/^\/admin\/counter\/day\/?$/, 'GET /api/counter/day'],
  [/^\/admin\/counter\/oversold\/?$/, 'GET /api/admin/counter/oversold'],
  [/^\/admin\/counter\/?$/, 'GET /api/counter/catalogue'],
  [/^\/admin\/labels\/?$/, 'GET /api/admin/stock'],
  [/^\/adminmanagement\/?$/, 'POST /api/admin/grant'],
];

/** Whether the signed-in member of staff may open the back-office screen at `path`. */
export function mayOpen(user: Staff, path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  // A cashier sees stock levels (GET /api/admin/stock) but does not print the shop's labels.
  if (/^\/admin\/labels\/?$/.test(bare) && staffRole(user) === 'cashier') return false;
  const found = SCREENS.find(([pattern]) => pattern.test(bare));
  return may(user, found ? found[1] : 'GET /api/admin/dashboard');
}

/**
 * Where a member of staff lands in the back office: the dashboard, the orders for a packer, the
 * counter for a cashier, or a rider's own round.
 */
export function adminHome(user: Staff): string {
  if (mayOpen(user, '/admin/dashboard')) return '/admin/dashboard';
  if (mayOpen(user, '/admin/orders')) return '/admin/orders';
  return mayOpen(user, '/admin/counter') ? '/admin/counter' : '/admin/deliveries';
}

/**
 * Whether the menu offers the screen at `path`: those the role may open, except a rider's own
 * round for anyone but riders (an owner may open it, as she may everything, but has no round).
 */
export function inMenu(user: Staff, path: string): boolean {
  if (path.startsWith('/admin/deliveries')) return staffRole(user) === 'rider';
  return mayOpen(user, path);
}

/** Where a member of staff on the back-office screen `path` is sent, or null to let them stay. */
export function screenRedirect(user: Staff, path: string): string | null {
  return mayOpen(user, path) ? null : adminHome(user);
}
