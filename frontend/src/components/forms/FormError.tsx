import { useEffect, useRef } from 'react';

type FormErrorProps = {
  /** The id invalid fields point at with aria-describedby. */
  id: string;
  /** Nothing shows while there is no message. */
  message: string | null | undefined;
  /**
   * When the box appears out of sight (a long form on a phone, the field at fault far below), it
   * is scrolled into view and takes the focus, so the message is read and seen.
   */
  intoView?: boolean;
};

/** The sticky header's height: a box under it is out of sight too. */
const HEADER_PX = 72;

/** A form's error box: an alert above the fields, announced when it appears. */
export function FormError({ id, message, intoView = false }: FormErrorProps) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!intoView || !message || !element) return;
    const rect = element.getBoundingClientRect();
    // Not laid out (no layout engine): nothing to judge.
    if (rect.height === 0) return;
    if (rect.top >= HEADER_PX && rect.bottom <= window.innerHeight) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [intoView, message]);
  if (message === null || message === undefined) return null;
  return (
    <p ref={box} id={id} className="alert alert--error form-error focus-target" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}
