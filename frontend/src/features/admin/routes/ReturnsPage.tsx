import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useAdminReturns, useDecideReturn, type ReturnDecision, type ReturnFilter } from '../api/returns';
import { FilterBar } from '../components/FilterBar';
import { Loaded } from '../components/Loaded';
import { PageBar } from '../components/PageBar';
import { adminTime } from '../lib/time';
import { REASON_LABELS, RETURN_STATUS_LABELS, WANTS_LABELS } from '@/lib/returns';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { failureMessage } from '@/lib/api';
import { formatNaira } from '@/lib/money';
import { useSession } from '@/lib/session';
import { may, type Endpoint } from '@/lib/staff';
import type { ReturnCondition, ReturnRequest, ReturnSendBack } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';
import { describeVariant } from '@/lib/variants';
import '../admin.css';
import './AdminOrders.css';
import './ReturnsPage.css';

const FAILED = 'Could not save. Please try again.';

const FILTERS: { key: ReturnFilter; label: string }[] = [
  { key: 'requested', label: 'To decide' },
  { key: 'approved', label: 'Coming back' },
  { key: 'received', label: 'Received' },
  { key: 'all', label: 'All' },
];

const SEND_BACK: Record<ReturnSendBack, string> = {
  drop_at_shop: 'Drop at the shop',
  rider_pickup: 'Our rider picks it up',
  courier: 'By courier',
};

const CONDITIONS: Record<ReturnCondition, string> = {
  restock: 'Back on sale',
  write_off: 'Write off',
};

function parseFilter(value: string | null): ReturnFilter {
  return FILTERS.some((f) => f.key === value) ? (value as ReturnFilter) : 'requested';
}

function describe(line: { name: string; size: string | null; color: string | null }): string {
  const options = describeVariant(line);
  return options ? `${line.name} (${options})` : line.name;
}

/**
 * /admin/returns: customers' return and exchange requests with their reasons and photos. Owners
 * and managers approve (saying how to send it back) or refuse; whoever opens the parcel marks it
 * received, back on sale or written off, and what the customer asked for follows.
 */
export default function ReturnsPage() {
  const filter = parseFilter(new URLSearchParams(useSearch()).get('status'));
  const returns = useAdminReturns(filter);
  return (
    <PageShell title="Returns" eyebrow="Admin">
      <PageBar
        state="Approve or refuse what customers send back; mark parcels received as they arrive."
        refresh={returns}
      />
      <FilterBar
        label="Filter returns"
        filters={FILTERS.map((f) => ({
          key: f.key,
          label: f.label,
          href: f.key === 'requested' ? '/admin/returns' : `/admin/returns?status=${f.key}`,
          current: f.key === filter,
        }))}
      />
      <Loaded
        query={returns}
        loading="Loading returns…"
        empty={(data) => data.returns.length === 0 && <Message title="No return requests here." />}
      >
        {(data) => (
          <ol className="admin-stack admin-returns" aria-label="Return requests">
            {data.returns.map((request) => (
              <ReturnRow key={request.id} request={request} />
            ))}
          </ol>
        )}
      </Loaded>
    </PageShell>
  );
}

