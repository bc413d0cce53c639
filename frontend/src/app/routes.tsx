import { lazy, type ComponentType } from 'react';
import type { Access } from './guards';
import HomePage from '@/features/catalog/routes/HomePage';

type PageModule = { default: ComponentType };

export type AppRoute = {
  path: string;
  access: Access;
  component: ComponentType;
  /** Starts downloading a lazy route's code ahead of a visit. */
  preload?: () => Promise<PageModule>;
};

function lazyRoute(path: string, access: Access, load: () => Promise<PageModule>): AppRoute {
  return { path, access, component: lazy(load), preload: load };
}

/**
 * The route table (SPEC section 2). Home ships in the first bundle; every other screen is its own
 * chunk, fetched on first visit, so shoppers download only what they open. Admin screens stay
 * lazy so shoppers never download them.
 */
export const routes: AppRoute[] = [
  { path: '/', access: 'all', component: HomePage },
  lazyRoute('/collections/:id', 'all', () => import('@/features/catalog/routes/CollectionPage')),
  lazyRoute('/product/:id', 'all', () => import('@/features/catalog/routes/ProductPage')),
  lazyRoute('/about', 'all', () => import('@/features/content/routes/AboutPage')),
  lazyRoute('/contact', 'all', () => import('@/features/content/routes/ContactPage')),
  lazyRoute('/privacy', 'all', () => import('@/features/content/routes/PrivacyPage')),
  lazyRoute('/search', 'all', () => import('@/features/search/routes/SearchPage')),
  lazyRoute('/signup', 'guest', () => import('@/features/auth/routes/SignupPage')),
  lazyRoute('/login', 'guest', () => import('@/features/auth/routes/LoginPage')),
  lazyRoute('/reset-password', 'guest', () => import('@/features/auth/routes/ResetPasswordPage')),
  lazyRoute('/myaccount', 'user', () => import('@/features/account/routes/AccountPage')),
  lazyRoute('/mybag', 'bag', () => import('./pages/MyBagPage')),
  lazyRoute('/myorders', 'user', () => import('@/features/orders/routes/OrdersPage')),
  lazyRoute('/track', 'all', () => import('@/features/orders/routes/TrackPage')),
  lazyRoute('/unsubscribe', 'all', () => import('@/features/content/routes/UnsubscribePage')),
  lazyRoute('/alerts/confirm', 'all', () => import('@/features/catalog/routes/AlertConfirmPage')),
  lazyRoute('/pay/:token', 'all', () => import('@/features/checkout/routes/PayLinkPage')),
  lazyRoute('/saved-items', 'user', () => import('@/features/saved/routes/SavedItemsPage')),
  lazyRoute('/admin', 'admin', () => import('@/features/admin/routes/AdminHomeRedirect')),
  lazyRoute('/admin/dashboard', 'admin', () => import('@/features/admin/routes/DashboardPage')),
  // SPEC's Admin Management is the staff screen: roles are granted in one place.
  lazyRoute('/adminmanagement', 'admin', () => import('@/features/admin/routes/StaffPage')),
  lazyRoute('/admin/messages', 'admin', () => import('@/features/admin/routes/MessagesPage')),
  lazyRoute('/admin/mail', 'admin', () => import('@/features/admin/routes/FailedMailPage')),
  lazyRoute('/admin/orders', 'admin', () => import('@/features/admin/routes/AdminOrdersPage')),
  // Before /admin/orders/:id, which would take "new" for an order's id.
  lazyRoute('/admin/orders/new', 'admin', () => import('@/features/admin/routes/NewOrderPage')),
  lazyRoute('/admin/orders/:id', 'admin', () => import('@/features/admin/routes/AdminOrderPage')),
  lazyRoute('/admin/orders/:id/receipt', 'admin', () => import('@/features/admin/print/ReceiptPage')),
  lazyRoute('/admin/orders/:id/packing-slip', 'admin', () => import('@/features/admin/print/PackingSlipPage')),
  lazyRoute('/admin/pick-list', 'admin', () => import('@/features/admin/print/PickListPage')),
  lazyRoute('/admin/customers', 'admin', () => import('@/features/admin/routes/CustomersPage')),
  lazyRoute('/admin/customers/:key', 'admin', () => import('@/features/admin/routes/CustomerPage')),
  lazyRoute('/admin/staff', 'admin', () => import('@/features/admin/routes/StaffPage')),
  lazyRoute('/admin/activity', 'admin', () => import('@/features/admin/routes/ActivityPage')),
  lazyRoute('/admin/stock', 'admin', () => import('@/features/admin/routes/StockPage')),
  lazyRoute('/admin/products', 'admin', () => import('@/features/admin/routes/ProductsPage')),
  lazyRoute('/admin/products/import', 'admin', () => import('@/features/admin/routes/ImportProductsPage')),
  lazyRoute('/admin/delivery', 'admin', () => import('@/features/admin/routes/DeliveryPage')),
  lazyRoute('/admin/discounts', 'admin', () => import('@/features/admin/routes/DiscountsPage')),
  lazyRoute('/admin/reviews', 'admin', () => import('@/features/admin/routes/ReviewsPage')),
  lazyRoute('/admin/settings', 'admin', () => import('@/features/admin/routes/SettingsPage')),
  lazyRoute('/join', 'all', () => import('@/features/auth/routes/JoinStaffPage')),
  lazyRoute('/setup', 'all', () => import('@/features/setup/routes/SetupPage')),
  lazyRoute('/admin/keys', 'admin', () => import('@/features/admin/routes/KeysPage')),
  lazyRoute('/admin/search', 'admin', () => import('@/features/admin/routes/SearchWordsPage')),
];

function patternToRegExp(path: string): RegExp {
  const body = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${body}/?$`);
}

/** The route whose pattern matches `pathname`, if any. */
export function findRoute(pathname: string): AppRoute | undefined {
  return routes.find((route) => patternToRegExp(route.path).test(pathname));
}

/**
 * Starts downloading the code of the page being opened right away, alongside its data, instead
 * of when React first renders it.
 */
export function preloadRouteFor(pathname: string, isAdmin = false): void {
  const route = findRoute(pathname);
  // Admin screens are for admins only: anyone else is sent away by the guard, so never fetch them.
  if (route?.access === 'admin' && !isAdmin) return;
  void route?.preload?.().catch(() => undefined);
}

/** The screens a shopper most likely opens next from the home page. */
export function preloadLikelyRoutes(): void {
  for (const path of ['/collections/:id', '/product/:id']) {
    void routes
      .find((r) => r.path === path)
      ?.preload?.()
      .catch(() => undefined);
  }
}
