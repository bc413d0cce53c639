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

  it('keeps a cashier at the counter, its end of day and the stock', () => {
    const cashier = staffUser('cashier');
    expect(screenRedirect(cashier, '/admin')).toBe('/admin/counter');
    expect(screenRedirect(cashier, '/admin/dashboard')).toBe('/admin/counter');
    expect(screenRedirect(cashier, '/admin/orders')).toBe('/admin/counter');
    expect(screenRedirect(cashier, '/admin/counter')).toBeNull();
    expect(screenRedirect(cashier, '/admin/counter/day')).toBeNull();
    expect(screenRedirect(cashier, '/admin/stock')).toBeNull();
    expect(screenRedirect(cashier, '/admin/counter/oversold')).toBe('/admin/counter');
    expect(screenRedirect(cashier, '/admin/labels')).toBe('/admin/counter');
    expect(screenRedirect(staffUser('packer'), '/admin/labels')).toBeNull();
    expect(screenRedirect(staffUser('packer'), '/admin/counter')).toBe('/admin/orders');
    expect(screenRedirect(staffUser('manager'), '/admin/counter/oversold')).toBeNull();
  });
});
