import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useCreateDiscount, useDiscounts, useSetDiscountPaused, type DiscountCode } from '../api/discounts';
import { AdminPanel, FormNotice, type Notice } from '../components/AdminPanel';
import { ADMIN_FIELD, LimitField, NairaField, TickList } from '../components/Fields';
import { PageBar } from '../components/PageBar';
import {
  codeProblem,
  codeState,
  describeConditions,
  describeDiscount,
  describeUses,
  EMPTY_CODE,
  KIND_LABELS,
  newCodeOf,
  type CodeDraft,
} from '../lib/discounts';
import { Message } from '@/components/Message';
import { PageShell } from '@/components/PageShell';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { useCollections } from '@/lib/collectionsQuery';
import { formatNaira } from '@/lib/money';
import type { Collection, DiscountKind } from '@/lib/types';
import '../admin.css';
import './AdminOrders.css';
import './StockPage.css';
import './DiscountsPage.css';

export const CREATE_FAILED = 'Could not create the code. Please try again.';
export const PAUSE_FAILED = 'Could not change the code. Please try again.';
export const NO_CODES = 'No discount codes yet.';

const STATE_LABELS = {
  paused: 'Paused',
  ended: 'Ended',
  scheduled: 'Not started',
  'used-up': 'Used up',
  live: 'Live',
} as const;

/**
 * /admin/discounts (admins only): every discount code, newest first, with what it takes off, when
 * it can be used, how often it was and what it brought in; each can be paused. New codes are made
 * in the panel that "New code" opens.
 */
