import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards';

describe('guardRedirect for staff roles', () => {
  it('the route guard sends a member of staff from a screen of another role to their home', () => {
    const packer = { admin: true, role: 'packer' as const };
    const manager = { admin: true, role: 'manager' as const };
    expect(guardRedirect('admin', packer, '/admin/dashboard', '')).toBe('/admin/orders');
    expect(guardRedirect('admin', packer, '/admin/customers', '')).toBe('/admin/orders');
    expect(guardRedirect('admin', packer, '/admin/orders/abc', '')).toBeNull();
    expect(guardRedirect('admin', manager, '/admin/staff', '')).toBe('/admin/dashboard');
    expect(guardRedirect('admin', manager, '/admin/orders/new', '')).toBeNull();
  });
});