function ReturnRow({ request }: { request: ReturnRequest }) {
  const { user } = useSession();
  const allowed = (endpoint: Endpoint) => may(user, endpoint);
  const decide = useDecideReturn();
  const latch = useInFlight();
  const [problem, setProblem] = useState<string | null>(null);
  const [sendBack, setSendBack] = useState<ReturnSendBack>('drop_at_shop');
  const [message, setMessage] = useState('');
  const [condition, setCondition] = useState<ReturnCondition>('restock');
  const titleId = `return-${request.id}`;

  const send = (decision: ReturnDecision) => {
    if (!latch.begin()) return;
    setProblem(null);
    decide.mutate(decision, {
      onError: (error) => setProblem(failureMessage(error, FAILED)),
      onSettled: () => latch.end(),
    });
  };

  return (
    <li className="admin-stack__item admin-return" aria-labelledby={titleId}>
      <header className="admin-return__head">
        <h2 id={titleId} className="admin-return__title">
          <Link href={`/admin/orders/${request.orderId}`}>Order #{request.orderNumber}</Link> · {request.customerName}
        </h2>
        <span className="admin-return__status caps">{RETURN_STATUS_LABELS[request.status]}</span>
      </header>
      <p>
        <strong>{WANTS_LABELS[request.wants]}</strong> · {REASON_LABELS[request.reason]}
        {request.note && <> — “{request.note}”</>}
      </p>
      <ul className="admin-return__lines">
        {request.lines.map((line) => (
          <li key={line.position}>
            {line.quantity} × {describe(line)}
            {line.exchange && <> → {describeVariant(line.exchange)}</>}
          </li>
        ))}
      </ul>
      {request.value != null && (
        <p className="muted">
          Paid for these: {formatNaira(request.value)}
          {request.delivery ? ` + delivery ${formatNaira(request.delivery)}` : ''}
        </p>
      )}
      {request.photos.length > 0 && (
        <div className="admin-return__photos">
          {request.photos.map((src, i) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img src={src} alt={`Photo ${i + 1} of the return for order #${request.orderNumber}`} loading="lazy" />
            </a>
          ))}
        </div>
      )}
      {request.message && <p className="admin-return__message">Message: {request.message}</p>}
      {request.exchangeOrderNumber && request.exchangeOrderId && (
        <p>
          Exchange sent as{' '}
          <Link href={`/admin/orders/${request.exchangeOrderId}`}>order #{request.exchangeOrderNumber}</Link>.
        </p>
      )}
      {request.refundState === 'by_hand' && <p className="alert alert--info">Give the money back by hand.</p>}
      {request.refundState === 'sent' && <p className="muted">Refund sent through Paystack.</p>}
      <p className="muted">Asked {adminTime.format(new Date(request.createdAt))}</p>

      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}

      {request.status === 'requested' && allowed('POST /api/admin/returns/{id}/approve') && (
        <div className="admin-return__actions">
          <label>
            How it comes back
            <select value={sendBack} onChange={(e) => setSendBack(e.target.value as ReturnSendBack)}>
              {(Object.keys(SEND_BACK) as ReturnSendBack[]).map((key) => (
                <option key={key} value={key}>
                  {SEND_BACK[key]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Message to the customer
            <textarea rows={2} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <div className="admin-return__buttons">
            <button
              type="button"
              className="btn btn--primary"
              disabled={decide.isPending}
              onClick={() => send({ id: request.id, step: 'approve', sendBack, message })}
            >
              Approve
            </button>
            <button
              type="button"
              className="btn btn--outline"
              disabled={decide.isPending}
              onClick={() =>
                message.trim()
                  ? send({ id: request.id, step: 'refuse', message })
                  : setProblem('Write the customer a message saying why, then refuse.')
              }
            >
              Refuse
            </button>
          </div>
        </div>
      )}

      {request.status === 'approved' && (
        <div className="admin-return__actions">
          <label>
            Condition
            <select value={condition} onChange={(e) => setCondition(e.target.value as ReturnCondition)}>
              {(Object.keys(CONDITIONS) as ReturnCondition[]).map((key) => (
                <option key={key} value={key}>
                  {CONDITIONS[key]}
                </option>
              ))}
            </select>
          </label>
          <div className="admin-return__buttons">
            <button
              type="button"
              className="btn btn--primary"
              disabled={decide.isPending}
              onClick={() => send({ id: request.id, step: 'receive', condition })}
            >
              Mark received
            </button>
            {allowed('POST /api/admin/returns/{id}/close') && (
              <button
                type="button"
                className="btn btn--outline"
                disabled={decide.isPending}
                onClick={() => send({ id: request.id, step: 'close' })}
              >
                Close: nothing came back
              </button>
            )}
          </div>
        </div>
      )}

      {request.refundState === 'due' && allowed('POST /api/admin/returns/{id}/refund') && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={decide.isPending}
          onClick={() => send({ id: request.id, step: 'refund' })}
        >
          Send the refund
        </button>
      )}
    </li>
  );
}
