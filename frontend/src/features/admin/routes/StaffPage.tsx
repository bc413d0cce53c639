import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  useAddStaff,
  useCancelInvite,
  useChangeRole,
  useStaff,
  type StaffInvite,
  type StaffMember,
} from '../api/staff';
import { AdminPanel, FormNotice, type Notice } from '../components/AdminPanel';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { Field } from '@/components/TextField';
import { Select } from '@/components/forms/Select';
import { failureMessage } from '@/lib/api';
import { EMAIL_PATTERN } from '@/lib/forms';
import { formatDate } from '@/lib/money';
import { useSession } from '@/lib/session';
import { ROLE_LABELS, type StaffRole } from '@/lib/staff';
import { useInFlight } from '@/lib/useInFlight';
import '../admin.css';
import './AdminOrders.css';
import './StaffPage.css';
import { EmailField } from '@/components/forms/PresetFields';

export const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Everything, including staff, settings and the activity log.',
  manager: 'Runs the shop: catalogue, stock, orders, refunds, customers, dashboard.',
  packer: 'Orders, the pick list and stock: packs and ships, sees no revenue or customers.',
  rider: 'Only his own deliveries, on his phone: the address, the amount to collect, and the customer’s code.',
  cashier:
    'The counter in the shop: sells, prints receipts and counts her own cash; sees stock, no revenue or customers.',
};
const ROLES: StaffRole[] = ['owner', 'manager', 'packer', 'rider', 'cashier'];
/** The select's value for "take off the staff". */
const NOT_STAFF = 'none';
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const ROLE_CHANGE_FAILED = 'The role could not be changed. Please try again.';
export const CANCEL_INVITE_FAILED = 'The invitation could not be cancelled. Please try again.';
export const ADD_FAILED = 'The account could not be added. Please try again.';
export const INVALID_EMAIL = 'Please enter a valid email address.';

export function confirmRemove(member: Pick<StaffMember, 'name' | 'email'>): string {
  return `Take ${member.name || member.email} off the staff? They keep their customer account.`;
}

export function confirmCancelInvite(invite: Pick<StaffInvite, 'email'>): string {
  return `Cancel the invitation to ${invite.email}? Its link stops working.`;
}

export function roleChanged(member: Pick<StaffMember, 'name' | 'email'>, role: StaffRole | null): string {
  const who = member.name || member.email;
  return role ? `${who} is now ${ROLE_LABELS[role].toLowerCase()}.` : `${who} is no longer on the staff.`;
}

/**
 * /admin/staff, and SPEC's /adminmanagement (owners only): the one place roles are granted.
 * Everyone with a role, each role changed where it stands (or taken away); someone added by
 * e-mail with a role — an account gets it at once, anyone else an e-mailed invitation to set a
 * name and password; and the invitations not yet used, each cancellable. The server keeps the
 * last owner an owner; its refusal shows as it is.
 */
export default function StaffPage() {
  const staffQuery = useStaff();
  const data = staffQuery.data;
  const change = useChangeRole();
  const latch = useInFlight();
  const { user } = useSession();
  const [location] = useLocation();
  const [notice, setNotice] = useState<Notice>(null);

  const setRole = (member: StaffMember, value: string) => {
    const role = value === NOT_STAFF ? null : (value as StaffRole);
    if (role === member.role || !latch.begin()) return;
    if (role === null && !window.confirm(confirmRemove(member))) {
      latch.end();
      return;
    }
    setNotice(null);
    change.mutate(
      { email: member.email, role },
      {
        onSuccess: () => setNotice({ tone: 'success', text: roleChanged(member, role) }),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ROLE_CHANGE_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <PageShell title={location.startsWith('/adminmanagement') ? 'Admin Management' : 'Staff'} eyebrow="Admin">
      <PageBar state="Who works in the back office, and what each role may do. A change works from their next click." />
      <dl className="staff-roles">
        {ROLES.map((role) => (
          <div key={role}>
            <dt>{ROLE_LABELS[role]}</dt>
            <dd>{ROLE_HINTS[role]}</dd>
          </div>
        ))}
      </dl>

      <FormNotice notice={notice} />
      <Loaded query={staffQuery} loading="Loading the staff…">
        {(list) => (
          <ul className="admin-stack staff-list" aria-label="Staff" aria-busy={change.isPending}>
            {list.staff.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                you={member.email === user?.email}
                busy={change.isPending}
                onRole={(value) => setRole(member, value)}
              />
            ))}
          </ul>
        )}
      </Loaded>

      <AddStaff />
      {data && data.invites.length > 0 && <Invitations invites={data.invites} onNotice={setNotice} />}
    </PageShell>
  );
}

