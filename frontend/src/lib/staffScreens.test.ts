import { describe, expect, it } from 'vitest';
import { screenRedirect } from '@/lib/staffScreens';
import { staffUser } from '@/test/utils';

describe('screenRedirect for staff roles', () => {
  it("the back office's routes send a member of staff from a screen of another role to their home", () => {
    const packer = staffUser('packer');
    const manager = staffUser('manager');
    expect(screenRedirect(packer, '/admin/dashboard')).toBe('/admin/orders');
    expect(screenRedirect(packer, '/admin/customers')).toBe('/admin/orders');
    expect(screenRedirect(packer, '/admin/orders/abc')).toBeNull();
    expect(screenRedirect(manager, '/admin/staff')).toBe('/admin/dashboard');
    expect(screenRedirect(manager, '/admin/orders/new')).toBeNull();
    // Screens of money are for the roles that see money: a packer prints the packing slip, not the receipt.
    expect(screenRedirect(packer, '/admin/orders/abc/receipt')).toBe('/admin/orders');
    expect(screenRedirect(packer, '/admin/orders/abc/packing-slip')).toBeNull();
    expect(screenRedirect(manager, '/adminmanagement')).toBe('/admin/dashboard');
    expect(screenRedirect(manager, '/admin/settings')).toBe('/admin/dashboard');
  });

  it('sends a rider to his round from every other screen', () => {
    const rider = staffUser('rider');
    expect(screenRedirect(rider, '/admin')).toBe('/admin/deliveries');
    expect(screenRedirect(rider, '/admin/orders')).toBe('/admin/deliveries');
    expect(screenRedirect(rider, '/admin/riders')).toBe('/admin/deliveries');
    expect(screenRedirect(rider, '/admin/deliveries')).toBeNull();
    expect(screenRedirect(staffUser('packer'), '/admin/riders')).toBeNull();
    expect(screenRedirect(staffUser('packer'), '/admin/deliveries')).toBe('/admin/orders');
  });
});
