import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import JoinStaffPage, { NAME_REQUIRED } from './JoinStaffPage';
import { INVITE_ENDED } from '../api/join-staff';
import { jsonResponse, mockFetch, renderWithProviders, sessionOf, staffUser } from '@/test/utils';

const TOKEN = 'T'.repeat(32);

describe('joining the staff from an invitation', () => {
  it('asks for a name and a password only (no photo), then signs in to the back office', async () => {
    const packer = staffUser('packer', { email: 'tolu@example.com', displayName: 'Tolu Ade' });
    const fetch = mockFetch({
      '/api/auth/invite': { email: 'tolu@example.com', role: 'packer', expiresAt: Date.now() + 86_400_000 },
      'POST /api/auth/invite': () => jsonResponse(sessionOf(packer)),
    });
    const { currentLocation } = renderWithProviders(<JoinStaffPage />, { path: `/join?token=${TOKEN}` });
    expect(
      await screen.findByText(
        'You are invited to join as packer with tolu@example.com. Choose your name and a password.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/photo|picture|image/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the staff' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NAME_REQUIRED);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Tolu Ade ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the staff' }));
    // Signed in, to the back office's home for the role.
    await waitFor(() => expect(currentLocation()).toBe('/admin/orders'));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(sent![1]!.body as string)).toEqual({
      token: TOKEN,
      displayName: 'Tolu Ade',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });

  it('says an invitation that ended cannot be used', async () => {
    mockFetch({
      '/api/auth/invite': () => jsonResponse({ error: 'not_found', message: INVITE_ENDED }, 404),
    });
    renderWithProviders(<JoinStaffPage />, { path: `/join?token=${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(INVITE_ENDED);
  });
});