/**
 * Invitations mailed and not yet used: to whom, as what, until when; each can be cancelled. What
 * happened shows in the page's notice (the list goes with its last invitation).
 */
function Invitations({ invites, onNotice }: { invites: StaffInvite[]; onNotice: (notice: Notice) => void }) {
  const cancel = useCancelInvite();
  const latch = useInFlight();
  const setNotice = onNotice;
  const onCancel = (invite: StaffInvite) => {
    if (!latch.begin()) return;
    if (!window.confirm(confirmCancelInvite(invite))) {
      latch.end();
      return;
    }
    setNotice(null);
    cancel.mutate(invite.id, {
      onSuccess: () => setNotice({ tone: 'success', text: `The invitation to ${invite.email} was cancelled.` }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, CANCEL_INVITE_FAILED) }),
      onSettled: () => latch.end(),
    });
  };
  return (
    <AdminPanel
      headingId="staff-invites-heading"
      title="Invitations"
      className="staff-invites"
      tag={false}
      description="Mailed and not used yet: each link works once, for seven days."
    >
      <ul className="admin-stack staff-list" aria-label="Invitations" aria-busy={cancel.isPending}>
        {invites.map((invite) => (
          <li key={invite.id} className="admin-stack__item staff-member row-apart">
            <div className="staff-member__who">
              <strong>{invite.email}</strong>
              <span className="admin-order-row__email">
                {ROLE_LABELS[invite.role]} · invited {formatDate(invite.createdAt)} · until{' '}
                {formatDate(invite.expiresAt)}
              </span>
            </div>
            <button
              type="button"
              className="btn btn--sm btn--outline"
              disabled={cancel.isPending}
              onClick={() => onCancel(invite)}
            >
              Cancel invitation <span className="visually-hidden">to {invite.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

function StaffRow({
  member,
  you,
  busy,
  onRole,
}: {
  member: StaffMember;
  you: boolean;
  busy: boolean;
  onRole: (value: string) => void;
}) {
  const id = useId();
  return (
    <li className="admin-stack__item staff-member row-apart">
      <div className="staff-member__who">
        <strong>
          {member.name || member.email}
          {you && <span className="staff-member__you"> (you)</span>}
        </strong>
        <span className="admin-order-row__email">{member.email}</span>
        {member.disabled && <span className="staff-member__disabled">Account disabled</span>}
      </div>
      <div className="staff-member__role">
        <label htmlFor={id} className="visually-hidden">
          Role of {member.name || member.email}
        </label>
        <Select
          id={id}
          value={member.role}
          disabled={busy}
          onValueChange={onRole}
          options={[...ROLE_OPTIONS, { value: NOT_STAFF, label: 'Not staff' }]}
        />
      </div>
    </li>
  );
}

function AddStaff() {
  const add = useAddStaff();
  const latch = useInFlight();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('packer');
  const [notice, setNotice] = useState<Notice>(null);
  const roleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      latch.end();
      setNotice({ tone: 'error', text: INVALID_EMAIL });
      return;
    }
    setNotice(null);
    add.mutate(
      { email: address, role },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setEmail('');
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ADD_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <AdminPanel
      headingId="staff-add-heading"
      title="Add a member of staff"
      className="staff-add"
      description={
        <>
          Their e-mail and a role. An account with that e-mail gets the role at once (from their next click); anyone
          else is e-mailed an invitation to set a name and password.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Add a member of staff" aria-busy={add.isPending}>
        <FormNotice notice={notice} />
        <div className="admin-form__grid">
          <EmailField
            className="admin-field"
            name={undefined}
            required={false}
            autoComplete="off"
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setNotice(null);
            }}
          />
          <Field id={roleId} label="Role" className="admin-field">
            <Select id={roleId} value={role} onValueChange={setRole} options={ROLE_OPTIONS} />
          </Field>
        </div>
        {/* SPEC's button: every role is an admin of the back office; the role says which. */}
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {add.isPending && <Spinner size="sm" label="Adding…" />}
          Make Admin
        </button>
      </form>
    </AdminPanel>
  );
}
