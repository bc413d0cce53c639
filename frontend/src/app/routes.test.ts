import { describe, expect, it } from 'vitest';
import { adminRoutes, findAdminRoute } from './adminRoutes';
import { ADMIN_AREA, findRoute, routes } from './routes';
import { readFileSync } from 'node:fs';
import { routePatterns } from './routePatterns';

describe('route table', () => {
  it('matches paths to their routes', () => {
    expect(findRoute('/')?.path).toBe('/');
    expect(findRoute('/collections/formal-shoes')?.path).toBe('/collections/:id');
    expect(findRoute('/product/abc-123')?.path).toBe('/product/:id');
    expect(findRoute('/product/abc/extra')).toBeUndefined();
    // Signed in, or a visitor when the shop takes guests (the guard reads the session).
    expect(findRoute('/mybag')?.access).toBe('bag');
    expect(findRoute('/login')?.access).toBe('guest');
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/myorders')?.access).toBe('user');
  });

  it('leaves the back office to its own table, behind the admin guard', () => {
    for (const path of ['/admin', '/admin/', '/adminmanagement', '/admin/orders', '/admin/orders/abc123/receipt'])
      expect(ADMIN_AREA.test(path)).toBe(true);
    for (const path of ['/', '/administrator', '/about', '/product/admin']) expect(ADMIN_AREA.test(path)).toBe(false);
    expect(findRoute('/admin/orders')).toBeUndefined();
    expect(findAdminRoute('/adminmanagement')?.access).toBe('admin');
    expect(findAdminRoute('/admin/orders')?.access).toBe('admin');
    expect(findAdminRoute('/admin/orders/abc123')?.path).toBe('/admin/orders/:id');
    expect(findAdminRoute('/admin/orders/new')?.path).toBe('/admin/orders/new');
    for (const path of [
      '/admin/stock',
      '/admin/delivery',
      '/admin/discounts',
      '/admin/dashboard',
      '/admin',
      '/admin/reviews',
    ])
      expect(findAdminRoute(path)?.access).toBe('admin');
  });

  it('code-splits every route except Home', () => {
    for (const route of [...routes, ...adminRoutes]) {
      if (route.path === '/') expect(route.preload).toBeUndefined();
      else expect(typeof route.preload).toBe('function');
    }
  });
});

describe('the route tables as the server learns them', () => {
  // The build reads the tables' source (routePatterns) into client-routes.json: the reading must
  // give exactly the patterns the tables hold, in order, or the server would 404 a page.
  it('reads every pattern of both tables from their source', () => {
    const read = (file: string) => routePatterns(readFileSync(new URL(file, import.meta.url), 'utf8'));
    expect(read('./routes.tsx')).toEqual(routes.map((route) => route.path));
    expect(read('./adminRoutes.tsx')).toEqual(adminRoutes.map((route) => route.path));
    expect(routes.map((route) => route.path)).toContain('/pay/:token');
  });
});
