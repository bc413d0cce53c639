import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPanel, AdminTag, FormNotice, type Notice } from '../components/AdminPanel';
import { answer, api, failureMessage } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { SizeGuide } from '@/lib/types';

export const SIZE_GUIDE_SAVED = 'Size guide saved';
export const SIZE_GUIDE_REMOVED = 'Size guide removed';
const SAVE_FAILED = 'Could not save the size guide. Please try again.';
const MAX_COLUMNS = 8;
const MAX_ROWS = 40;
const STARTER: SizeGuide = { columns: ['Size', 'UK', 'EU', 'Foot length'], rows: [['', '', '', '']] };

/** PUT /api/collections/{id}/size-guide; no columns or rows removes it. Refreshes the collection's views. */
function useSaveSizeGuide(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guide: SizeGuide) =>
      answer(api.PUT('/api/collections/{id}/size-guide', { params: { path: { id: collectionId } }, body: guide })),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.collections.all }),
  });
}

/**
 * Collection page (admins only): "Edit size guide" opens the collection's size table as a grid of
 * short texts — headings on top, one row per size — with rows and columns to add and remove. The
 * product pages of the collection open it from their size choice.
 */
export default function SizeGuideSlot({ collectionId, guide }: { collectionId: string; guide: SizeGuide | null }) {
  const [draft, setDraft] = useState<SizeGuide | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSaveSizeGuide(collectionId);
  const headingId = useId();

  const submit = (event: FormEvent, next: SizeGuide) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(next, {
      onSuccess: (collection) => {
        setDraft(null);
        setNotice({ tone: 'success', text: collection.sizeGuide ? SIZE_GUIDE_SAVED : SIZE_GUIDE_REMOVED });
      },
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, SAVE_FAILED) }),
    });
  };

  if (!draft) {
    return (
      <div className="admin-inline">
        <AdminTag />
        <button type="button" className="btn btn--sm btn--dark" onClick={() => setDraft(guide ?? STARTER)}>
          {guide ? 'Edit size guide' : 'Add size guide'}
        </button>
        <FormNotice notice={notice} />
      </div>
    );
  }

  const { columns, rows } = draft;
  const setCell = (r: number, c: number, text: string) =>
    setDraft({ columns, rows: rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? text : cell)) : row)) });
  const setColumn = (c: number, text: string) =>
    setDraft({ columns: columns.map((h, j) => (j === c ? text : h)), rows });
  const addColumn = () => setDraft({ columns: [...columns, ''], rows: rows.map((row) => [...row, '']) });
  const removeColumn = (c: number) =>
    setDraft({ columns: columns.filter((_, j) => j !== c), rows: rows.map((row) => row.filter((_, j) => j !== c)) });
  const addRow = () => setDraft({ columns, rows: [...rows, columns.map(() => '')] });
  const removeRow = (r: number) => setDraft({ columns, rows: rows.filter((_, i) => i !== r) });

  return (
    <AdminPanel
      headingId={headingId}
      title="Size guide"
      className="size-guide-editor"
      description={
        <>
          Shown from the size choice of this collection&apos;s products. Headings on top, one row per size; short texts
          (up to 40 characters).
        </>
      }
    >
      <form onSubmit={(e) => submit(e, draft)} aria-labelledby={headingId}>
        <div className="size-guide-editor__scroll">
          <table className="size-guide-editor__table">
            <thead>
              <tr>
                {columns.map((heading, c) => (
                  <th key={c} scope="col">
                    <div className="size-guide-editor__head">
                      <input
                        className="field__input"
                        aria-label={`Heading ${c + 1}`}
                        maxLength={40}
                        value={heading}
                        onChange={(e) => setColumn(c, e.target.value)}
                      />
                      <button
                        type="button"
                        className="btn btn--sm btn--outline"
                        aria-label={`Remove column ${heading || c + 1}`}
                        onClick={() => removeColumn(c)}
                      >
                        Remove
                      </button>
                    </div>
                  </th>
                ))}
                <td />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>
                      <input
                        className="field__input"
                        aria-label={`Row ${r + 1}, ${columns[c] || `column ${c + 1}`}`}
                        maxLength={40}
                        value={cell}
                        onChange={(e) => setCell(r, c, e.target.value)}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="btn btn--sm btn--outline"
                      aria-label={`Remove row ${r + 1}`}
                      onClick={() => removeRow(r)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="admin-inline size-guide-editor__actions">
          <button
            type="button"
            className="btn btn--sm btn--outline"
            onClick={addRow}
            disabled={rows.length >= MAX_ROWS}
          >
            Add row
          </button>
          <button
            type="button"
            className="btn btn--sm btn--outline"
            onClick={addColumn}
            disabled={columns.length >= MAX_COLUMNS}
          >
            Add column
          </button>
        </div>
        <FormNotice notice={notice} />
        <div className="admin-inline">
          <button type="submit" className="btn btn--sm btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save size guide'}
          </button>
          {guide && (
            <button
              type="button"
              className="btn btn--sm btn--outline"
              disabled={save.isPending}
              onClick={(e) => submit(e, { columns: [], rows: [] })}
            >
              Remove size guide
            </button>
          )}
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      </form>
    </AdminPanel>
  );
}
