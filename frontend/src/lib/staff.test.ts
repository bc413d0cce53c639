import { describe, expect, it } from 'vitest';
import { adminHome, mayOpen, runsTheShop, staffRole } from './staff';

describe('back-office screens by role (src/access.rs read per screen)', () => {
  it('packers see orders, the pick list and stock only', () => {
    for (const path of ['/admin/orders', '/admin/orders/abc123', '/admin/pick-list', '/admin/stock']) {
      expect(mayOpen('packer', path)).toBe(true);
    }
    for (const path of [
      '/admin/dashboard',
      '/admin/orders/new',
      '/admin/customers',
      '/admin/customers/e.ada%40example.com',
      '/admin/delivery',
      '/admin/settings',
      '/admin/staff',
      '/admin/activity',
      '/adminmanagement',
    ]) {
      expect(mayOpen('packer', path)).toBe(false);
    }
  });

  it('managers everything but staff, settings and the activity log; owners everything', () => {
    for (const path of ['/admin/dashboard', '/admin/orders/new', '/admin/customers', '/admin/discounts']) {
      expect(mayOpen('manager', path)).toBe(true);
      expect(mayOpen('owner', path)).toBe(true);
    }
    for (const path of ['/admin/staff', '/admin/settings', '/admin/activity', '/adminmanagement']) {
      expect(mayOpen('manager', path)).toBe(false);
      expect(mayOpen('owner', path)).toBe(true);
    }
    expect(mayOpen(null, '/admin/orders')).toBe(false);
  });

  it('lands packers on the orders, others on the dashboard', () => {
    expect(adminHome('packer')).toBe('/admin/orders');
    expect(adminHome('manager')).toBe('/admin/dashboard');
    expect(adminHome('owner')).toBe('/admin/dashboard');
  });

  it('reads the role from the session (an admin without one is an owner)', () => {
    expect(staffRole({ admin: true, role: 'packer' })).toBe('packer');
    expect(staffRole({ admin: true, role: null })).toBe('owner');
    expect(staffRole({ admin: false, role: null })).toBeNull();
    expect(runsTheShop('manager')).toBe(true);
    expect(runsTheShop('packer')).toBe(false);
  });
});
