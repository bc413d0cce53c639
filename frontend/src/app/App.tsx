import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './ErrorBoundary';
import { Guard } from './guards';
import { ADMIN_AREA, loadAdminRoutes, routes } from './routes';
import { SessionKeeper } from './SessionKeeper';
import { Layout } from '@/components/Layout';
import { ProductSkeleton } from '@/features/catalog/components/ProductSkeleton';
import { PageSpinner } from '@/components/Spinner';

/** The not-found page, in a chunk of its own: not part of every first page's JavaScript. */
const NotFoundPage = lazy(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

/** The back office's own route table (fetched only for an admin). */
const AdminRoutes = lazy(loadAdminRoutes);

export function AppRoutes() {
  return (
    <Switch>
      <Route path={ADMIN_AREA}>
        <Guard access="admin">
          <AdminRoutes />
        </Guard>
      </Route>
      {routes.map(({ path, access, component: Page }) => (
        <Route key={path} path={path}>
          <Guard access={access}>
            <Page />
          </Guard>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** While a page's code loads: the product page's skeleton for a product, a spinner elsewhere. */
function RouteFallback({ path }: { path: string }) {
  return path.startsWith('/product/') ? <ProductSkeleton /> : <PageSpinner />;
}

/**
 * The app shell. Two error boundaries: the inner one keeps the header and footer around a broken
 * page and resets when the visitor navigates away; the outer one catches a broken frame.
 */
export function App() {
  const [location] = useLocation();
  return (
    <ErrorBoundary>
      <SessionKeeper />
      <Layout>
        <ErrorBoundary key={location}>
          <Suspense fallback={<RouteFallback path={location} />}>
            <AppRoutes />
          </Suspense>
        </ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
}
