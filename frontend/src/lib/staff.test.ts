import { describe, expect, it } from 'vitest';
import { may, staffRole } from './staff';
import { adminHome, mayOpen } from './staffScreens';
import { customer, staffUser } from '@/test/utils';

describe('back-office screens by the endpoints the session gives a role (src/access.rs)', () => {
  const packer = staffUser('packer');
  const manager = staffUser('manager');
  const owner = staffUser('owner');

  it('packers see orders, the pick list, packing slips and stock only', () => {
    for (const path of [
      '/admin/orders',
      '/admin/orders/abc123',
      '/admin/orders/abc/packing-slip',
      '/admin/pick-list',
      '/admin/stock',
    ]) {
      expect(mayOpen(packer, path)).toBe(true);
    }
    for (const path of [
      '/admin/dashboard',
      '/admin/orders/new',
      '/admin/orders/abc/receipt',
      '/admin/customers',
      '/admin/customers/e.ada%40example.com',
      '/admin/delivery',
      '/admin/settings',
      '/admin/staff',
      '/admin/activity',
      '/adminmanagement',
    ]) {
      expect(mayOpen(packer, path)).toBe(false);
    }
  });

  it('managers everything but staff, settings and the activity log; owners everything', () => {
    for (const path of [
      '/admin/dashboard',
      '/admin/orders/new',
      '/admin/customers',
      '/admin/discounts',
      '/admin/orders/a/receipt',
    ]) {
      expect(mayOpen(manager, path)).toBe(true);
      expect(mayOpen(owner, path)).toBe(true);
    }
    for (const path of ['/admin/staff', '/admin/settings', '/admin/activity', '/adminmanagement']) {
      expect(mayOpen(manager, path)).toBe(false);
      expect(mayOpen(owner, path)).toBe(true);
    }
    expect(mayOpen(null, '/admin/orders')).toBe(false);
    expect(mayOpen(customer, '/admin/orders')).toBe(false);
  });

  it('offers a part of a screen only to the roles that may do it', () => {
    expect(may(packer, 'PATCH /api/admin/orders/{id}')).toBe(true);
    expect(may(packer, 'PATCH /api/admin/variants/{id}')).toBe(false);
    expect(may(packer, 'GET /api/admin/stock.csv')).toBe(false);
    expect(may(packer, 'POST /api/admin/orders/{id}/refunds')).toBe(false);
    expect(may(manager, 'POST /api/admin/orders/{id}/refunds')).toBe(true);
  });

  it('lands packers on the orders, others on the dashboard', () => {
    expect(adminHome(packer)).toBe('/admin/orders');
    expect(adminHome(manager)).toBe('/admin/dashboard');
    expect(adminHome(owner)).toBe('/admin/dashboard');
  });

  it('reads the role from the session (an admin without one is an owner)', () => {
    expect(staffRole({ admin: true, role: 'packer' })).toBe('packer');
    expect(staffRole({ admin: true, role: null })).toBe('owner');
    expect(staffRole({ admin: false, role: null })).toBeNull();
  });
});
