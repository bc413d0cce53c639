import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { guardRedirect } from './guards';
import { admin, customer, mockFetch, renderWithProviders } from '@/test/utils';
import { seedHome } from '@/test/fixtures';

describe('guardRedirect', () => {
  it('sends visitors on signed-in pages to /login with the page in ?next=', () => {
    expect(guardRedirect('user', null, '/mybag', '')).toBe('/login?next=%2Fmybag');
    expect(guardRedirect('user', null, '/myorders', 'tab=new')).toBe('/login?next=%2Fmyorders%3Ftab%3Dnew');
    // The link mailed for guest orders: a visitor (a guest too) logs in first and comes back to the claim.
    expect(guardRedirect('user', null, '/myorders', 'claim=1767225600000.ab12')).toBe(
      '/login?next=%2Fmyorders%3Fclaim%3D1767225600000.ab12',
    );
    expect(guardRedirect('user', null, '/myorders', 'claim=t', true)).toBe('/login?next=%2Fmyorders%3Fclaim%3Dt');
    expect(guardRedirect('user', customer, '/mybag', '')).toBeNull();
  });

  it('lets a visitor into My Bag when the shop takes guests, and only there', () => {
    expect(guardRedirect('bag', null, '/mybag', '', true)).toBeNull();
    expect(guardRedirect('bag', null, '/mybag', '', false)).toBe('/login?next=%2Fmybag');
    expect(guardRedirect('bag', customer, '/mybag', '', false)).toBeNull();
    expect(guardRedirect('user', null, '/myorders', '', true)).toBe('/login?next=%2Fmyorders');
  });

  it('sends non-admins on admin pages to /', () => {
    expect(guardRedirect('admin', null, '/adminmanagement', '')).toBe('/');
    expect(guardRedirect('admin', customer, '/adminmanagement', '')).toBe('/');
    expect(guardRedirect('admin', admin, '/adminmanagement', '')).toBeNull();
  });

  it('sends signed-in users away from login/signup/reset (to a safe next, or /)', () => {
    expect(guardRedirect('guest', customer, '/login', '')).toBe('/');
    expect(guardRedirect('guest', customer, '/login', 'next=%2Fmybag')).toBe('/mybag');
    expect(guardRedirect('guest', customer, '/login', 'next=%2F%2Fevil.example')).toBe('/');
    expect(guardRedirect('guest', null, '/login', '')).toBeNull();
  });
});

describe('App routes', () => {
  function renderApp(path: string, user: typeof customer | null = null) {
    mockFetch({ '/api/home': seedHome([]), '/api/collections': [], '/api/releases': [], '/api/products/featured': [] });
    return renderWithProviders(<App />, { path, session: { user } });
  }

  it('redirects a visitor from /mybag to /login?next=/mybag', async () => {
    const { currentLocation } = renderApp('/mybag');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Login — Ankara'));
    expect(currentLocation()).toBe('/login?next=%2Fmybag');
  });

  it('lets a customer into /mybag but not /adminmanagement', async () => {
    const first = renderApp('/mybag', customer);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bag' })).toBeTruthy();
    first.unmount();
    const second = renderApp('/adminmanagement', customer);
    await waitFor(() => expect(second.currentLocation()).toBe('/'));
  });

  it('lets an admin into /adminmanagement', async () => {
    renderApp('/adminmanagement', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Management' })).toBeTruthy();
  });

  it('shows "Page not found" for an unknown route', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(document.title).toBe('Page not found — Ankara');
  });

  it('renders the footer links and copyright line', async () => {
    mockFetch({
      '/api/pages': [{ slug: 'privacy', title: 'Privacy Policy' }],
      '/api/pages/privacy': {
        slug: 'privacy',
        title: 'Privacy Policy',
        description: '',
        body: 'We',
        html: '<p>We</p>',
        inFooter: true,
        updatedAt: 1,
      },
    });
    const { currentLocation } = renderWithProviders(<App />, { path: '/privacy', session: { user: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(currentLocation()).toBe('/pages/privacy');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Ankara. All rights reserved.`);
    expect(screen.getByRole('link', { name: 'Tracking' }).getAttribute('href')).toBe('/track');
    expect((await screen.findByRole('link', { name: 'Privacy Policy' })).getAttribute('href')).toBe('/pages/privacy');
    // The social links come from the server's facts (the demo's here): one the shop has not set
    // (TikTok) is not shown.
    expect(screen.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/ankara');
    expect(screen.queryByRole('link', { name: 'TikTok' })).toBeNull();
  });
});

describe('ErrorBoundary', () => {
  it('shows "Unexpected Application Error!" with the message and a way home', () => {
    const Broken = () => {
      throw new Error('Kaboom');
    };
    const silence = console.error;
    console.error = () => {};
    try {
      renderWithProviders(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
    } finally {
      console.error = silence;
    }
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Kaboom')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });
});
