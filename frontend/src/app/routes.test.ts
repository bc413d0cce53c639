import { describe, expect, it } from 'vitest';
import { findRoute, routes } from './routes';

describe('route table', () => {
  it('matches paths to their routes', () => {
    expect(findRoute('/')?.path).toBe('/');
    expect(findRoute('/collections/formal-shoes')?.path).toBe('/collections/:id');
    expect(findRoute('/product/abc-123')?.path).toBe('/product/:id');
    expect(findRoute('/product/abc/extra')).toBeUndefined();
    // Signed in, or a visitor when the shop takes guests (the guard reads the session).
    expect(findRoute('/mybag')?.access).toBe('bag');
    expect(findRoute('/adminmanagement')?.access).toBe('admin');
    expect(findRoute('/login')?.access).toBe('guest');
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/myorders')?.access).toBe('user');
    expect(findRoute('/admin/orders')?.access).toBe('admin');
    expect(findRoute('/admin/orders/abc123')?.path).toBe('/admin/orders/:id');
    expect(findRoute('/admin/orders/abc123')?.access).toBe('admin');
    expect(findRoute('/admin/stock')?.access).toBe('admin');
    expect(findRoute('/admin/delivery')?.access).toBe('admin');
    expect(findRoute('/admin/discounts')?.access).toBe('admin');
    expect(findRoute('/admin/dashboard')?.access).toBe('admin');
    expect(findRoute('/admin')?.access).toBe('admin');
    expect(findRoute('/admin/reviews')?.access).toBe('admin');
  });

  it('code-splits every route except Home', () => {
    for (const route of routes) {
      if (route.path === '/') expect(route.preload).toBeUndefined();
      else expect(typeof route.preload).toBe('function');
    }
  });
});
