import { PageShell } from '@/components/PageShell';

/** /login (signed-out only): sign in, with a forgot-password mode. */
export default function LoginPage() {
  return (
    <PageShell title="Login">
      <p className="muted">Sign in with your e-mail and password to shop, save products and track your orders.</p>
    </PageShell>
  );
}
