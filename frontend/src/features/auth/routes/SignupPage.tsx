import { PageShell } from '@/components/PageShell';

/** /signup (signed-out only): create an account. */
export default function SignupPage() {
  return (
    <PageShell title="Sign Up">
      <p className="muted">Create an Ankara account to keep a bag, save products and pay by card.</p>
    </PageShell>
  );
}
