import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards';
import { staffUser } from '@/test/utils';

describe('guardRedirect for staff roles', () => {
  it('the route guard sends a member of staff from a screen of another role to their home', () => {
    const packer = staffUser('packer');
    const manager = staffUser('manager');
    expect(guardRedirect('admin', packer, '/admin/dashboard', '')).toBe('/admin/orders');
    expect(guardRedirect('admin', packer, '/admin/customers', '')).toBe('/admin/orders');
    expect(guardRedirect('admin', packer, '/admin/orders/abc', '')).toBeNull();
    expect(guardRedirect('admin', manager, '/admin/staff', '')).toBe('/admin/dashboard');
    expect(guardRedirect('admin', manager, '/admin/orders/new', '')).toBeNull();
    // Screens of money are for the roles that see money: a packer prints the packing slip, not the receipt.
    expect(guardRedirect('admin', packer, '/admin/orders/abc/receipt', '')).toBe('/admin/orders');
    expect(guardRedirect('admin', packer, '/admin/orders/abc/packing-slip', '')).toBeNull();
    expect(guardRedirect('admin', manager, '/adminmanagement', '')).toBe('/admin/dashboard');
    expect(guardRedirect('admin', manager, '/admin/settings', '')).toBe('/admin/dashboard');
  });
});
