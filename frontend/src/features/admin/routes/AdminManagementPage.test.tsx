import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminManagementPage from './AdminManagementPage';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

describe('admin management', () => {
  it("grants the admin role by e-mail and shows the server's message", async () => {
    const fetchMock = mockFetch({
      'POST /api/admin/grant': (_, init) => {
        expect(JSON.parse(init?.body as string)).toEqual({ email: 'tolu@example.com' });
        return jsonResponse({ message: 'Success! tolu@example.com has been made an admin.' });
      },
    });
    renderWithProviders(<AdminManagementPage />, { session: { user: admin } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' tolu@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Success! tolu@example.com has been made an admin.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's error message, and checks the e-mail first", async () => {
    const fetchMock = mockFetch({
      'POST /api/admin/grant': () =>
        jsonResponse({ error: 'not_found', message: 'No account found with the email nobody@example.com.' }, 404),
    });
    renderWithProviders(<AdminManagementPage />, { session: { user: admin } });
    fireEvent.click(screen.getByRole('button', { name: 'Make Admin' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('No account found with the email nobody@example.com.')).toBeTruthy();
  });

  it('tells a non-admin they must be an admin', () => {
    renderWithProviders(<AdminManagementPage />, { session: { user: customer } });
    expect(screen.getByText('You must be an admin to view this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make Admin' })).toBeNull();
  });
});
