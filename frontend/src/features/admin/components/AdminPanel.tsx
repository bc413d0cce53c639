import type { ReactNode } from 'react';
import '../admin.css';

type AdminPanelProps = {
  title: string;
  /** Id for the heading, so the panel's form can be labelled by it. */
  headingId: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The "Admin" label; off where the control that opened the panel already carries it. */
  tag?: boolean;
};

/** The frame of every admin tool: a dashed "Admin" panel, clearly not part of the shop window. */
export function AdminPanel({ title, headingId, description, children, className, tag = true }: AdminPanelProps) {
  return (
    <section className={`admin-panel${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <header className="admin-panel__head">
        {tag && <AdminTag />}
        <h2 id={headingId} className="admin-panel__title">
          {title}
        </h2>
        {description && <p className="admin-panel__description">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** The small "Admin" label on admin-only controls. */
export function AdminTag() {
  return <span className="admin-tag">Admin</span>;
}

export type Notice = { tone: 'error' | 'success'; text: string } | null;

/** A form's outcome: an alert for errors, a polite status for successes. */
export function FormNotice({ notice }: { notice: Notice }) {
  // Both live regions are always in the page, so screen readers announce a message when it appears.
  return (
    <>
      <div role="alert" className="admin-notice-region">
        {notice?.tone === 'error' && <p className="alert alert--error admin-notice">{notice.text}</p>}
      </div>
      <div role="status" className="admin-notice-region">
        {notice?.tone === 'success' && <p className="alert alert--success admin-notice">{notice.text}</p>}
      </div>
    </>
  );
}

type UploadProgressProps = {
  percent: number;
  /** "42%" or "42.37%". */
  format: (percent: number) => string;
};

/** "Uploading… 42%" over a progress bar. */
export function UploadProgress({ percent, format }: UploadProgressProps) {
  const text = `Uploading… ${format(percent)}`;
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width * 100) / 100}
        aria-valuetext={text}
      >
        <span className="upload-progress__fill" style={{ width: `${width}%` }} />
      </div>
      <p className="upload-progress__text" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
