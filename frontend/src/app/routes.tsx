import { lazyRoute, patternToRegExp, type AppRoute } from './route';
import HomePage from '@/features/catalog/routes/HomePage';

/**
 * The route table (SPEC section 2). Home ships in the first bundle; every other screen is its own
 * chunk, fetched on first visit, so shoppers download only what they open. The back office's
 * screens have a table of their own (adminRoutes.tsx), itself fetched only for an admin, so a
 * shopper's first page carries neither their code nor their names.
 */
export const routes: AppRoute[] = [
  { path: '/', access: 'all', component: HomePage },
  lazyRoute('/collections/:id', 'all', () => import('@/features/catalog/routes/CollectionPage')),
  lazyRoute('/product/:id', 'all', () => import('@/features/catalog/routes/ProductPage')),
  lazyRoute('/about', 'all', () => import('@/features/content/routes/AboutPage')),
  lazyRoute('/contact', 'all', () => import('@/features/content/routes/ContactPage')),
  lazyRoute('/privacy', 'all', () => import('@/features/content/routes/PrivacyPage')),
  lazyRoute('/pages/:slug', 'all', () => import('@/features/content/routes/ShopPage')),
  lazyRoute('/search', 'all', () => import('@/features/search/routes/SearchPage')),
  lazyRoute('/signup', 'guest', () => import('@/features/auth/routes/SignupPage')),
  lazyRoute('/login', 'guest', () => import('@/features/auth/routes/LoginPage')),
  lazyRoute('/reset-password', 'guest', () => import('@/features/auth/routes/ResetPasswordPage')),
  lazyRoute('/myaccount', 'user', () => import('@/features/account/routes/AccountPage')),
  lazyRoute('/mybag', 'bag', () => import('./pages/MyBagPage')),
  lazyRoute('/myorders', 'user', () => import('@/features/orders/routes/OrdersPage')),
  lazyRoute('/track', 'all', () => import('@/features/orders/routes/TrackPage')),
  lazyRoute('/returns', 'user', () => import('@/features/orders/routes/ReturnPage')),
  lazyRoute('/unsubscribe', 'all', () => import('@/features/content/routes/UnsubscribePage')),
  lazyRoute('/alerts/confirm', 'all', () => import('@/features/catalog/routes/AlertConfirmPage')),
  lazyRoute('/confirm-email', 'all', () => import('@/features/account/routes/ConfirmEmailPage')),
  lazyRoute('/pay/:token', 'all', () => import('@/features/checkout/routes/PayLinkPage')),
  lazyRoute('/ride/:token', 'all', () => import('@/features/admin/routes/RidePage')),
  lazyRoute('/saved-items', 'user', () => import('@/features/saved/routes/SavedItemsPage')),
  lazyRoute('/join', 'all', () => import('@/features/auth/routes/JoinStaffPage')),
  lazyRoute('/setup', 'all', () => import('@/features/setup/routes/SetupPage')),
];

/** The back office's addresses (/admin, /admin/…, /adminmanagement): the admin area's. */
export const ADMIN_AREA = /^\/admin(?:management\/?|\/.*)?$/;

/** The back office's route table, fetched when an admin opens (or is about to open) one of its screens. */
export const loadAdminRoutes = () => import('./adminRoutes');

/** The route whose pattern matches `pathname`, if any. */
export function findRoute(pathname: string): AppRoute | undefined {
  return routes.find((route) => patternToRegExp(route.path).test(pathname));
}

/**
 * Starts downloading the code of the page being opened right away, alongside its data, instead
 * of when React first renders it.
 */
export function preloadRouteFor(pathname: string, isAdmin = false): void {
  if (ADMIN_AREA.test(pathname)) {
    // Admin screens are for admins only: anyone else is sent away by the guard, so never fetch them.
    if (isAdmin)
      void loadAdminRoutes()
        .then(({ findAdminRoute }) => findAdminRoute(pathname)?.preload?.())
        .catch(() => undefined);
    return;
  }
  void findRoute(pathname)
    ?.preload?.()
    .catch(() => undefined);
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
