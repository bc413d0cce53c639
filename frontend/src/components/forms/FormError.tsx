type FormErrorProps = {
  /** The id invalid fields point at with aria-describedby. */
  id: string;
  /** Nothing shows while there is no message. */
  message: string | null | undefined;
};

/** A form's error box: an alert above the fields, announced when it appears. */
export function FormError({ id, message }: FormErrorProps) {
  if (message === null || message === undefined) return null;
  return (
    <p id={id} className="alert alert--error" role="alert">
      {message}
    </p>
  );
}
