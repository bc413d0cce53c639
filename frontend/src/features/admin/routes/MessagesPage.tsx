import { useContactMessages, type ContactMessage } from '../api/messages';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { PageSpinner } from '@/components/Spinner';
import { SHOP_NAME } from '@/lib/site';
import '../admin.css';

export const NO_MESSAGES = 'No messages yet.';

const timeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/messages (admins only): what visitors sent through the contact form, newest first. */
export default function MessagesPage() {
  const { data: messages, isPending, isError, error, refetch, isFetching } = useContactMessages();

  return (
    <PageShell title="Messages" eyebrow="Admin">
      <PageBar
        state="Messages sent through the Contact Us form. Reply by e-mail."
        refresh={{ refetch, isFetching, isPending }}
      />
      {isPending ? (
        <PageSpinner label="Loading messages…" />
      ) : isError ? (
        <Message title={`Error: ${error.message}`} tone="error" />
      ) : messages.length === 0 ? (
        <Message title={NO_MESSAGES}>
          <p>Messages from the Contact Us page will appear here.</p>
        </Message>
      ) : (
        <>
          <p className="muted" role="status">
            {messages.length} {messages.length === 1 ? 'message' : 'messages'}
          </p>
          <ol className="admin-messages" aria-label="Contact messages">
            {messages.map((m) => (
              <MessageCard key={m.id} message={m} />
            ))}
          </ol>
        </>
      )}
    </PageShell>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const subject = encodeURIComponent(`Re: your message to ${SHOP_NAME}`);
  // Each part encoded, so an address can never add its own mailto fields.
  const at = message.email.lastIndexOf('@');
  const to = `${encodeURIComponent(message.email.slice(0, at))}@${encodeURIComponent(message.email.slice(at + 1))}`;
  return (
    <li className="admin-message">
      <div className="admin-message__head">
        <span className="admin-message__from">{message.email}</span>
        <time className="admin-message__time" dateTime={new Date(message.createdAt).toISOString()}>
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </div>
      <p className="admin-message__body">{message.message}</p>
      <a
        className="btn btn--sm btn--outline admin-message__reply"
        href={`mailto:${to}?subject=${subject}`}
        aria-label={`Reply to ${message.email}`}
      >
        Reply
      </a>
    </li>
  );
}