export default function DiscountsPage() {
  const { data, isPending, isError, error, isFetching, refetch } = useDiscounts();
  const collections = useCollections();
  const [creating, setCreating] = useState(false);
  const names = useMemo(
    () => new Map((collections.data ?? []).map((c) => [c.id, c.name] as const)),
    [collections.data],
  );
  const [now] = useState(() => Date.now());
  const live = data?.filter((c) => codeState(c, now) === 'live').length ?? 0;
  const none = data?.length === 0;

  return (
    <PageShell title="Discount codes" eyebrow="Admin">
      <PageBar
        state={
          data
            ? `${data.length} ${data.length === 1 ? 'code' : 'codes'}, ${live} live.`
            : 'Codes shoppers type at checkout.'
        }
        refresh={{ refetch, isFetching, isPending }}
      >
        {data && !none && (
          <button
            type="button"
            className={`btn btn--sm ${creating ? 'btn--outline' : 'btn--dark'}`}
            aria-expanded={creating}
            onClick={() => setCreating((c) => !c)}
          >
            {creating ? 'Cancel' : 'New code'}
          </button>
        )}
      </PageBar>

      {(creating || none) && (
        <NewCodeForm
          collections={collections.data ?? []}
          collectionsError={collections.isError}
          // The first code: the form stays open (with its confirmation) once the list is no longer empty.
          onCreated={() => setCreating(true)}
        />
      )}

      <section className="codes" aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="codes__title">
          Codes
        </h2>
        {isPending ? (
          <div className="admin-orders__loading">
            <Spinner size="lg" label="Loading discount codes…" />
          </div>
        ) : isError ? (
          <Message title={`Error: ${error.message}`} tone="error" />
        ) : data.length === 0 ? (
          <Message title={NO_CODES}>Create one above: shoppers type it in their bag before paying.</Message>
        ) : (
          <table className="stock-table codes-table">
            <caption className="visually-hidden">Discount codes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Takes off</th>
                <th scope="col">Conditions</th>
                <th scope="col">Uses</th>
                <th scope="col">Revenue</th>
                <th scope="col">Discounted</th>
                <th scope="col">
                  <span className="visually-hidden">Pause or resume</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((code) => (
                <CodeRow key={code.code} code={code} names={names} now={now} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </PageShell>
  );
}

function CodeRow({ code, names, now }: { code: DiscountCode; names: ReadonlyMap<string, string>; now: number }) {
  const pause = useSetDiscountPaused();
  const [problem, setProblem] = useState<string | null>(null);
  const state = codeState(code, now);
  const conditions = describeConditions(code, names);
  const action = code.paused ? 'Resume' : 'Pause';

  const toggle = () => {
    if (pause.isPending) return;
    setProblem(null);
    pause.mutate(
      { code: code.code, paused: !code.paused },
      { onError: (e) => setProblem(failureMessage(e, PAUSE_FAILED)) },
    );
  };

  return (
    <tr className={`stock-row code-row code-row--${state}`}>
      <th scope="row" className="code-row__code">
        <span className="code-row__name">{code.code}</span>{' '}
        <span className={`admin-badge code-badge--${state}`}>{STATE_LABELS[state]}</span>
      </th>
      <td className="code-row__off" data-label="Takes off">
        {describeDiscount(code)}
      </td>
      <td className="code-row__conditions" data-label="Conditions">
        {conditions.length === 0 ? (
          <span className="muted">Anyone, any time</span>
        ) : (
          <ul>
            {conditions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </td>
      <td className="code-row__uses" data-label="Uses">
        {describeUses(code)}
      </td>
      <td className="code-row__money" data-label="Revenue">
        {formatNaira(code.revenue)}
      </td>
      <td className="code-row__money" data-label="Discounted">
        {formatNaira(code.discounted)}
      </td>
      <td className="code-row__action">
        <button
          type="button"
          className={`btn btn--sm ${code.paused ? 'btn--dark' : 'btn--outline'}`}
          onClick={toggle}
          disabled={pause.isPending}
          aria-label={`${action} ${code.code}`}
        >
          {pause.isPending ? 'Saving...' : action}
        </button>
        <span className="code-row__error" role="alert">
          {problem}
        </span>
      </td>
    </tr>
  );
}

type NewCodeFormProps = {
  collections: ReadonlyArray<Collection>;
  collectionsError: boolean;
  onCreated: () => void;
};

function NewCodeForm({ collections, collectionsError, onCreated }: NewCodeFormProps) {
  const create = useCreateDiscount();
  const [draft, setDraft] = useState<CodeDraft>(EMPTY_CODE);
  const [notice, setNotice] = useState<Notice>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const kindName = useId();

  const set = (change: Partial<CodeDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    if (notice?.tone === 'success') setNotice(null);
  };
  const toggleCollection = (id: string, on: boolean) =>
    set({ collections: on ? [...draft.collections, id] : draft.collections.filter((c) => c !== id) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = codeProblem(draft);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    create.mutate(newCodeOf(draft), {
      onSuccess: (created) => {
        onCreated();
        setDraft(EMPTY_CODE);
        setNotice({ tone: 'success', text: `${created.code} created: ${describeDiscount(created)}.` });
        codeRef.current?.focus();
      },
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, CREATE_FAILED) }),
    });
  };

  return (
    <AdminPanel
      title="New code"
      headingId={headingId}
      className="code-form"
      tag={false}
      description="Shoppers type the code in their bag. Only the code and what it takes off are needed; the rest are conditions."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <FormNotice notice={notice} />
        <fieldset className="bare-fieldset admin-form__fieldset" disabled={create.isPending}>
          <TextField
            className={ADMIN_FIELD}
            label="Code"
            value={draft.code}
            onValueChange={(code) => set({ code })}
            inputRef={codeRef}
            hint="1 to 32 letters, digits, - or _. Shoppers may type it in any case."
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
          />

          <fieldset className="code-kind">
            <legend className="field__label">What it takes off</legend>
            <div className="code-kind__options">
              {(Object.keys(KIND_LABELS) as DiscountKind[]).map((kind) => (
                <label key={kind} className="code-kind__option">
                  <input
                    type="radio"
                    name={kindName}
                    value={kind}
                    checked={draft.kind === kind}
                    onChange={() => set({ kind })}
                  />
                  <span>{KIND_LABELS[kind]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="admin-form__grid">
            {draft.kind === 'percent' && (
              <TextField
                className={ADMIN_FIELD}
                label="Percentage off (%)"
                value={draft.percent}
                onValueChange={(percent) => set({ percent })}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                required
              />
            )}
            {draft.kind === 'fixed' && (
              <NairaField
                label="Amount off (₦)"
                value={draft.amount}
                onValueChange={(amount) => set({ amount })}
                placeholder="e.g. 5000"
              />
            )}
            <NairaField
              label="Minimum spend (₦)"
              optional
              value={draft.minSubtotal}
              onValueChange={(minSubtotal) => set({ minSubtotal })}
              hint="The bag's subtotal before delivery."
            />
          </div>

          <div className="admin-form__grid">
            <TextField
              className={ADMIN_FIELD}
              label="Starts on"
              optional
              type="date"
              value={draft.startsOn}
              onValueChange={(startsOn) => set({ startsOn })}
              hint="From midnight, your time."
            />
            <TextField
              className={ADMIN_FIELD}
              label="Ends on"
              optional
              type="date"
              value={draft.endsOn}
              min={draft.startsOn || undefined}
              onValueChange={(endsOn) => set({ endsOn })}
              hint="Until the end of that day."
            />
          </div>

          <div className="admin-form__grid">
            <LimitField label="Total uses" value={draft.maxUses} onValueChange={(maxUses) => set({ maxUses })} />
            <LimitField
              label="Uses per customer"
              value={draft.perCustomer}
              onValueChange={(perCustomer) => set({ perCustomer })}
            />
          </div>

          <div className="code-collections">
            <p className="field__label" aria-hidden="true">
              Only for these collections<span className="field__optional"> (optional)</span>
            </p>
            <p className="field__hint">None ticked: the whole shop.</p>
            {collectionsError ? (
              <p className="field__error" role="alert">
                Could not load the collections.
              </p>
            ) : (
              <TickList
                legend="Only for these collections (optional)"
                items={collections.map((c) => ({ value: c.id, label: c.name }))}
                checked={draft.collections}
                onToggle={toggleCollection}
              />
            )}
          </div>

          <div className="admin-form__actions">
            <button type="submit" className="btn btn--dark">
              {create.isPending ? 'Creating...' : 'Create code'}
            </button>
          </div>
        </fieldset>
      </form>
    </AdminPanel>
  );
}
