import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './moreIcons';
import { onModalKeyDown } from '@/lib/focusTrap';
import './Modal.css';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Names the close button ("Close size guide"). */
  closeLabel: string;
  children: ReactNode;
  /** Buttons at the foot, always in view. */
  footer?: ReactNode;
  /** `sheet`: slides up from the bottom on phones (a panel on the right from 768px). */
  variant?: 'dialog' | 'sheet';
  className?: string;
  /** Where focus goes back on close (the button that opened it); else whatever had focus at opening. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * A modal dialog: labelled by its title, focus moved in on open and trapped inside, Escape or a
 * click outside closes it, the page behind does not scroll, and focus goes back to whatever
 * opened it. Not rendered while closed.
 */
export function Modal({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  variant = 'dialog',
  className,
  returnFocusRef,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Read at opening: the opener stays mounted while the modal is open.
    const returnTo = returnFocusRef?.current ?? opener;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      returnTo?.focus();
    };
  }, [open, returnFocusRef]);

  if (!open) return null;

  return (
    <div className={`modal-root modal-root--${variant}`}>
      <div className="modal-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={className ? `modal modal--${variant} ${className}` : `modal modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => onModalKeyDown(event, panelRef.current, onClose)}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>
  );
}
