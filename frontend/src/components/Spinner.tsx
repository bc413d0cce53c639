import './Spinner.css';

type SpinnerProps = { label?: string; size?: 'sm' | 'md' | 'lg' };

/** An accessible busy indicator. */
export function Spinner({ label = 'Loading…', size = 'md' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for route-level loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
