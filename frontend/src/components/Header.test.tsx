import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { embedShop } from '@/test/shop';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const ref = { current: null };

describe('Header', () => {
  it('lists the six fixed collections in the Collections dropdown, without a fetch', () => {
    const fetch = mockFetch({});
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />);
    const button = screen.getByRole('button', { name: 'Collections' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Formal Shoes', '/collections/formal-shoes'],
      ['Formal Trouser', '/collections/formal-trousers'],
      ['Corporate Shirts', '/collections/corporate-shirts'],
      ['Wristwatches', '/collections/wristwatches'],
      ['Suits', '/collections/suits'],
      ['Sneakers', '/collections/sneakers'],
    ]);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the merchant's collections in her order, hidden ones left out by the server", () => {
    embedShop({
      collections: [
        { id: 'adire-dresses', name: 'Ankara Gowns' },
        { id: 'bags', name: 'Bags' },
      ],
    });
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />);
    const button = screen.getByRole('button', { name: 'Collections' });
    fireEvent.click(button);
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/collections/adire-dresses', '/collections/bags']);
  });

  it('opens the More menu from the keyboard and moves through it with the arrow keys', async () => {
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />);
    const more = screen.getByRole('button', { name: 'More' });
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const about = screen.getByRole('link', { name: 'About Us' });
    await waitFor(() => expect(document.activeElement).toBe(about));
    fireEvent.keyDown(about, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Contact Us' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(about);
    expect(about.getAttribute('href')).toBe('/about');
    fireEvent.keyDown(about, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it('offers Login and Sign Up to a visitor, and hides zero badges', () => {
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByText('Log Out')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Bag' }).getAttribute('href')).toBe('/mybag');
    expect(document.querySelector('.badge')).toBeNull();
  });

  it('offers My Account and Log Out when signed in, with count badges', () => {
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />, {
      session: { user: customer, counts: { bag: 3, saved: 2, newOrders: 1 } },
    });
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/myaccount');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    // Named by its content: the name contains the visible count (axe label-content-name-mismatch).
    const bag = screen.getByRole('link', { name: 'My Bag (3)' });
    expect(bag.getAttribute('aria-label')).toBeNull();
    expect(bag.querySelector('.badge [aria-hidden="true"]')!.textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Saved Items (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders (1)' })).toBeTruthy();
  });
});

describe('a guest (guest checkout on)', () => {
  it('counts their bag, and no new orders: a visitor has no My Orders to open', () => {
    renderWithProviders(
      <>
        <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />
        <Sidebar open onClose={() => {}} returnFocusRef={ref} />
      </>,
      { session: { user: null, guestCheckout: true, guest: true, counts: { bag: 2, saved: 0, newOrders: 1 } } },
    );
    expect(screen.getAllByRole('link', { name: 'My Bag (2)' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'My Orders' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'My Orders (1)' })).toBeNull();
    expect(document.querySelector('.site-header__menu-dot')).toBeNull();
  });
});

describe('Log Out', () => {
  const signedOut = { user: null, expiresAt: null, counts: { bag: 0, saved: 0, newOrders: 0 } };

  it('from the header menu: POST /api/auth/logout, then the header shows Login at once and the page is /', async () => {
    const fetch = mockFetch({ 'POST /api/auth/logout': signedOut });
    const { currentLocation } = renderWithProviders(
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />,
      {
        path: '/myaccount',
        session: { user: customer, counts: { bag: 3, saved: 2, newOrders: 1 } },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Bag' })).toBeTruthy();
  });

  it('from the sidebar; a failure shows the error message', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'POST /api/auth/logout': () => jsonResponse({ error: 'internal', message: 'Logout failed.' }, 500) });
    renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={ref} />, { session: { user: customer } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Logout failed.'));
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });
});

describe('Sidebar', () => {
  it('shows a visitor Home, My Bag, My Orders, Saved Items, Collections, About Us, Login and Sign Up', () => {
    renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={ref} />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const names = within(dialog)
      .getAllByRole('link')
      .map((a) => a.textContent.trim());
    // The spec's sidebar lists My Bag, My Orders and Saved Items for everyone (the guard asks to log in).
    expect(names).toEqual(['Home', 'My Bag', 'My Orders', 'Saved Items', 'About Us', 'Login', 'Sign Up']);
    expect(within(dialog).queryByRole('link', { name: 'My Account' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collections' }));
    expect(within(dialog).getAllByRole('link')).toHaveLength(13);
  });

  it('shows a customer their pages and Log Out, and an admin Admin Management', () => {
    const { unmount } = renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={ref} />, {
      session: { user: customer, counts: { bag: 2, saved: 0, newOrders: 0 } },
    });
    let dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'My Bag (2)' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'My Orders' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Saved Items' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Admin Management' })).toBeNull();
    unmount();

    renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={ref} />, { session: { user: admin } });
    dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Admin Management' }).getAttribute('href')).toBe(
      '/adminmanagement',
    );
  });

  it('closes on Escape and traps Tab inside', () => {
    let closed = 0;
    renderWithProviders(<Sidebar open onClose={() => closed++} returnFocusRef={ref} />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Sign Up' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed).toBe(1);
  });
});
