import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { PageShell } from '@/components/PageShell';
import { answer, api, failureMessage, type ApiError } from '@/lib/api';

export const UNSUBSCRIBE_FAILED = 'Could not unsubscribe you. Please try again.';

/**
 * /unsubscribe?token=… (the link in every bag reminder): one button, no login. It waits for the
 * click rather than acting on opening, since mail scanners open links too.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation<{ message: string }, ApiError>({
    mutationFn: () => answer(api.POST('/api/mail/unsubscribe', { params: { query: { token } } })),
  });
  return (
    <PageShell title="Unsubscribe">
      <div role="status" aria-live="polite">
        {unsubscribe.isSuccess && <p className="alert alert--success">{unsubscribe.data.message}</p>}
      </div>
      {unsubscribe.isError && (
        <p className="alert alert--error" role="alert">
          {failureMessage(unsubscribe.error, UNSUBSCRIBE_FAILED)}
        </p>
      )}
      {!unsubscribe.isSuccess && (
        <>
          <p>Stop the e-mails that remind you of a checkout you did not finish. Order e-mails still come.</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!token || unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            Unsubscribe
          </button>
        </>
      )}
    </PageShell>
  );
}
