import { PageShell } from '@/components/PageShell';

/** /adminmanagement (admins only). */
export default function AdminManagementPage() {
  return (
    <PageShell title="Admin Management">
      <p className="muted">Grant the admin role to another user by e-mail.</p>
    </PageShell>
  );
}
