import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useGrantAdmin } from '../api/admins';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { serverReason } from '@/lib/api';
import { EMAIL_PATTERN } from '@/lib/forms';
import { useSession } from '@/lib/session';
import './AdminManagementPage.css';

export const NOT_ADMIN = 'You must be an admin to view this page.';

type Outcome = { ok: boolean; message: string } | null;

/** /adminmanagement (admins only): an e-mail field and Make Admin. */
export default function AdminManagementPage() {
  const { user } = useSession();
  const grant = useGrantAdmin();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const messageId = useId();

  if (!user?.admin) {
    return (
      <PageShell title="Admin Management">
        <p className="alert alert--error" role="alert">
          {NOT_ADMIN}
        </p>
      </PageShell>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (grant.isPending) return;
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setOutcome({ ok: false, message: 'Please enter a valid email address.' });
      return;
    }
    setOutcome(null);
    grant.mutate(address, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, message: answer.message });
        setEmail('');
      },
      onError: (error) => setOutcome({ ok: false, message: serverReason(error) ?? error.message }),
    });
  };

  return (
    <PageShell title="Admin Management" eyebrow="Admin">
      <div className="grant-admin">
        <p className="muted">
          Give another account the admin role. They get the admin tools the next time their session refreshes (within
          the hour), or when they sign in again.
        </p>
        <form onSubmit={onSubmit} noValidate aria-label="Make admin" aria-busy={grant.isPending}>
          {outcome && (
            <p
              id={messageId}
              className={`alert ${outcome.ok ? 'alert--success' : 'alert--error'}`}
              role={outcome.ok ? 'status' : 'alert'}
            >
              {outcome.message}
            </p>
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            errorId={outcome && !outcome.ok ? messageId : undefined}
          />
          <button type="submit" className="btn btn--primary" disabled={grant.isPending}>
            {grant.isPending && <Spinner size="sm" label="Granting admin role…" />}
            Make Admin
          </button>
        </form>
      </div>
      <nav className="admin-shortcuts" aria-label="Back office">
        <h2 className="admin-shortcuts__title">Back office</h2>
        <ul>
          <li>
            <Link href="/admin/orders" className="btn btn--outline">
              Orders
            </Link>
          </li>
          <li>
            <Link href="/admin/stock" className="btn btn--outline">
              Stock
            </Link>
          </li>
          <li>
            <Link href="/admin/delivery" className="btn btn--outline">
              Delivery
            </Link>
          </li>
          <li>
            <Link href="/admin/discounts" className="btn btn--outline">
              Discount codes
            </Link>
          </li>
          <li>
            <Link href="/admin/messages" className="btn btn--outline">
              Messages
            </Link>
          </li>
        </ul>
      </nav>
    </PageShell>
  );
}
