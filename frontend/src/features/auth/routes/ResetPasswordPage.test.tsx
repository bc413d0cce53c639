import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function setPasswords(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  it('says Invalid or missing code without the oobCode parameter, with a way to ask again', () => {
    const fetch = mockFetch({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid or missing code' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login?mode=forgot');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the new password before sending', () => {
    const fetch = mockFetch({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?oobCode=abc' });
    setPasswords('short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long.');
    setPasswords('secret12', 'secret13');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Resetting..., then opens the sign-in page, which says the password has been reset', async () => {
    let release!: () => void;
    const fetch = mockFetch({
      'POST /api/auth/reset': () =>
        new Promise<Response>(
          (resolve) => (release = () => resolve(jsonResponse({ message: 'Password has been successfully reset.' }))),
        ),
    });
    const { currentLocation } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?oobCode=abc123' });
    setPasswords('newsecret', 'newsecret');
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ oobCode: 'abc123', password: 'newsecret' });
    await act(async () => release());
    await waitFor(() => expect(currentLocation()).toBe('/login?reset=done'));
  });

  it("shows the server's reason alone (it says what to do), not Failed to reset password. Please try again.", async () => {
    mockFetch({
      'POST /api/auth/reset': () =>
        jsonResponse(
          {
            error: 'validation',
            message: 'This reset link is invalid, expired or already used. Please request a new one.',
          },
          400,
        ),
    });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?oobCode=used' });
    setPasswords('newsecret', 'newsecret');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This reset link is invalid, expired or already used. Please request a new one.');
  });
});
