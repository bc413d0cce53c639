import { useId, useState, type FormEvent } from 'react';
import { REASON_LABELS, RETURN_STATUS_LABELS, WANTS_LABELS, useAskReturn, useReturnOptions } from '../api/returns';
import { FormError } from '@/components/forms/FormError';
import { PageSpinner } from '@/components/Spinner';
import { failureMessage } from '@/lib/api';
import { formatDate } from '@/lib/money';
import { describeVariant } from '@/lib/variants';
import type { ReturnAsk, ReturnLineOption, ReturnReason, ReturnRequest, ReturnWants, ReturnWho } from '@/lib/types';
import './ReturnPanel.css';

const MAX_PHOTOS = 3;
const FAILED = "We couldn't send your request. Please check your connection and try again.";

function describe(line: { name: string; size: string | null; color: string | null }): string {
  const options = describeVariant(line);
  return options ? `${line.name} (${options})` : line.name;
}

/**
 * An order's returns: the requests made so far with where each stands, and, while the return
 * window is open, the form: which units go back, why (with up to 3 photos), and what the customer
 * wants instead — another size or colour in stock, store credit, or her money back.
 */
export function ReturnPanel({ who }: { who: ReturnWho }) {
  const options = useReturnOptions(who);
  const [sent, setSent] = useState(false);
  if (options.isPending) return <PageSpinner label="Loading your order…" />;
  if (options.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {failureMessage(options.error, "We couldn't load this order. Please try again.")}
      </p>
    );
  }
  const data = options.data;
  const open = !data.closed && data.lines.some((line) => line.returnable > 0 && !line.openRequest);
  return (
    <section className="returns" aria-label={`Returns for order #${data.orderNumber}`}>
      {sent && (
        <p className="alert alert--success" role="status">
          Your request is sent. We will reply by e-mail.
        </p>
      )}
      {data.requests.length > 0 && <Requests requests={data.requests} />}
      {data.closed ? (
        <p className="alert alert--info">{data.closed}</p>
      ) : open ? (
        <ReturnForm
          who={who}
          lines={data.lines}
          refundByHand={data.refundByHand}
          closesAt={data.closesAt ?? null}
          onSent={() => setSent(true)}
        />
      ) : (
        <p className="alert alert--info">Every item of this order is already in a return request.</p>
      )}
    </section>
  );
}

