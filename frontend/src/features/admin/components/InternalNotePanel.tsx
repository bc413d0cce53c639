import { useState, type FormEvent } from 'react';
import { useSaveInternalNote } from '../api/chatOrders';
import { FormNotice, type Notice, AdminCard } from './AdminPanel';
import { TextAreaField } from './Fields';
import { Spinner } from '@/components/Spinner';
import { failureMessage } from '@/lib/api';
import type { StaffOrder } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const NOTE_SAVED = 'Note saved.';
export const NOTE_REMOVED = 'Note removed.';
export const NOTE_FAILED = 'The note could not be saved. Please try again.';
export const NOTE_MAX = 2000;

/** The shop's own note on an order (every role may write it; never shown to the customer). */
export function InternalNotePanel({ order }: { order: Pick<StaffOrder, 'id' | 'internalNote'> }) {
  const save = useSaveInternalNote(order.id);
  const latch = useInFlight();
  const saved = order.internalNote ?? '';
  const [note, setNote] = useState(saved);
  const [notice, setNotice] = useState<Notice>(null);
  const changed = note.trim() !== saved.trim();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    setNotice(null);
    save.mutate(note.trim(), {
      onSuccess: (answer) => {
        setNote(answer.internalNote ?? '');
        setNotice({ tone: 'success', text: answer.internalNote ? NOTE_SAVED : NOTE_REMOVED });
      },
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, NOTE_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  return (
    <AdminCard headingId="order-note-heading" title="Internal note" className="admin-note">
      <form onSubmit={onSubmit} noValidate aria-label="Internal note" aria-busy={save.isPending}>
        <FormNotice notice={notice} />
        <TextAreaField
          label="For the staff"
          hint="Never shown to the customer. Empty it to remove the note."
          maxLength={NOTE_MAX}
          rows={3}
          value={note}
          onValueChange={(value) => {
            setNote(value);
            setNotice(null);
          }}
        />
        <button type="submit" className="btn btn--dark btn--sm" disabled={save.isPending || !changed}>
          {save.isPending && <Spinner size="sm" label="Saving…" />}
          Save note
        </button>
      </form>
    </AdminCard>
  );
}
