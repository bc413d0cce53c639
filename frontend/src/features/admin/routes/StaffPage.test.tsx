import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StaffPage, { confirmRemove } from './StaffPage';
import type { StaffMember } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const LAST_OWNER = "This is the shop's last owner. Make someone else an owner first.";

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return { id: 'a1', name: 'Chidi Admin', email: 'ada@example.com', role: 'owner', disabled: false, ...overrides };
}

afterEach(() => vi.restoreAllMocks());

/** The staff API: PATCH changes a role (refusing to demote the only owner), POST grant adds one. */
function server() {
  let staff: StaffMember[] = [
    member(),
    member({ id: 'p1', name: 'Tunde Packer', email: 'tunde@example.com', role: 'packer' }),
  ];
  const fetch = mockFetch({
    '/api/admin/staff': () => jsonResponse({ staff }),
    'PATCH /api/admin/staff': (_url, init) => {
      const { email, role } = JSON.parse(init!.body as string) as { email: string; role: StaffMember['role'] | null };
      const owners = staff.filter((m) => m.role === 'owner');
      if (owners.length === 1 && owners[0]!.email === email && role !== 'owner') {
        return jsonResponse({ error: 'conflict', message: LAST_OWNER }, 409);
      }
      staff = role
        ? staff.map((m) => (m.email === email ? { ...m, role } : m))
        : staff.filter((m) => m.email !== email);
      return jsonResponse({ staff });
    },
    'POST /api/admin/grant': (_url, init) => {
      const { email, role } = JSON.parse(init!.body as string) as { email: string; role: StaffMember['role'] };
      if (email === 'nobody@example.com') {
        return jsonResponse({ error: 'not_found', message: `No account found with the email ${email}.` }, 404);
      }
      staff = [...staff, member({ id: 'n1', name: 'New One', email, role })];
      return jsonResponse({ message: `Success! ${email} has been made an admin.` });
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

  it('adds an account by e-mail with a role, and shows the server’s refusal', async () => {
    const fetch = server();
    renderWithProviders(<StaffPage />, { path: '/admin/staff', session: { user: admin } });
    const form = await screen.findByRole('form', { name: 'Add a member of staff' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to staff' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter a valid email address.');

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to staff' }));
    await within(form).findByText('No account found with the email nobody@example.com.');

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'bola@example.com' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'manager' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to staff' }));
    await within(form).findByText('Success! bola@example.com has been made an admin.');
    await waitFor(() => expect(roleOf('New One').value).toBe('manager'));
    const grants = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init!.body);
    expect(grants.at(-1)).toBe('{"email":"bola@example.com","role":"manager"}');
  });
});
