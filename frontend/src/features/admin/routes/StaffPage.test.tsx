import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffPage, { confirmCancelInvite, confirmRemove } from './StaffPage';
import type { StaffInvite, StaffMember } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const LAST_OWNER = "This is the shop's last owner. Make someone else an owner first.";

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return { id: 'a1', name: 'Chidi Admin', email: 'ada@example.com', role: 'owner', disabled: false, ...overrides };
}

afterEach(() => vi.restoreAllMocks());

/**
 * The staff API: PATCH changes a role (refusing to demote the only owner), POST grant adds an
 * account or, for an e-mail without one, mails an invitation; DELETE ends an invitation.
 */
function server() {
  let staff: StaffMember[] = [
    member(),
    member({ id: 'p1', name: 'Tunde Packer', email: 'tunde@example.com', role: 'packer' }),
  ];
  let invites: StaffInvite[] = [];
  const fetch = mockFetch({
    '/api/admin/staff': () => jsonResponse({ staff, invites }),
    'DELETE /api/admin/staff/invites/i1': () => {
      invites = [];
      return jsonResponse({ staff, invites });
    },
    'PATCH /api/admin/staff': (_url, init) => {
      const { email, role } = JSON.parse(init!.body as string) as { email: string; role: StaffMember['role'] | null };
      const owners = staff.filter((m) => m.role === 'owner');
      if (owners.length === 1 && owners[0]!.email === email && role !== 'owner') {
        return jsonResponse({ error: 'conflict', message: LAST_OWNER }, 409);
      }
      staff = role
        ? staff.map((m) => (m.email === email ? { ...m, role } : m))
        : staff.filter((m) => m.email !== email);
      return jsonResponse({ staff, invites });
    },
    'POST /api/admin/grant': (_url, init) => {
      const { email, role } = JSON.parse(init!.body as string) as { email: string; role: StaffMember['role'] };
      if (email === 'tolu@example.com') {
        invites = [{ id: 'i1', email, role, createdAt: Date.UTC(2026, 10, 1), expiresAt: Date.UTC(2026, 10, 8) }];
        return jsonResponse({
          message: `${email} has no account yet: we e-mailed them an invitation to join as a ${role}.`,
        });
      }
      if (email === 'taken@example.com') {
        return jsonResponse(
          { error: 'conflict', message: "This is the shop's last owner. Make someone else an owner first." },
          409,
        );
      }
      staff = [...staff, member({ id: 'n1', name: 'New One', email, role })];
      return jsonResponse({ message: `Success! ${email} is now a ${role}.` });
    },
  });
  return fetch;
}

const roleOf = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name: `Role of ${name}` });

describe('Staff', () => {
  it('changes a role where it stands, and shows the refusal to demote the last owner', async () => {
    const fetch = server();
    renderWithProviders(<StaffPage />, { path: '/admin/staff', session: { user: admin } });
    await screen.findByRole('list', { name: 'Staff' });
    expect(screen.getByText('(you)', { exact: false })).toBeTruthy();
    expect(roleOf('Tunde Packer').value).toBe('packer');

    fireEvent.change(roleOf('Tunde Packer'), { target: { value: 'manager' } });
    await screen.findByText('Tunde Packer is now manager.');
    expect(roleOf('Tunde Packer').value).toBe('manager');
    const patches = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => init!.body);
    expect(patches).toEqual(['{"email":"tunde@example.com","role":"manager"}']);

    fireEvent.change(roleOf('Chidi Admin'), { target: { value: 'packer' } });
    expect((await screen.findByText(LAST_OWNER)).closest('[role="alert"]')).toBeTruthy();
    // The list is the server's: still an owner.
    expect(roleOf('Chidi Admin').value).toBe('owner');
  });

  it('takes someone off the staff after asking', async () => {
    server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<StaffPage />, { path: '/admin/staff', session: { user: admin } });
    await screen.findByRole('list', { name: 'Staff' });
    fireEvent.change(roleOf('Tunde Packer'), { target: { value: 'none' } });
    expect(confirm).toHaveBeenCalledWith(confirmRemove({ name: 'Tunde Packer', email: 'tunde@example.com' }));
    await screen.findByText('Tunde Packer is no longer on the staff.');
    expect(screen.queryByRole('combobox', { name: 'Role of Tunde Packer' })).toBeNull();
  });

  it('adds an account by e-mail with a role, saying what was granted, and shows the server’s refusal', async () => {
    const fetch = server();
    renderWithProviders(<StaffPage />, { path: '/admin/staff', session: { user: admin } });
    const form = await screen.findByRole('form', { name: 'Add a member of staff' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make Admin' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter a valid email address.');

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make Admin' }));
    await within(form).findByText(LAST_OWNER);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'bola@example.com' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'manager' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make Admin' }));
    await within(form).findByText('Success! bola@example.com is now a manager.');
    await waitFor(() => expect(roleOf('New One').value).toBe('manager'));
    const grants = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init!.body);
    expect(grants.at(-1)).toBe('{"email":"bola@example.com","role":"manager"}');
  });

  it('invites someone without an account, lists the invitation and cancels it after asking', async () => {
    server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<StaffPage />, { path: '/adminmanagement', session: { user: admin } });
    // SPEC's Admin Management is this screen.
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Management' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Add a member of staff' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'tolu@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make Admin' }));
    await within(form).findByText(
      'tolu@example.com has no account yet: we e-mailed them an invitation to join as a packer.',
    );
    const invitations = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(invitations).getByText('tolu@example.com')).toBeTruthy();
    fireEvent.click(within(invitations).getByRole('button', { name: 'Cancel invitation to tolu@example.com' }));
    expect(confirm).toHaveBeenCalledWith(confirmCancelInvite({ email: 'tolu@example.com' }));
    await screen.findByText('The invitation to tolu@example.com was cancelled.');
    expect(screen.queryByRole('list', { name: 'Invitations' })).toBeNull();
  });
});
