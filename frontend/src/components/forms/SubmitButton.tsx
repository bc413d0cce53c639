import type { ReactNode } from 'react';

type SubmitButtonProps = {
  /** While the request runs: the button is disabled and says `pendingLabel`. */
  pending: boolean;
  pendingLabel?: string;
  children: ReactNode;
  className?: string;
  /** Defaults to `pending`; pass more when the form is also done (a reset that succeeded). */
  disabled?: boolean;
};

/** A form's submit button that locks and says what it is doing while its request runs. */
export function SubmitButton({
  pending,
  pendingLabel = 'Saving...',
  children,
  className = 'btn btn--primary',
  disabled = pending,
}: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={disabled}>
      {pending ? pendingLabel : children}
    </button>
  );
}

type SaveCancelButtonsProps = { className: string; pending: boolean; onCancel: () => void };

/** Save and Cancel of an edit form, both locked while the save runs. */
export function SaveCancelButtons({ className, pending, onCancel }: SaveCancelButtonsProps) {
  return (
    <div className={className}>
      <SubmitButton pending={pending}>Save</SubmitButton>
      <button type="button" className="btn btn--outline" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
    </div>
  );
}
