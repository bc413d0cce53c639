import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import type { SessionUser } from '@/lib/types';
import { customer, renderWithProviders, staffUser } from '@/test/utils';

const props = { open: true, onClose: () => undefined, returnFocusRef: { current: null } };

/** The back-office links of the menu, by name, for a user. */
function menuLinks(user: SessionUser): string[] {
  const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user } });
  const links = within(screen.getByRole('dialog', { name: 'Menu' }))
    .getAllByRole('link')
    .filter((a) => /^\/admin/.test(a.getAttribute('href') ?? ''))
    .map((a) => a.textContent?.trim() ?? '');
  unmount();
  return links;
}

/** An owner's back-office links, in the menu's order. */
const OWNER_LINKS = [
  'Dashboard',
  'Admin Management',
  'Orders',
  'Counter',
  'End of day',
  'Oversold at the counter',
  'Riders',
  'Returns',
  'Products',
  'Add product',
  'Manage collections',
  'Pages',
  'Stock',
  'Labels',
  'Customers',
  'Delivery',
  'Discount codes',
  'Gift cards',
  'Reviews',
  'Messages',
  'Order updates',
  'Failed mail',
  'Search words',
  'Feeds',
  'Activity log',
  'Shop identity',
  'Home page',
  'Settings',
  'Keys and addresses',
];
/** The screens only an owner may open. */
const OWNER_ONLY = ['Admin Management', 'Activity log', 'Settings', 'Keys and addresses'];

describe('the menu by role', () => {
  it('shows each role only the screens it may use', () => {
    expect(menuLinks(staffUser('packer'))).toEqual(['Orders', 'Riders', 'Returns', 'Stock', 'Labels']);
    // A cashier sells at the counter, counts her cash and sees stock levels; she prints no labels.
    expect(menuLinks(staffUser('cashier'))).toEqual(['Counter', 'End of day', 'Stock']);
    // A rider has his own round and nothing else; an owner, who may open it, has no round to show.
    expect(menuLinks(staffUser('rider'))).toEqual(['My deliveries']);
    // A manager sees every owner's link but the owner-only ones, in the same order.
    expect(menuLinks(staffUser('manager'))).toEqual(OWNER_LINKS.filter((link) => !OWNER_ONLY.includes(link)));
    // Admin Management is the staff screen: one link for it.
    expect(menuLinks(staffUser('owner'))).toEqual(OWNER_LINKS);
    expect(menuLinks(customer)).toEqual([]);
  });

  it('gives a packer the back office instead of the dashboard in the header', () => {
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />, {
      session: { user: staffUser('packer') },
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Back office' }).getAttribute('href')).toBe('/admin/orders');
  });
});
