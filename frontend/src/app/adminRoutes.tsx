import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotFoundPage } from './NotFoundPage';
import { lazyRoute, patternToRegExp, type AppRoute } from './route';
import { useSession } from '@/lib/session';
import { screenRedirect } from '@/lib/staffScreens';

/**
 * The back office's screens (SPEC section 2), each its own chunk like the shop's (routes.tsx).
 * This table is itself fetched only when an admin opens the back office (App.tsx guards the whole
 * area first), so a shopper's first page carries none of it.
 */
export const adminRoutes: AppRoute[] = [
  lazyRoute('/admin', 'admin', () => import('@/features/admin/routes/AdminHomeRedirect')),
  lazyRoute('/admin/dashboard', 'admin', () => import('@/features/admin/routes/DashboardPage')),
  // SPEC's Admin Management is the staff screen: roles are granted in one place.
  lazyRoute('/adminmanagement', 'admin', () => import('@/features/admin/routes/StaffPage')),
  lazyRoute('/admin/messages', 'admin', () => import('@/features/admin/routes/MessagesPage')),
  lazyRoute('/admin/updates', 'admin', () => import('@/features/admin/routes/OrderUpdatesPage')),
  lazyRoute('/admin/mail', 'admin', () => import('@/features/admin/routes/FailedMailPage')),
  lazyRoute('/admin/orders', 'admin', () => import('@/features/admin/routes/AdminOrdersPage')),
  // Before /admin/orders/:id, which would take "new" for an order's id.
  lazyRoute('/admin/orders/new', 'admin', () => import('@/features/admin/routes/NewOrderPage')),
  lazyRoute('/admin/orders/:id', 'admin', () => import('@/features/admin/routes/AdminOrderPage')),
  lazyRoute('/admin/orders/:id/receipt', 'admin', () => import('@/features/admin/print/ReceiptPage')),
  lazyRoute('/admin/orders/:id/packing-slip', 'admin', () => import('@/features/admin/print/PackingSlipPage')),
  lazyRoute('/admin/orders/:id/label', 'admin', () => import('@/features/admin/print/ShippingLabelPage')),
  lazyRoute('/admin/pick-list', 'admin', () => import('@/features/admin/print/PickListPage')),
  lazyRoute('/admin/riders', 'admin', () => import('@/features/admin/routes/RidersPage')),
  lazyRoute('/admin/deliveries', 'admin', () => import('@/features/admin/routes/RoundPage')),
  lazyRoute('/admin/customers', 'admin', () => import('@/features/admin/routes/CustomersPage')),
  lazyRoute('/admin/customers/:key', 'admin', () => import('@/features/admin/routes/CustomerPage')),
  lazyRoute('/admin/staff', 'admin', () => import('@/features/admin/routes/StaffPage')),
  lazyRoute('/admin/activity', 'admin', () => import('@/features/admin/routes/ActivityPage')),
  lazyRoute('/admin/stock', 'admin', () => import('@/features/admin/routes/StockPage')),
  lazyRoute('/admin/products', 'admin', () => import('@/features/admin/routes/ProductsPage')),
  lazyRoute('/admin/products/import', 'admin', () => import('@/features/admin/routes/ImportProductsPage')),
  lazyRoute('/admin/collections', 'admin', () => import('@/features/admin/routes/CollectionsPage')),
  lazyRoute('/admin/pages', 'admin', () => import('@/features/admin/routes/PagesPage')),
  lazyRoute('/admin/delivery', 'admin', () => import('@/features/admin/routes/DeliveryPage')),
  lazyRoute('/admin/discounts', 'admin', () => import('@/features/admin/routes/DiscountsPage')),
  lazyRoute('/admin/gift-cards', 'admin', () => import('@/features/admin/routes/GiftCardsPage')),
  lazyRoute('/admin/reviews', 'admin', () => import('@/features/admin/routes/ReviewsPage')),
  lazyRoute('/admin/returns', 'admin', () => import('@/features/admin/routes/ReturnsPage')),
  lazyRoute('/admin/settings', 'admin', () => import('@/features/admin/routes/SettingsPage')),
  lazyRoute('/admin/brand', 'admin', () => import('@/features/admin/routes/BrandPage')),
  lazyRoute('/admin/home', 'admin', () => import('@/features/admin/routes/HomeEditorPage')),
  lazyRoute('/admin/search', 'admin', () => import('@/features/admin/routes/SearchWordsPage')),
  lazyRoute('/admin/feeds', 'admin', () => import('@/features/admin/routes/FeedsPage')),
  lazyRoute('/admin/keys', 'admin', () => import('@/features/admin/routes/KeysPage')),
  // The counter (issue 37): its own feature, fetched only by those who open it.
  lazyRoute('/admin/counter', 'admin', () => import('@/features/counter/CounterPage')),
  lazyRoute('/admin/counter/day', 'admin', () => import('@/features/counter/DayPage')),
  lazyRoute('/admin/counter/oversold', 'admin', () => import('@/features/counter/OversoldPage')),
  lazyRoute('/admin/labels', 'admin', () => import('@/features/counter/LabelsPage')),
];

/** The back-office route whose pattern matches `pathname`, if any. */
export function findAdminRoute(pathname: string): AppRoute | undefined {
  return adminRoutes.find((route) => patternToRegExp(route.path).test(pathname));
}

/**
 * The back office's screens, behind the admin guard App.tsx puts around the whole area; a member
 * of staff whose role may not use a screen goes to their back-office home (a packer asking for the
 * dashboard: the orders).
 */
export default function AdminRoutes() {
  const { user } = useSession();
  const [location] = useLocation();
  const to = screenRedirect(user, location);
  if (to !== null) return <Redirect to={to} replace />;
  return (
    <Switch>
      {adminRoutes.map(({ path, component: Page }) => (
        <Route key={path} path={path}>
          <Page />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
