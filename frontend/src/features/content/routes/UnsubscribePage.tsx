import { useSearchParams } from 'wouter';
import { TokenActionPage } from '@/components/TokenActionPage';
import { answer, api } from '@/lib/api';

export const UNSUBSCRIBE_FAILED = 'Could not unsubscribe you. Please try again.';

/** /unsubscribe?token=… (the link in every bag reminder): one button, no login. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <TokenActionPage
      title="Unsubscribe"
      button="Unsubscribe"
      pendingLabel="Unsubscribe"
      failed={UNSUBSCRIBE_FAILED}
      token={token}
      action={() => answer(api.POST('/api/mail/unsubscribe', { params: { query: { token } } }))}
    >
      <p>Stop the e-mails that remind you of a checkout you did not finish. Order e-mails still come.</p>
    </TokenActionPage>
  );
}
