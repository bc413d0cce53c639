import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginPage from './LoginPage';
import { loginErrorMessage } from '../api/login';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Session } from '@/lib/types';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const session: Session = {
  user: customer,
  expiresAt: Date.now() + 3_600_000,
  counts: { bag: 2, saved: 1, newOrders: 0 },
  guestCheckout: false,
  guest: false,
};

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage sign in', () => {
  it('requires both fields (trimmed) and sends nothing until then', () => {
    const fetch = mockFetch({});
    renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('   ', 'secret1');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    signIn('ada@example.com', '   ');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Signing in... while pending, then signs in and follows ?next=', async () => {
    let release!: () => void;
    const fetch = mockFetch({
      'POST /api/auth/login': () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(session)))),
    });
    const { currentLocation, queryClient } = renderWithProviders(<LoginPage />, { path: '/login?next=%2Fmybag' });
    signIn('  ada@example.com ', ' secret1 ');
    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect((init!.headers as Record<string, string>)['X-Requested-With']).toBe('ankara');
    await act(async () => release());
    await waitFor(() => expect(currentLocation()).toBe('/mybag'));
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.counts?.bag).toBe(2);
  });

  it('says the password has been reset when a reset sent the shopper here', () => {
    mockFetch({});
    renderWithProviders(<LoginPage />, { path: '/login?reset=done' });
    expect(screen.getByRole('status').textContent).toBe('Password has been successfully reset.');
  });

  it('never follows a next that leaves the site', async () => {
    mockFetch({ 'POST /api/auth/login': session });
    const { currentLocation } = renderWithProviders(<LoginPage />, { path: '/login?next=%2F%2Fevil.example' });
    signIn('ada@example.com', 'secret1');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('takes an admin to the dashboard when there is no next, and a customer home', async () => {
    mockFetch({ 'POST /api/auth/login': { ...session, user: admin } });
    const { currentLocation, unmount } = renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('chidi@example.com', 'secret1');
    await waitFor(() => expect(currentLocation()).toBe('/admin/dashboard'));
    unmount();

    mockFetch({ 'POST /api/auth/login': session });
    const shopper = renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('ada@example.com', 'secret1');
    await waitFor(() => expect(shopper.currentLocation()).toBe('/'));
  });

  it('takes an admin back to next like anyone else', async () => {
    mockFetch({ 'POST /api/auth/login': { ...session, user: admin } });
    const { currentLocation } = renderWithProviders(<LoginPage />, { path: '/login?next=%2Fmybag' });
    signIn('chidi@example.com', 'secret1');
    await waitFor(() => expect(currentLocation()).toBe('/mybag'));
  });

  it("shows the server's catalogue message in the error box, and does not sign out on that 401", async () => {
    mockFetch({
      'POST /api/auth/login': () => jsonResponse({ error: 'login_failed', message: 'Incorrect password.' }, 401),
    });
    const { currentLocation } = renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('ada@example.com', 'wrong-one');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password.');
    expect(currentLocation()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('reads a failed request as Failed to login. Please check your credentials.', async () => {
    mockFetch({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('ada@example.com', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to login. Please check your credentials.');
  });

  it('clears the error box once a field changes, so it is shown for the attempt it is about', async () => {
    mockFetch({
      'POST /api/auth/login': () => jsonResponse({ error: 'login_failed', message: 'Incorrect password.' }, 401),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    signIn('ada@example.com', 'wrong-one');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-on' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    // A missing field's message goes when that field is typed in, not another.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Create an account" keeps where the shopper was going', () => {
    mockFetch({});
    const { unmount } = renderWithProviders(<LoginPage />, { path: '/login?next=%2Fmybag' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup?next=%2Fmybag');
    // The shop's own name (the demo's here), from the page's facts.
    expect(screen.getByText(/New to Ankara\?/)).toBeTruthy();
    unmount();
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('maps errors to the catalogue', () => {
    expect(loginErrorMessage(new ApiError(401, 'login_failed', 'No account found with this email.'))).toBe(
      'No account found with this email.',
    );
    expect(
      loginErrorMessage(
        new ApiError(429, 'too_many_requests', 'Too many failed login attempts. Please try again later.'),
      ),
    ).toBe('Too many failed login attempts. Please try again later.');
    expect(loginErrorMessage(new ApiError(500, 'internal', 'Internal error'))).toBe(
      'Failed to login. Please check your credentials.',
    );
    expect(loginErrorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('LoginPage forgot-password mode', () => {
  it('needs only the e-mail, shows Sending link..., then the confirmation; and goes back to sign in', async () => {
    let release!: () => void;
    const fetch = mockFetch({
      'POST /api/auth/forgot': () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ message: 'sent' })))),
    });
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending link...' })).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ email: 'ada@example.com' });
    await act(async () => release());
    expect((await screen.findByRole('status')).textContent).toBe('Password reset link has been sent to your email.');

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('says Failed to send password reset link. Please try again. on failure', async () => {
    mockFetch({ 'POST /api/auth/forgot': () => jsonResponse({ error: 'upstream', message: 'mail down' }, 502) });
    renderWithProviders(<LoginPage />, { path: '/login?mode=forgot' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to send password reset link. Please try again.',
    );
  });
});
