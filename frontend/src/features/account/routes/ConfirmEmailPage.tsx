import { Link, useSearchParams } from 'wouter';
import { TokenActionPage } from '@/components/TokenActionPage';
import { answer, api } from '@/lib/api';

export const CONFIRM_EMAIL_FAILED = 'Could not confirm your e-mail. Please try again.';

/**
 * /confirm-email?token=… (the link mailed from "Confirm your e-mail to use your store credit"):
 * one button, no login needed. Once clicked, the account spends the credit its e-mail holds.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <TokenActionPage
      title="Confirm your e-mail"
      button="Confirm my e-mail"
      pendingLabel="Confirming..."
      failed={CONFIRM_EMAIL_FAILED}
      token={token}
      action={() => answer(api.POST('/api/account/credit/confirm', { body: { token } }))}
      after={
        <p>
          <Link href="/mybag">Go to My Bag</Link>
        </p>
      }
    >
      <p>Confirm that this e-mail address is yours, to use the store credit it holds at checkout.</p>
    </TokenActionPage>
  );
}
