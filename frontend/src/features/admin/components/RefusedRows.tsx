type RefusedRowsProps = {
  /** The rows of an uploaded CSV the server refused, by line. */
  errors: ReadonlyArray<{ line: number; message: string }>;
  className?: string;
  label?: string;
};

/** "Line 4: …" for each refused row of an upload (stock sheet, products import); nothing when none. */
export function RefusedRows({ errors, className, label }: RefusedRowsProps) {
  if (errors.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {errors.map((e) => (
        <li key={`${e.line}-${e.message}`}>
          <strong>Line {e.line}:</strong> {e.message}
        </li>
      ))}
    </ul>
  );
}
