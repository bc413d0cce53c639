import { useId, useState, type FormEvent } from 'react';
import {
  useGiftCards,
  useIssueGiftCard,
  useSetGiftCardDisabled,
  type GiftCard,
  type IssuedCard,
} from '../api/giftCards';
import { AdminPanel, FormNotice, type Notice } from '../components/AdminPanel';
import { ADMIN_FIELD, NairaField } from '../components/Fields';
import { PageBar } from '../components/PageBar';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { formatDate, formatNaira } from '@/lib/money';
import '../admin.css';
import './AdminOrders.css';
import './StockPage.css';

export const ISSUE_FAILED = 'Could not issue the gift card. Please try again.';
export const CHANGE_FAILED = 'Could not change the gift card. Please try again.';
export const NO_CARDS = 'No gift cards yet.';

/**
 * /admin/gift-cards (owners and managers): issue a gift card with a balance (its code is shown
 * once, to give the customer), and every card with what is left on it; a card can be disabled.
 */
export default function GiftCardsPage() {
  const { data, isPending, isError, error, isFetching, refetch } = useGiftCards();
  const left = data?.reduce((sum, card) => sum + (card.disabledAt ? 0 : card.balance), 0) ?? 0;
  return (
    <PageShell title="Gift cards" eyebrow="Admin">
      <PageBar
        state={
          data
            ? `${data.length} ${data.length === 1 ? 'card' : 'cards'}, ${formatNaira(left)} left to spend.`
            : 'Codes with a balance, spent at checkout.'
        }
        refresh={{ refetch, isFetching, isPending }}
      />
      <IssueForm />
      <section className="codes" aria-labelledby="cards-heading">
        <h2 id="cards-heading" className="codes__title">
          Cards
        </h2>
        {isPending ? (
          <div className="admin-orders__loading">
            <Spinner size="lg" label="Loading gift cards…" />
          </div>
        ) : isError ? (
          <Message title={`Error: ${error.message}`} tone="error" />
        ) : data.length === 0 ? (
          <Message title={NO_CARDS}>Issue one above: the customer types its code at checkout.</Message>
        ) : (
          <table className="stock-table codes-table">
            <caption className="visually-hidden">Gift cards, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col">Issued for</th>
                <th scope="col">Left</th>
                <th scope="col">Note</th>
                <th scope="col">
                  <span className="visually-hidden">Disable or enable</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((card) => (
                <CardRow key={card.id} card={card} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </PageShell>
  );
}

/** "•••• WXYZ": how a card is named once issued (only its last 4 characters are kept readable). */
export function cardName(last4: string): string {
  return `•••• ${last4}`;
}

function CardRow({ card }: { card: GiftCard }) {
  const change = useSetGiftCardDisabled();
  const [problem, setProblem] = useState<string | null>(null);
  const disabled = card.disabledAt != null;
  const action = disabled ? 'Enable' : 'Disable';
  const toggle = () => {
    if (change.isPending) return;
    setProblem(null);
    change.mutate(
      { id: card.id, disabled: !disabled },
      { onError: (e) => setProblem(failureMessage(e, CHANGE_FAILED)) },
    );
  };
  return (
    <tr className="stock-row gift-card-row">
      <th scope="row">
        <span className="code-row__name">{cardName(card.last4)}</span>{' '}
        {disabled && <span className="admin-badge">Disabled</span>}
        <span className="muted"> {formatDate(card.createdAt)}</span>
      </th>
      <td data-label="Issued for">{formatNaira(card.initial)}</td>
      <td data-label="Left">{formatNaira(card.balance)}</td>
      <td data-label="Note">{card.note ?? <span className="muted">—</span>}</td>
      <td className="code-row__action">
        <button
          type="button"
          className={`btn btn--sm ${disabled ? 'btn--dark' : 'btn--outline'}`}
          onClick={toggle}
          disabled={change.isPending}
          aria-label={`${action} gift card ${card.last4}`}
        >
          {change.isPending ? 'Saving...' : action}
        </button>
        <span className="code-row__error" role="alert">
          {problem}
        </span>
      </td>
    </tr>
  );
}

function IssueForm() {
  const issue = useIssueGiftCard();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [issued, setIssued] = useState<IssuedCard | null>(null);
  const headingId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (issue.isPending) return;
    if (!amount.trim()) return setNotice({ tone: 'error', text: "Enter the gift card's amount." });
    setNotice(null);
    issue.mutate(
      { amount: amount.trim(), note: note.trim() || null },
      {
        onSuccess: (card) => {
          setIssued(card);
          setAmount('');
          setNote('');
          setNotice({ tone: 'success', text: `Gift card issued for ${formatNaira(card.card.initial)}.` });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, ISSUE_FAILED) }),
      },
    );
  };

  return (
    <AdminPanel
      title="Issue a gift card"
      headingId={headingId}
      tag={false}
      description="The code is shown once: copy it for the customer. She types it at checkout and spends it in parts until it is empty."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <NairaField label="Amount (₦)" value={amount} onValueChange={setAmount} placeholder="25000" />
        <TextField
          className={ADMIN_FIELD}
          label="Note"
          optional
          value={note}
          onValueChange={setNote}
          maxLength={200}
          hint="Who it is for, or why. Only staff see it."
        />
        <button type="submit" className="btn btn--dark" disabled={issue.isPending}>
          {issue.isPending ? 'Issuing...' : 'Issue gift card'}
        </button>
      </form>
      <FormNotice notice={notice} />
      {issued && (
        <p className="gift-card-code">
          Code: <strong data-testid="gift-card-code">{issued.code}</strong>
        </p>
      )}
    </AdminPanel>
  );
}
