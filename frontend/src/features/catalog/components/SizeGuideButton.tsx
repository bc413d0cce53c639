import { useRef, useState } from 'react';
import { Modal } from '@/components/Modal';
import type { SizeGuide } from '@/lib/types';
import './SizeGuideButton.css';

type SizeGuideButtonProps = {
  guide: SizeGuide;
  /** The collection's name, in the dialog's title. */
  collectionName?: string;
};

/**
 * "Size guide" beside the Size choice: opens the collection's size table in a dialog (a table
 * with column and row headers; Escape, the close button or a click outside closes it).
 */
export function SizeGuideButton({ guide, collectionName }: SizeGuideButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const title = collectionName ? `Size guide: ${collectionName}` : 'Size guide';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="link-button size-guide-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Size guide
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        closeLabel="Close size guide"
        returnFocusRef={buttonRef}
      >
        <div className="size-guide__scroll">
          <table className="size-guide">
            <thead>
              <tr>
                {guide.columns.map((column, i) => (
                  <th key={i} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="size-guide__note muted">Between two sizes? Choose the larger one.</p>
      </Modal>
    </>
  );
}
