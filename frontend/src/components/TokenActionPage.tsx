import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PageShell } from './PageShell';
import { failureMessage, type ApiError } from '@/lib/api';

type TokenActionProps = {
  title: string;
  /** What the button does, said before it is clicked. */
  children: ReactNode;
  button: string;
  pendingLabel: string;
  /** What shows when the server gives no reason. */
  failed: string;
  /** Whether the link carried its token (without one the button stays off). */
  token: string;
  /** The request; its answer's `message` is shown once done. */
  action: () => Promise<{ message: string }>;
  /** Shown under the message once done. */
  after?: ReactNode;
};

/**
 * A page a mailed link opens (unsubscribe, confirm a back-in-stock alert): one button, no login.
 * It waits for the click rather than acting on opening, since mail scanners open links too.
 */
export function TokenActionPage({
  title,
  children,
  button,
  pendingLabel,
  failed,
  token,
  action,
  after,
}: TokenActionProps) {
  const act = useMutation<{ message: string }, ApiError>({ mutationFn: action });
  return (
    <PageShell title={title}>
      <div role="status" aria-live="polite">
        {act.isSuccess && <p className="alert alert--success">{act.data.message}</p>}
      </div>
      {act.isError && (
        <p className="alert alert--error" role="alert">
          {failureMessage(act.error, failed)}
        </p>
      )}
      {act.isSuccess ? (
        after
      ) : (
        <>
          {children}
          <button
            type="button"
            className="btn btn--primary"
            disabled={!token || act.isPending}
            onClick={() => act.mutate()}
          >
            {act.isPending ? pendingLabel : button}
          </button>
        </>
      )}
    </PageShell>
  );
}
