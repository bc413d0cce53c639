import { PageShell } from '@/components/PageShell';

/** /myaccount (signed-in only). */
export default function AccountPage() {
  return (
    <PageShell title="My Account">
      <p className="muted">Your profile, contact details and shortcuts to your bag, orders and saved items.</p>
    </PageShell>
  );
}
