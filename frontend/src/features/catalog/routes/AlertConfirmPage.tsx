import { Link, useSearchParams } from 'wouter';
import { TokenActionPage } from '@/components/TokenActionPage';
import { answer, api } from '@/lib/api';

export const ALERT_CONFIRM_FAILED = 'Could not confirm your request. Please try again.';

/**
 * /alerts/confirm?token=… (the link mailed when someone asks to be told a sold-out size is back):
 * one button, no login. Until it is clicked the shop sends that address nothing more.
 */
export default function AlertConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <TokenActionPage
      title="Back-in-stock e-mail"
      button="Yes, e-mail me"
      pendingLabel="Confirming..."
      failed={ALERT_CONFIRM_FAILED}
      token={token}
      action={() => answer(api.POST('/api/alerts/confirm', { params: { query: { token } } }))}
      after={
        <p>
          <Link href="/">Back to the shop</Link>
        </p>
      }
    >
      <p>
        Confirm that you want one e-mail when the size you asked about is back in stock. If you did not ask, close this
        page: we will send nothing more.
      </p>
    </TokenActionPage>
  );
}
