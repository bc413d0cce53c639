import { ChipChoice } from './ChipChoice';
import type { NewOrderForm } from './useNewOrderForm';
import { TextAreaField } from '../Fields';
import { SOURCE_LABELS } from '../../lib/chatOrder';
import { Spinner } from '@/components/Spinner';
import { formatNaira } from '@/lib/money';
import { AdminCard } from '../AdminPanel';

/** The customer's words (on the packing slip and receipt) and the staff's own. */
const NOTES = [
  {
    field: 'customerNote',
    label: 'Customer’s note (optional)',
    hint: 'Their words, on the packing slip and receipt: “Call before delivery”.',
    maxLength: 500,
  },
  {
    field: 'note',
    label: 'Internal note (optional)',
    hint: 'For the staff only; never shown to the customer.',
    maxLength: 2000,
  },
] as const;

/** Where the order came from, the customer's note and the staff's. */
export function NotesSection({ form }: { form: NewOrderForm }) {
  const { draft, set } = form;
  return (
    <AdminCard headingId="new-order-notes" title="Source and notes" className="new-order__section">
      <ChipChoice
        legend="Where the order came from"
        name="source"
        labels={SOURCE_LABELS}
        value={draft.source}
        onChange={(v) => set('source', v)}
      />
      {NOTES.map((note) => (
        <TextAreaField
          key={note.field}
          label={note.label}
          hint={note.hint}
          maxLength={note.maxLength}
          rows={2}
          value={draft[note.field]}
          onValueChange={(v) => set(note.field, v)}
        />
      ))}
    </AdminCard>
  );
}

/** The estimate (the server prices the order again), the server's refusal, and the submit button. */
export function SummarySection({ form }: { form: NewOrderForm }) {
  const { draft, figures, problem, pending } = form;
  return (
    <AdminCard headingId="new-order-summary" title="Summary" className="new-order__section new-order__summary">
      <dl className="order-breakdown">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatNaira(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>{draft.delivery === 'pickup' ? 'Pick up in store' : 'Delivery'}</dt>
          <dd>{figures.delivery === null ? '—' : figures.delivery === 0 ? 'Free' : formatNaira(figures.delivery)}</dd>
        </div>
        {figures.discount > 0 && (
          <div className="order-breakdown__discount">
            <dt>Discount</dt>
            <dd>−{formatNaira(figures.discount)}</dd>
          </div>
        )}
        <div className="order-breakdown__total">
          <dt>Total</dt>
          <dd>{figures.total === null ? '—' : formatNaira(figures.total)}</dd>
        </div>
        {draft.deposit !== 'none' && figures.now !== null && figures.total !== null && (
          <>
            <div>
              <dt>Deposit now</dt>
              <dd>{formatNaira(figures.now)}</dd>
            </div>
            <div>
              <dt>Balance later</dt>
              <dd>{formatNaira(Math.max(0, figures.total - figures.now))}</dd>
            </div>
          </>
        )}
      </dl>
      <p className="new-order__note">
        {draft.code.trim()
          ? 'The code’s discount is worked out when the order is created.'
          : 'The shop works the price out again when the order is created; its stock is held at once.'}
      </p>
      {problem?.field === null && (
        <div className="alert alert--error" role="alert">
          <p className="new-order__problem">{problem.message}</p>
          {problem.hint && <p className="new-order__problem">{problem.hint}</p>}
        </div>
      )}
      <button type="submit" className="btn btn--primary btn--block">
        {pending && <Spinner size="sm" label="Creating the order…" />}
        Create order and pay link
      </button>
    </AdminCard>
  );
}
