import { useState } from 'react';
import { useFailedMail, useRetryMail, type FailedMail } from '../api/mail';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { PageSpinner } from '@/components/Spinner';
import { failureMessage } from '@/lib/api';
import '../admin.css';

export const NO_FAILED_MAIL = 'No failed mail.';
export const RETRY_FAILED = 'Could not put the mail back in line. Please try again.';

const timeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** What a mail is about, in the merchant's words. */
const KINDS: Record<string, string> = {
  order: 'Order',
  order_status: 'Order update',
  refund: 'Refund',
  reset: 'Password reset',
  claim: 'Earlier orders link',
  pay_link: 'Pay link',
  contact: 'Contact form',
  low_stock: 'Low stock',
  back_in_stock: 'Back in stock',
  bag_reminder: 'Bag reminder',
  order_message: 'Order update',
};

/** How a message goes: e-mail, SMS or WhatsApp (the outbox carries all three). */
export const CHANNELS: Record<string, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

/**
 * /admin/mail (owners and managers): mail the shop could not send after every attempt, with the
 * mail server's last answer, and Retry (one, or all) to put it back in line for the mail worker.
 */
export default function FailedMailPage() {
  const { data: mails, isPending, isError, error, refetch, isFetching } = useFailedMail();
  const retry = useRetryMail();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onRetry = (which: number | 'all') => {
    setNotice(null);
    retry.mutate(which, {
      onSuccess: ({ retried }) =>
        setNotice({ tone: 'success', text: `${retried} ${retried === 1 ? 'mail' : 'mails'} will be sent again.` }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RETRY_FAILED) }),
    });
  };

  return (
    <PageShell title="Failed mail" eyebrow="Admin">
      <PageBar
        state="Mail the shop could not send after every attempt. Fix the cause (the mail server, the address), then retry."
        refresh={{ refetch, isFetching, isPending }}
      />
      <div role="status" aria-live="polite">
        {notice?.tone === 'success' && <p className="alert alert--success">{notice.text}</p>}
      </div>
      {notice?.tone === 'error' && (
        <p className="alert alert--error" role="alert">
          {notice.text}
        </p>
      )}
      {isPending ? (
        <PageSpinner label="Loading failed mail…" />
      ) : isError ? (
        <Message title={`Error: ${error.message}`} tone="error" />
      ) : mails.length === 0 ? (
        <Message title={NO_FAILED_MAIL}>
          <p>Every mail so far has been sent.</p>
        </Message>
      ) : (
        <>
          <div className="admin-inline">
            <p className="muted">
              {mails.length} failed {mails.length === 1 ? 'mail' : 'mails'}
            </p>
            <button
              type="button"
              className="btn btn--sm btn--primary"
              onClick={() => onRetry('all')}
              disabled={retry.isPending}
            >
              Retry all
            </button>
          </div>
          <ol className="admin-messages" aria-label="Failed mail">
            {mails.map((m) => (
              <FailedMailCard key={m.id} mail={m} busy={retry.isPending} onRetry={() => onRetry(m.id)} />
            ))}
          </ol>
        </>
      )}
    </PageShell>
  );
}

function FailedMailCard({ mail, busy, onRetry }: { mail: FailedMail; busy: boolean; onRetry: () => void }) {
  return (
    <li className="admin-message">
      <div className="admin-message__head">
        <span className="admin-message__from">
          {CHANNELS[mail.channel] ?? mail.channel}: {KINDS[mail.kind] ?? mail.kind} to {mail.to}
        </span>
        <time className="admin-message__time" dateTime={new Date(mail.lastAttemptAt).toISOString()}>
          {timeFormat.format(new Date(mail.lastAttemptAt))}
        </time>
      </div>
      <p className="admin-message__body">
        <strong>{mail.subject}</strong>
      </p>
      <p className="muted">
        {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}. Last answer: {mail.reason}
      </p>
      <button
        type="button"
        className="btn btn--sm btn--outline admin-message__reply"
        onClick={onRetry}
        disabled={busy}
        aria-label={`Retry the mail to ${mail.to}: ${mail.subject}`}
      >
        Retry
      </button>
    </li>
  );
}