function Requests({ requests }: { requests: ReturnRequest[] }) {
  return (
    <>
      <h2 className="returns__title">Your requests</h2>
      <ul className="returns__requests">
        {requests.map((request) => (
          <li key={request.id} className="returns__request">
            <p className="returns__status">
              <strong>{RETURN_STATUS_LABELS[request.status]}</strong> · {WANTS_LABELS[request.wants]} ·{' '}
              {REASON_LABELS[request.reason]}
            </p>
            <ul className="returns__lines">
              {request.lines.map((line) => (
                <li key={line.position}>
                  {line.quantity} × {describe(line)}
                  {line.exchange && <> → {describeVariant(line.exchange)}</>}
                </li>
              ))}
            </ul>
            {request.message && <p className="returns__message">{request.message}</p>}
            {request.exchangeOrderNumber && (
              <p>
                Your new items come as order <strong>#{request.exchangeOrderNumber}</strong>.
              </p>
            )}
            <p className="muted returns__date">Asked {formatDate(request.createdAt)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

type Chosen = { quantity: number; exchange: string };

function ReturnForm({
  who,
  lines,
  refundByHand,
  closesAt,
  onSent,
}: {
  who: ReturnWho;
  lines: ReturnLineOption[];
  refundByHand: boolean;
  closesAt: number | null;
  onSent: () => void;
}) {
  const ask = useAskReturn(who);
  const errorId = useId();
  const [picked, setPicked] = useState<Record<number, Chosen>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [wants, setWants] = useState<ReturnWants | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const available = lines.filter((line) => line.returnable > 0 && !line.openRequest);
  const exchangeable = available.some((line) => line.exchangeChoices.length > 0);

  const toggle = (line: ReturnLineOption, on: boolean) =>
    setPicked((current) => {
      const next = { ...current };
      if (on) next[line.position] = { quantity: 1, exchange: '' };
      else delete next[line.position];
      return next;
    });
  const update = (position: number, change: Partial<Chosen>) =>
    setPicked((current) => {
      const pick = current[position];
      return pick ? { ...current, [position]: { ...pick, ...change } } : current;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.entries(picked);
    const missing =
      chosen.length === 0
        ? 'Choose the items to send back.'
        : !reason
          ? 'Choose a reason.'
          : reason === 'other' && !note.trim()
            ? 'Please tell us in a few words why it goes back.'
            : !wants
              ? 'Choose what you would like instead.'
              : wants === 'exchange' && chosen.some(([, pick]) => !pick.exchange)
                ? 'Choose the size or colour you want instead.'
                : null;
    setProblem(missing);
    if (missing || !reason || !wants) return;
    const body: ReturnAsk = {
      lines: chosen.map(([position, pick]) => ({
        position: Number(position),
        quantity: pick.quantity,
        exchangeVariantId: wants === 'exchange' ? pick.exchange : null,
      })),
      reason,
      wants,
      note: note.trim() || null,
    };
    ask.mutate(
      { ask: body, photos },
      {
        onSuccess: () => {
          onSent();
          setPicked({});
          setPhotos([]);
          setNote('');
        },
      },
    );
  };

  const message = problem ?? (ask.isError ? failureMessage(ask.error, FAILED) : null);
  return (
    <form className="returns__form" onSubmit={onSubmit} noValidate aria-label="Return or exchange">
      <h2 className="returns__title">Return or exchange</h2>
      {closesAt && <p className="muted">You can ask until {formatDate(closesAt)}.</p>}
      <FormError id={errorId} message={message} />
      <fieldset className="returns__group">
        <legend>What goes back?</legend>
        {lines.map((line) => {
          const pick = picked[line.position];
          const blocked = line.finalSale
            ? 'Final sale: cannot be returned'
            : line.openRequest
              ? 'A request is open'
              : line.returnable === 0
                ? 'Already returned'
                : null;
          return (
            <div key={line.position} className="returns__line">
              <label className="returns__check">
                <input
                  type="checkbox"
                  checked={Boolean(pick)}
                  disabled={Boolean(blocked)}
                  onChange={(e) => toggle(line, e.target.checked)}
                />
                <span>
                  {describe(line)}
                  {blocked && <span className="muted"> — {blocked}</span>}
                </span>
              </label>
              {pick && line.returnable > 1 && (
                <label className="returns__field">
                  How many
                  <select
                    value={pick.quantity}
                    onChange={(e) => update(line.position, { quantity: Number(e.target.value) })}
                  >
                    {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {pick && wants === 'exchange' && (
                <label className="returns__field">
                  Instead, I want
                  <select value={pick.exchange} onChange={(e) => update(line.position, { exchange: e.target.value })}>
                    <option value="">Choose a size or colour</option>
                    {line.exchangeChoices.map((choice) => (
                      <option key={choice.variantId} value={choice.variantId}>
                        {describeVariant(choice) || 'Another option'}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>
      <label className="returns__field">
        Reason
        <select value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          <option value="">Choose a reason</option>
          {(Object.keys(REASON_LABELS) as ReturnReason[]).map((key) => (
            <option key={key} value={key}>
              {REASON_LABELS[key]}
            </option>
          ))}
        </select>
      </label>
      <label className="returns__field">
        {reason === 'other' ? 'Tell us why' : 'Anything to add (optional)'}
        <textarea value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} />
      </label>
      <fieldset className="returns__group">
        <legend>What would you like instead?</legend>
        {(Object.keys(WANTS_LABELS) as ReturnWants[])
          .filter((key) => key !== 'exchange' || exchangeable)
          .map((key) => (
            <label key={key} className="returns__check">
              <input type="radio" name="wants" value={key} checked={wants === key} onChange={() => setWants(key)} />
              <span>
                {WANTS_LABELS[key]}
                {key === 'refund' && refundByHand && <span className="muted"> — we give it back by hand</span>}
              </span>
            </label>
          ))}
      </fieldset>
      <label className="returns__field">
        Photos (up to {MAX_PHOTOS}, optional)
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, MAX_PHOTOS))}
        />
      </label>
      {photos.length > 0 && (
        <p className="muted">
          {photos.length} {photos.length === 1 ? 'photo' : 'photos'} chosen
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={ask.isPending}>
        {ask.isPending ? 'Sending…' : 'Send my request'}
      </button>
    </form>
  );
}
