import { PageShell } from '@/components/PageShell';

/** /reset-password (signed-out only): new password, from the e-mailed oobCode link. */
export default function ResetPasswordPage() {
  return (
    <PageShell title="Reset Password">
      <p className="muted">Choose a new password for your Ankara account.</p>
    </PageShell>
  );
}
